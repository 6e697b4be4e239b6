import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { contentMeta } from "~/content/route-helpers";
import { ContentArticle } from "~/content/ui/prose";

export async function loader() {
  return { page: pageForRoute("nonduality") };
}

export default function Nonduality() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentArticle page={page} />;
}

export const meta = contentMeta("/nonduality");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
