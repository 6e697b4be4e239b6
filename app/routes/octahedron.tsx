import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { OCTAHEDRON_FACTS } from "~/content/octahedron";
import { OctahedronDisplay } from "~/content/octahedron-display";
import { octahedronBackLink } from "~/content/palindrome-flag.server";
import { ContentParts, PageHeader, linkClass, pageContainerClass } from "~/content/prose";
import { contentMeta } from "~/content/route-helpers";
import { SiteVideo } from "~/content/video-embed";
import { OctahedronModelSection } from "~/models3d/octahedron-model-section";

export async function loader({ request }: LoaderFunctionArgs) {
  const { backLink, setCookie } = await octahedronBackLink(request);
  return data(
    { page: pageForRoute("octahedron"), backLink },
    { headers: setCookie ? { "Set-Cookie": setCookie, "Cache-Control": "private, no-store" } : undefined },
  );
}

function Facts() {
  const f = OCTAHEDRON_FACTS;
  const rows: [string, number][] = [
    ["Faces", f.faces],
    ["Vertices", f.vertices],
    ["Edges", f.edges],
    ["Total edge length", f.totalEdgeLength],
    ["Length", f.length],
    ["Height", f.height],
    ["Width", f.width],
  ];
  return (
    <dl className="mt-6 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Octahedron facts">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-violet-200 bg-white p-4 text-center">
          <dt className="text-sm font-semibold uppercase tracking-wide">{label}</dt>
          <dd className="mt-1 font-serif text-3xl font-bold text-cosmic">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Octahedron() {
  const { page, backLink } = useLoaderData<typeof loader>();
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title} subtitle={page.subtitle}>
        <p className="mb-4">
          <Link to={backLink.to} className={linkClass}>
            ← {backLink.label}
          </Link>
        </p>
      </PageHeader>
      <OctahedronDisplay />
      <ContentParts
        parts={page.parts}
        slots={{
          facts: <Facts />,
          video: page.video ? (
            <SiteVideo src={page.video.src} title={page.video.title} poster={page.image} />
          ) : null,
        }}
      />
      <OctahedronModelSection />
    </article>
  );
}

export const meta = contentMeta("/octahedron");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
