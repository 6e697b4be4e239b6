import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { privacyHref } from "~/content/privacy";
import { contentMeta } from "~/content/route-helpers";
import { ContentArticle, linkClass } from "~/content/ui/prose";

export async function loader() {
  return { page: pageForRoute("healing") };
}

export default function Healing() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <ContentArticle page={page}>
      <p className="mt-12 max-w-3xl border-t border-violet-200 pt-6">
        <Link to={privacyHref("healing")} className={linkClass}>
          Privacy Policy
        </Link>
      </p>
    </ContentArticle>
  );
}

export const meta = contentMeta("/healing");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
