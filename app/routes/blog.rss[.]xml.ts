import type { LoaderFunctionArgs } from "@remix-run/node";
import { rssFeed } from "~/content/feeds.server";
import { cacheControl } from "~/utils/cache-control";
import { conditionalResponse } from "~/utils/conditional-get.server";
import { publicOrigin } from "~/utils/env.server";

/** GET /blog/rss.xml: the blog's RSS 2.0 feed; conditional GET by ETag or Last-Modified (the newest post's date). */
export async function loader({ request }: LoaderFunctionArgs) {
  const feed = rssFeed(publicOrigin());
  return conditionalResponse(request, feed.xml, {
    lastModified: feed.lastModified,
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": cacheControl.publicFor(3600) },
    orPlainText: true,
  });
}
