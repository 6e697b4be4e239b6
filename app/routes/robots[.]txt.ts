import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/content/feeds.server";
import { publicOrigin } from "~/utils/env.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(publicOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
