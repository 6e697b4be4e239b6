import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PRINCIPLE_TEXTS } from "~/numerology/principle-texts";
import { DIGITS, principleOf, universalName } from "~/numerology/principles";
import { originFromMatches, pageMeta } from "~/utils/meta";

/** Dark text on light colours (yellow, white, orange), white text on the others. */
function headerText(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lum = [r!, g!, b!].map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const l = 0.2126 * lum[0]! + 0.7152 * lum[1]! + 0.0722 * lum[2]!;
  return l > 0.18 ? "#1c1830" : "#ffffff";
}

/** The cards' texts come with the page's data, so the texts module stays on the server (decision 108). */
export function loader() {
  return {
    texts: DIGITS.map((digit) => {
      const { subtitle, description, keywords } = PRINCIPLE_TEXTS[digit];
      return { subtitle, description, keywords };
    }),
  };
}

export default function Numbers() {
  const { texts } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-4xl font-bold text-ink">Universal Numbers</h1>
      <p className="mt-3 max-w-3xl text-lg">
        Ten digits, ten principles: the way the one reality moves from undivided wholeness through change, distinction,
        meeting and growth, to desire, timing, harmony, memory and complete knowing, and back again.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {DIGITS.map((digit) => {
          const p = principleOf(digit);
          const t = texts[digit]!;
          return (
            <li key={digit} className="overflow-hidden rounded-xl border border-violet-200 bg-white shadow-sm">
              <article aria-labelledby={`number-${digit}`}>
                <header
                  className="flex items-center gap-4 border-b border-violet-200 p-4"
                  style={{ background: p.hex, color: headerText(p.hex) }}
                >
                  <span className="text-4xl font-bold" aria-hidden="true">
                    {digit}
                  </span>
                  <span className="text-sm">
                    {p.colour}
                    {p.element ? ` · ${p.element}` : ""}
                  </span>
                </header>
                <div className="p-4">
                  <h2 id={`number-${digit}`} className="font-serif text-xl font-semibold">
                    <span className="sr-only">{digit}: </span>
                    {universalName(digit)}
                  </h2>
                  <p className="mt-1 font-semibold text-cosmic">{t.subtitle}</p>
                  <p className="mt-2">{t.description}</p>
                  <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Key principles of ${universalName(digit)}`}>
                    {t.keywords.map((k) => (
                      <li key={k} className="rounded-full bg-cosmic-light px-3 py-1 text-sm text-cosmic">
                        {k}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <p className="mt-10 text-sm">
        <Link to="/privacy" className="text-cosmic underline">
          Privacy Policy
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Universal Numbers",
    description:
      "The ten universal principles of the numerology ontology, one per digit from 0 to 9, with their colours and key principles.",
    path: "/numbers",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
