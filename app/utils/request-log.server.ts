/**
 * What the server writes about a request (decision 084): URLs with their secrets blanked, no client address, and
 * a request id that ties an error page or `{ error }` answer to the log line holding the detail.
 */

/** Query parameters that carry a credential: ?token=, ?code=, ?key=, ?api_key=, ?secret=, ?signature=… */
const SECRET_PARAMETER = /token|code|key|secret|password|signature|^sig$|auth/i;

/** Whether a query string names a credential (a reset or verification link's `?token=`, a `?code=`…). */
export function hasSecretParameter(search: URLSearchParams): boolean {
  for (const name of search.keys()) if (SECRET_PARAMETER.test(name)) return true;
  return false;
}

/** A path and query as they may be logged: every secret-looking parameter's value is replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf("?");
  if (question === -1) return withoutHash;
  const query = withoutHash
    .slice(question + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // a broken escape in the name: judge it as written
      }
      return SECRET_PARAMETER.test(name) && equals !== -1 ? `${rawName}=[redacted]` : pair;
    })
    .join("&");
  return `${withoutHash.slice(0, question)}?${query}`;
}

/** An unexpected failure: the detail (stack, SQL, paths) goes to the server log only, under the request's id. */
export function logServerError(requestId: string | undefined, request: Request, error: unknown): void {
  const url = new URL(request.url);
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(
    `[error] request ${requestId ?? "-"}: ${request.method} ${redactUrl(url.pathname + url.search)}\n${detail}`,
  );
}

/** The text an error answer shows instead of the detail. */
export function unexpectedErrorMessage(requestId: string | undefined): string {
  return requestId
    ? `Something went wrong on our side. Please try again in a moment. If it keeps happening, quote request id ${requestId}.`
    : "Something went wrong on our side. Please try again in a moment.";
}
