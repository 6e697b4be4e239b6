import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Every unknown path: the spec's not-found page, with a real 404 status. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export const meta: MetaFunction = () => [{ title: "404 Page Not Found" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
