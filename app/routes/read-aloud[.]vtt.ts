import type { LoaderFunctionArgs } from "@remix-run/node";
import { speakPage } from "~/speech/page-speech.server";
import { sentencesToWebVtt } from "~/speech/webvtt";
import { cacheControl } from "~/utils/cache-control";

/**
 * GET /read-aloud.vtt?path=/about&voice=en-US-natalie → text/vtt: where each sentence of `/read-aloud`'s clip
 * for the same query is heard, for `<track kind="metadata">` beside the audio (decision 192). The same clip
 * and cache: its ETag is the audio's.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const result = await speakPage({ request, context });
  if (!result.ok) {
    return new Response(result.error, {
      status: result.status,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": cacheControl.noStore,
        ...(result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {}),
      },
    });
  }
  const etag = result.etag.replace(/"$/, '-vtt"');
  const headers = {
    "Content-Type": "text/vtt; charset=utf-8",
    ETag: etag,
    "Cache-Control": cacheControl.privateRevalidate,
  };
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(sentencesToWebVtt(result.sentences), { headers });
}
