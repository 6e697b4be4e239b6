import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { ContactDetails } from "~/content/contact";
import { env } from "~/utils/env.server";
import { privacyBackLink } from "~/content/privacy";
import { ContentParts, PageHeader, linkClass, pageContainerClass } from "~/content/prose";
import { contentMeta } from "~/content/route-helpers";

export async function loader({ request }: LoaderFunctionArgs) {
  const from = new URL(request.url).searchParams.get("from");
  return { page: pageForRoute("privacy"), backLink: privacyBackLink(from), contactEmail: env.CONTACT_EMAIL ?? null };
}

export default function Privacy() {
  const { page, backLink, contactEmail } = useLoaderData<typeof loader>();
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title}>
        {backLink ? (
          <p className="mb-4">
            <Link to={backLink.to} className={linkClass}>
              ← {backLink.label}
            </Link>
          </p>
        ) : null}
      </PageHeader>
      <p className="mt-3 font-semibold">{page.subtitle}</p>
      <ContentParts
        parts={page.parts}
        slots={{ contact: <ContactDetails email={contactEmail} purpose="privacy requests, corrections and deletion" /> }}
      />
    </article>
  );
}

export const meta = contentMeta("/privacy");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
