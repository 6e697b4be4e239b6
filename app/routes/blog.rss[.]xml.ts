import { rssXml } from "~/content/feeds.server";
import { publicOrigin } from "~/utils/env.server";

export async function loader() {
  return new Response(rssXml(publicOrigin()), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
