import type { LoaderFunctionArgs } from "@remix-run/node";
import { rssXml } from "~/content/feeds.server";
import { publicOrigin } from "~/utils/env.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(rssXml(publicOrigin(request)), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
