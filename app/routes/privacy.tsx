import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { privacyBackLink } from "~/content/privacy";
import { privacyFacts, type PrivacyFacts } from "~/content/privacy.server";
import { contentMeta } from "~/content/route-helpers";
import { ContactDetails } from "~/content/ui/contact";
import { ContentParts, PageHeader, linkClass, pageContainerClass } from "~/content/ui/prose";
import { env } from "~/utils/env.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const from = new URL(request.url).searchParams.get("from");
  return {
    page: pageForRoute("privacy"),
    backLink: privacyBackLink(from),
    contactEmail: env.CONTACT_EMAIL ?? null,
    facts: privacyFacts(),
  };
}

export default function Privacy() {
  const { page, backLink, contactEmail, facts } = useLoaderData<typeof loader>();
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
        slots={{
          kept: <KeptTable rows={facts.kept} />,
          cookies: <CookieTable rows={facts.cookies} />,
          storage: <StorageTable rows={facts.storage} />,
          providers: <ProviderList providers={facts.providers} />,
          contact: <ContactDetails email={contactEmail} purpose="privacy requests, corrections and deletion" />,
        }}
      />
    </article>
  );
}

const tableClass = "mt-4 w-full max-w-3xl border-collapse text-left text-base";
const cellClass = "border-b border-violet-100 py-2 pr-3 align-top";
const headClass = "border-b-2 border-violet-200 py-2 pr-3";

function KeptTable({ rows }: { rows: PrivacyFacts["kept"] }) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">What the database keeps, what it is tied to, and for how long</caption>
      <thead>
        <tr>
          <th scope="col" className={headClass}>
            What
          </th>
          <th scope="col" className={headClass}>
            Tied to
          </th>
          <th scope="col" className={headClass}>
            How long
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.what}>
            <th scope="row" className={`${cellClass} font-normal`}>
              {row.what}
            </th>
            <td className={cellClass}>{row.tiedTo}</td>
            <td className={cellClass}>{row.howLong}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CookieTable({ rows }: { rows: PrivacyFacts["cookies"] }) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">Every cookie the site sets</caption>
      <thead>
        <tr>
          <th scope="col" className={headClass}>
            Cookie
          </th>
          <th scope="col" className={headClass}>
            What it holds
          </th>
          <th scope="col" className={headClass}>
            How long
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row" className={cellClass}>
              <code>{row.name}</code>
            </th>
            <td className={cellClass}>
              {row.purpose} <span className="text-sm">({row.access})</span>
            </td>
            <td className={cellClass}>{row.lifetime}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StorageTable({ rows }: { rows: PrivacyFacts["storage"] }) {
  return (
    <ul className="mt-4 max-w-3xl list-disc pl-6">
      {rows.map((row) => (
        <li key={row.key}>
          <code>{row.key}</code>: {row.purpose}
        </li>
      ))}
    </ul>
  );
}

function ProviderList({ providers }: { providers: PrivacyFacts["providers"] }) {
  return (
    <ul className="mt-4 max-w-3xl space-y-3">
      {providers.map((provider) => (
        <li key={provider.name}>
          <p>
            <strong>{provider.name}</strong>:{" "}
            {provider.inUse ? "used by this site" : "not used by this site at present"}.
            {provider.inUse ? " It receives:" : " When configured, it would receive:"}
          </p>
          <ul className="list-disc pl-6">
            {provider.sends.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export const meta = contentMeta("/privacy");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
