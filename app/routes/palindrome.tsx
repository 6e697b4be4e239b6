import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { PALINDROME, PALINDROME_DIGIT_SUM, palindromeSteps } from "~/content/palindrome";
import { contentMeta } from "~/content/route-helpers";
import { ContentParts, PageHeader, pageContainerClass } from "~/content/ui/prose";

export async function loader() {
  return { page: pageForRoute("palindrome") };
}

/** The derivation, computed rather than typed: running totals of 9 down to 1 and their digital roots. */
function Derivation() {
  const steps = palindromeSteps();
  return (
    <div className="mt-6 max-w-3xl overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="mb-2 text-left font-semibold">
          Adding 9, 8, 7 … 1 and reducing each total: {PALINDROME}, digit sum {PALINDROME_DIGIT_SUM}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="border border-violet-200 bg-cosmic-light p-2">
              Digit added
            </th>
            <th scope="col" className="border border-violet-200 bg-cosmic-light p-2">
              Running total
            </th>
            <th scope="col" className="border border-violet-200 bg-cosmic-light p-2">
              Digital root
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.added}>
              <td className="border border-violet-200 p-2">{step.added}</td>
              <td className="border border-violet-200 p-2">{step.total}</td>
              <td className="border border-violet-200 p-2 font-bold">{step.root}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Palindrome() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title} subtitle={page.subtitle} image={page.image} imageAlt={page.imageAlt} />
      <ContentParts parts={page.parts} slots={{ derivation: <Derivation /> }} />
    </article>
  );
}

export const meta = contentMeta("/palindrome");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
