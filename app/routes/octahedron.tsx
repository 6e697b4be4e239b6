import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { octahedronBackLink } from "~/content/palindrome-flag.server";
import { contentMeta } from "~/content/route-helpers";
import { OctahedronDisplay } from "~/content/ui/octahedron-display";
import { ContentParts, PageHeader, linkClass, pageContainerClass } from "~/content/ui/prose";
import { SiteVideo } from "~/content/ui/video-embed";
import { OctahedronModelSection } from "~/models3d/ui/octahedron-model-section";
import { OCTAHEDRON_FACTS } from "~/numerology/octahedron";
import { cacheControl } from "~/utils/cache-control";

export async function loader({ request }: LoaderFunctionArgs) {
  const { backLink, setCookie } = await octahedronBackLink(request);
  return data(
    { page: pageForRoute("octahedron"), backLink },
    { headers: setCookie ? { "Set-Cookie": setCookie, "Cache-Control": cacheControl.privateNoStore } : undefined },
  );
}

/** Each number with what exactly it counts or measures (lengths in units: the side of one of the two unit squares). */
function Facts() {
  const f = OCTAHEDRON_FACTS;
  const rows: [string, number, string][] = [
    ["Faces", f.faces, "triangles, four around each apex"],
    ["Vertices", f.vertices, "the rectangle's four corners and the two apexes"],
    ["Edges", f.edges, "the rectangle's four sides and the eight edges from the apexes to its corners"],
    [
      "Total edge length",
      f.totalEdgeLength,
      "units: the rectangle's border 2 + 1 + 2 + 1 = 6, plus eight apex edges of 1.5",
    ],
    ["Length", f.length, "units: the rectangle's long side, two unit squares side by side"],
    ["Height", f.height, "units: from the lower apex to the upper one"],
    ["Width", f.width, "unit: the rectangle's short side"],
  ];
  return (
    <>
      <dl className="mt-6 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Octahedron facts">
        {rows.map(([label, value, what]) => (
          <div key={label} className="rounded-xl border border-violet-200 bg-white p-4 text-center">
            <dt className="text-sm font-semibold uppercase tracking-wide">{label}</dt>
            <dd className="mt-1 font-serif text-3xl font-bold text-cosmic">{value}</dd>
            <dd className="mt-1 text-sm">{what}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 max-w-3xl text-sm">
        The drawing above and the 3D model below are this same solid, built from the same coordinates: dimensions{" "}
        {f.length} × {f.height} × {f.width} are its length, height and width.
      </p>
    </>
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
          video: page.video ? <SiteVideo src={page.video.src} title={page.video.title} poster={page.image} /> : null,
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
