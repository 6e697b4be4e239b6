import { robotsTxt } from "~/content/feeds.server";
import { cacheControl } from "~/utils/cache-control";
import { publicOrigin } from "~/utils/env.server";

export async function loader() {
  return new Response(robotsTxt(publicOrigin()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl.publicFor(3600) },
  });
}
