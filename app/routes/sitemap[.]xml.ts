import { sitemapXml } from "~/content/feeds.server";
import { publicOrigin } from "~/utils/env.server";

export async function loader() {
  return new Response(sitemapXml(publicOrigin()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
