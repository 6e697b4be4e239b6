/**
 * JSON answers of the astrology API. Resource routes return real Responses: under single fetch, a resource
 * route's `data(value, { status, headers })` loses its status and headers (the router unwraps it and Remix
 * re-serialises the value with 200), so an error would go out as 200.
 */
export function apiError(error: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}
