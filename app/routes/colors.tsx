import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { elementEntries } from "~/content/elements";
import { privacyHref } from "~/content/privacy";
import { contentMeta } from "~/content/route-helpers";
import { textColourOn } from "~/content/ui/principle-list";
import { ContentParts, PageHeader, linkClass, pageContainerClass } from "~/content/ui/prose";
import { DIGITS, principleOf, universalName } from "~/numerology/principles";

export async function loader() {
  return { page: pageForRoute("colors") };
}

function ElementCards() {
  return (
    <ul className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-2" aria-label="The four elements">
      {elementEntries().map((entry) => (
        <li key={entry.element} className="rounded-xl border border-violet-200 bg-white p-5">
          <h3 className="font-serif text-2xl font-semibold">
            {entry.digit} · {entry.element}
          </h3>
          <p className="mt-1 text-base">
            {universalName(entry.digit)}, colour {entry.colour}
          </p>
          <p className="mt-2">The element of {entry.meaning}.</p>
          {entry.link ? (
            <p className="mt-2">
              <Link to={entry.link.to} className={linkClass}>
                {entry.link.label}
              </Link>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ColourSwatches() {
  return (
    <ul className="mt-6 grid max-w-3xl gap-3 sm:grid-cols-2" aria-label="The ten colours">
      {DIGITS.map((digit) => {
        const p = principleOf(digit);
        return (
          <li key={digit} className="overflow-hidden rounded-xl border border-stone-300 bg-white">
            <div className="px-4 py-3 font-semibold" style={{ backgroundColor: p.hex, color: textColourOn(digit) }}>
              {digit} · {p.colour}
            </div>
            <p className="px-4 py-2">{universalName(digit)}</p>
          </li>
        );
      })}
    </ul>
  );
}

export default function Colors() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title} subtitle={page.subtitle} image={page.image} imageAlt={page.imageAlt}>
        <p className="mb-4">
          <Link to="/about" className={linkClass}>
            ← Back to About
          </Link>
        </p>
      </PageHeader>
      <ContentParts parts={page.parts} slots={{ elements: <ElementCards />, colors: <ColourSwatches /> }} />
      <p className="mt-12 max-w-3xl border-t border-violet-200 pt-6">
        <Link to={privacyHref("colors")} className={linkClass}>
          Privacy Policy
        </Link>
      </p>
    </article>
  );
}

export const meta = contentMeta("/colors");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
