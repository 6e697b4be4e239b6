import type { LoaderFunctionArgs } from "@remix-run/node";
import { speakPage } from "~/speech/page-speech.server";
import { cacheControl } from "~/utils/cache-control";
import { SPEECH_BUDGET_SPENT_NOTICE } from "~/utils/paid-budget.server";

/**
 * GET /read-aloud?path=/about&voice=en-US-natalie → audio/mpeg of that page's main content, so a plain link or
 * an `<audio src>` reads a page without JavaScript (the listen link's page, `/listen`, plays it with its
 * transcript). The page is rendered in-process for the visitor (their cookies), its text prepared by the same
 * code the browser uses, and the clip served from the cache when it exists: ETag / If-None-Match, and byte
 * ranges for media players that ask for them.
 */
function textError(message: string, status: number, headers?: HeadersInit) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl.noStore, ...headers },
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const result = await speakPage({ request, context });
  if (!result.ok) {
    return textError(
      result.error,
      result.status,
      result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    );
  }

  const headers = new Headers({
    "Content-Type": "audio/mpeg",
    ETag: result.etag,
    // The clip depends on the visitor's page (cookies): cache privately, revalidate with the ETag.
    "Cache-Control": cacheControl.privateRevalidate,
    "Accept-Ranges": "bytes",
    "Content-Disposition": 'inline; filename="read-aloud.mp3"',
    "X-Audio-Length": result.durationSeconds.toFixed(2),
    "X-Speech-Cache": result.cached ? "hit" : "miss",
  });
  if (result.budgetSpent) headers.set("X-Speech-Notice", SPEECH_BUDGET_SPENT_NOTICE);
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === result.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const audio = result.audio;
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("Range") ?? "");
  if (range && (range[1] || range[2])) {
    const size = audio.byteLength;
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    return new Response(audio.slice(start, end + 1) as Uint8Array<ArrayBuffer>, { status: 206, headers });
  }
  headers.set("Content-Length", String(audio.byteLength));
  return new Response(audio as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
