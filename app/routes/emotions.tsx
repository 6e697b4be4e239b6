import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageForRoute } from "~/content/content.server";
import { contentMeta } from "~/content/route-helpers";
import { ContentArticle } from "~/content/ui/prose";

export async function loader() {
  return { page: pageForRoute("emotions") };
}

export default function Emotions() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentArticle page={page} />;
}

export const meta = contentMeta("/emotions");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
