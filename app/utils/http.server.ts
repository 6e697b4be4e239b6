import { createHmac } from "node:crypto";
import { env } from "./env.server";

/** Throws a response when the condition fails: `invariantResponse(topic, "Topic Not Found", { status: 404 })`. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit = { status: 400 },
): asserts condition {
  if (!condition) {
    throw new Response(message, { ...init, headers: { "Content-Type": "text/plain; charset=utf-8", ...init.headers } });
  }
}

/**
 * A JSON error answer of the API: `{ error }` with a 4xx/5xx status. A plain Response, because in a resource
 * route (single fetch) `data(value, { status })` would be answered with 200.
 */
export function jsonError(error: string, status: number, headers?: HeadersInit) {
  return Response.json({ error }, { status, headers });
}

/** Reads a JSON body, answering 400 (not 500) when it is missing or malformed. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) return await request.json();
    if (type.includes("form")) return Object.fromEntries(await request.formData());
    const text = await request.text();
    return text ? JSON.parse(text) : {};
  } catch {
    throw jsonError("The request body is not valid JSON.", 400);
  }
}

/** Merges Set-Cookie and other headers from several helpers into one Headers object. */
export function combineHeaders(...sources: Array<HeadersInit | null | undefined>): Headers {
  const combined = new Headers();
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => combined.append(key, value));
  }
  return combined;
}

/** The visitor's address, as Express resolved it through the trusted proxy (see server.ts). */
export function clientIp(context: { clientIp?: string } | undefined): string {
  return context?.clientIp || "unknown";
}

/** Decision 8: IP addresses are stored only as a keyed hash. */
export function hashIp(ip: string): string {
  return createHmac("sha256", env.SESSION_SECRET).update(`ip:${ip}`).digest("hex").slice(0, 32);
}

/** A redirect target is honoured only when it is a local path (no open redirects). */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
