import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { prefersReducedMotion } from "~/components/link-navigation";
import { pageForRoute } from "~/content/content.server";
import { privacyHref } from "~/content/privacy";
import { contentMeta } from "~/content/route-helpers";
import { textColourOn } from "~/content/ui/principle-list";
import { ContentParts, PageHeader, buttonLinkClass, linkClass, pageContainerClass } from "~/content/ui/prose";
import { principleOf } from "~/numerology/principles";
import { COPYRIGHT } from "~/site";
import { formatDay } from "~/utils/dates";

export async function loader() {
  return { page: pageForRoute("seven-three-one") };
}

/** The three cards: 7 as nothingness, 3 as particle, 1 as change (titles as the spec gives them). */
const CARDS = [
  {
    digit: 7 as const,
    title: "7 Harmony as Nothingness",
    text: "Harmony is the stillness in which nothing is out of place. Before anything stands apart, there is only this unbroken hush: the nothing that is not empty but full, the ground that holds every note before it sounds.",
  },
  {
    digit: 3 as const,
    title: "3 Unity as Particle",
    text: "Three is joining made visible. When two meet and a third is born of their meeting, unity takes a form you can point to: a particle, a point of presence, the first thing that can be counted.",
  },
  {
    digit: 1 as const,
    title: "1 Change",
    text: "One is the spark that moves. Change is the first act of every creation, the fire that turns the particle loose into time, so that what is joined can also grow, travel and return.",
  },
];

function TrinityCards() {
  return (
    <ul className="mt-8 grid max-w-4xl gap-4 md:grid-cols-3" aria-label="The trinity of 7, 3 and 1">
      {CARDS.map((card) => {
        const p = principleOf(card.digit);
        return (
          <li key={card.digit} className="overflow-hidden rounded-xl border border-violet-200 bg-white">
            <div className="px-4 py-3" style={{ backgroundColor: p.hex, color: textColourOn(card.digit) }}>
              <h3 className="font-serif text-xl font-bold">{card.title}</h3>
              <p className="text-sm">
                Universal {p.name} · {p.colour}
              </p>
            </div>
            <p className="p-4">{card.text}</p>
          </li>
        );
      })}
    </ul>
  );
}

export default function SevenThreeOne() {
  const { page } = useLoaderData<typeof loader>();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, []);
  return (
    <article className={pageContainerClass}>
      <nav aria-label="Article" className="mb-6 flex max-w-3xl items-center justify-between">
        <Link to="/blog" className={linkClass}>
          ← Back to Blog
        </Link>
        <Link to="/" aria-label="Home" className="rounded-full p-2 text-cosmic hover:bg-cosmic-light">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="24"
            height="24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
      </nav>
      <PageHeader title={page.title} subtitle={page.subtitle} image={page.image} imageAlt={page.imageAlt}>
        <p className="mb-2 text-sm">
          <time dateTime={page.date}>{formatDay(page.date)}</time>
        </p>
      </PageHeader>
      <ContentParts parts={page.parts} slots={{ cards: <TrinityCards /> }} />
      <p className="mt-10">
        <Link to="/blog" className={buttonLinkClass}>
          Return to Blog
        </Link>
      </p>
      <footer className="mt-12 flex max-w-3xl flex-wrap justify-between gap-2 border-t border-violet-200 pt-6 text-sm">
        <p>{COPYRIGHT}</p>
        <Link to={privacyHref("seven-three-one")} className={linkClass}>
          Privacy Policy
        </Link>
      </footer>
    </article>
  );
}

export const meta = contentMeta("/seven-three-one", "article");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
