import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { privacyHref } from "~/content/privacy";
import { contentMeta } from "~/content/route-helpers";
import { ContactDetails } from "~/content/ui/contact";
import { PrincipleList } from "~/content/ui/principle-list";
import { ContentParts, PageHeader, linkClass, pageContainerClass } from "~/content/ui/prose";
import { env } from "~/utils/env.server";

export async function loader() {
  return { page: pageForRoute("about"), contactEmail: env.CONTACT_EMAIL ?? null };
}

export default function About() {
  const { page, contactEmail } = useLoaderData<typeof loader>();
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title} subtitle={page.subtitle} image={page.image} imageAlt={page.imageAlt} />
      <ContentParts
        parts={page.parts}
        slots={{
          principles: <PrincipleList />,
          contact: <ContactDetails email={contactEmail} purpose="bookings and questions" />,
        }}
      />
      <p className="mt-12 max-w-3xl border-t border-violet-200 pt-6">
        <Link to={privacyHref("about")} className={linkClass}>
          Privacy Policy
        </Link>
      </p>
    </article>
  );
}

export const meta = contentMeta("/about");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
