import { createHash } from "node:crypto";
import fresh from "fresh";
import Negotiator from "negotiator";

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

const PLAIN_TEXT = "text/plain; charset=utf-8";

/**
 * The Content-Type of a text file whose own type some clients cannot show (decision 230): its own, unless the
 * request's Accept prefers `text/plain` to it. lynx asks for `text/html, text/plain, text/sgml, text/css,
 * *\/*;q=0.01` and gets the text it can show, where the file's own type (an RSS feed) would only be offered for
 * download. Feed readers and calendar clients name the type or send `*\/*`, browsers rank it with everything else,
 * and w3m names `application/*` above `text/*`: a tie or a preference keeps the own type, as does no Accept.
 */
export function ownTypeOrPlainText(request: Request, ownType: string): string {
  const accept = request.headers.get("accept") ?? undefined;
  const bare = ownType.split(";")[0]!.trim();
  const chosen = new Negotiator({ headers: { accept } }).mediaType([bare, "text/plain"]);
  return chosen === "text/plain" ? PLAIN_TEXT : ownType;
}

/**
 * The answer to a GET of `body`: 200 with it, or 304 when the request's validators match. `etag` defaults to the
 * hash of the body; `lastModified` is sent only when given. `headers` (Content-Type, Cache-Control, …) go on both.
 * With `orPlainText` the Content-Type is negotiated (`ownTypeOrPlainText`): the answer varies by Accept, and the
 * plain-text representation has an entity tag of its own.
 */
export function conditionalResponse(
  request: Request,
  body: string,
  {
    headers: given,
    etag: ownEtag = etagOf(body),
    lastModified,
    orPlainText = false,
  }: { headers: Record<string, string>; etag?: string; lastModified?: Date | number; orPlainText?: boolean },
): Response {
  let headers = given;
  let etag = ownEtag;
  if (orPlainText) {
    const type = ownTypeOrPlainText(request, given["Content-Type"] ?? PLAIN_TEXT);
    headers = { ...given, "Content-Type": type, Vary: "Accept" };
    if (type === PLAIN_TEXT && type !== given["Content-Type"]) etag = `${ownEtag.slice(0, -1)}-text"`;
  }
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
