import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { privacyHref } from "~/content/privacy";
import { ContentParts, PageHeader, linkClass, pageContainerClass } from "~/content/prose";
import { contentMeta } from "~/content/route-helpers";

export async function loader() {
  return { page: pageForRoute("healing") };
}

export default function Healing() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title} subtitle={page.subtitle} image={page.image} imageAlt={page.imageAlt} />
      <ContentParts parts={page.parts} />
      <p className="mt-12 max-w-3xl border-t border-violet-200 pt-6">
        <Link to={privacyHref("healing")} className={linkClass}>
          Privacy Policy
        </Link>
      </p>
    </article>
  );
}

export const meta = contentMeta("/healing");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
