import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapXml } from "~/content/feeds.server";
import { cacheControl } from "~/utils/cache-control";
import { conditionalResponse } from "~/utils/conditional-get.server";
import { publicOrigin } from "~/utils/env.server";

/**
 * GET /sitemap.xml; conditional GET by ETag only: its list of pages changes with the code, not with a date the site
 * knows, so a Last-Modified could tell a crawler "unchanged" about a new page (decision 151).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return conditionalResponse(request, sitemapXml(publicOrigin()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl.publicFor(3600) },
  });
}
