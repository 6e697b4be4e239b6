import { createHash } from "node:crypto";
import fresh from "fresh";

/**
 * Conditional GET for the files readers poll (RSS, the sitemap, the sky calendar; decision 151): each answer
 * carries an ETag (a hash of its bytes) and, where the content has a date of its own, Last-Modified; a request
 * whose If-None-Match (or, without it, If-Modified-Since) says the client already has this content gets a 304
 * with no body. The comparison is `fresh`'s, the module Express itself uses (weak comparison of entity tags,
 * If-None-Match before If-Modified-Since, a client's `Cache-Control: no-cache` always gets the whole file).
 */
export function etagOf(text: string | Uint8Array): string {
  return `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
}

/** An HTTP date at whole seconds (what Last-Modified can say). */
export function httpDate(at: Date | number): string {
  return new Date(Math.floor(new Date(at).getTime() / 1000) * 1000).toUTCString();
}

/**
 * The answer to a GET of `body`: 200 with it, or 304 when the request's validators match. `etag` defaults to the
 * hash of the body; `lastModified` is sent only when given. `headers` (Content-Type, Cache-Control, …) go on both.
 */
export function conditionalResponse(
  request: Request,
  body: string,
  {
    headers,
    etag = etagOf(body),
    lastModified,
  }: { headers: Record<string, string>; etag?: string; lastModified?: Date | number },
): Response {
  const validators: Record<string, string> = { ETag: etag };
  if (lastModified !== undefined) validators["Last-Modified"] = httpDate(lastModified);
  const all = { ...headers, ...validators };
  const unchanged = fresh(
    {
      "if-none-match": request.headers.get("if-none-match") ?? undefined,
      "if-modified-since": request.headers.get("if-modified-since") ?? undefined,
      "cache-control": request.headers.get("cache-control") ?? undefined,
    },
    { etag, "last-modified": validators["Last-Modified"] },
  );
  if (unchanged) {
    // RFC 9110 15.4.5: a 304 carries the validators and caching headers, no body and no Content-Type of its own.
    const kept = Object.entries(all).filter(([name]) => !/^content-/i.test(name));
    return new Response(null, { status: 304, headers: kept });
  }
  return new Response(body, { headers: all });
}
