import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { ContentParts, PageHeader, pageContainerClass } from "~/content/prose";
import { contentMeta } from "~/content/route-helpers";

export async function loader() {
  return { page: pageForRoute("nonduality") };
}

export default function Nonduality() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title} subtitle={page.subtitle} image={page.image} imageAlt={page.imageAlt} />
      <ContentParts parts={page.parts} />
    </article>
  );
}

export const meta = contentMeta("/nonduality");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
