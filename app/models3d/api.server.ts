/**
 * JSON answers of the 3D resource routes as real Responses. Remix 2 (single fetch) sends a resource route's
 * `data(value, { status })` with status 200, so an error status is lost to API clients; a Response keeps it.
 */
export function apiJson(body: unknown, status = 200, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set("Content-Type", "application/json; charset=utf-8");
  if (!merged.has("Cache-Control")) merged.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: merged });
}

export function apiError(error: string, status: number, headers?: HeadersInit): Response {
  return apiJson({ error }, status, headers);
}
