import { createHmac } from "node:crypto";
import { isIP } from "node:net";
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

/** Decision 8: IP addresses are stored only as a keyed hash (its own key, decision 080). */
export function hashIp(ip: string): string {
  return createHmac("sha256", env.IP_HASH_SECRET).update(`ip:${ip}`).digest("hex").slice(0, 32);
}

export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  return ip === "::1";
}

/** Development tools (the outbox): only in development, only to this machine; a 404 for everyone else. */
export function requireDevelopmentLoopback(context: { clientIp?: string } | undefined): void {
  if (env.NODE_ENV !== "development" || !isLoopbackAddress(context?.clientIp)) {
    throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

// Control characters: C0 and DEL anywhere (also percent-encoded); C1 and the line/paragraph separators as
// characters (browsers drop or reinterpret all of them in a Location).
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const ASCII_CONTROL = /[\u0000-\u001f\u007f]/;
const OTHER_CONTROL = /[\u0080-\u009f\u2028\u2029]/;
const SENTINEL = "http://redirect.invalid";

function isLocalPathLayer(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && !ASCII_CONTROL.test(value);
}

/** One layer of percent-decoding, byte by byte: enough to see a hidden `/`, `\` or control; never throws. */
function decodeLayer(value: string): string {
  return value.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The one check of every redirect target that comes from a request (`redirectTo`, `returnTo`, decision 083): a
 * path on this site, or `fallback`. Refused: anything not starting with one `/` (schemes, `//host`, relative
 * paths), backslashes, control characters, and the same hidden behind percent-encoding at any depth
 * (`/%09/evil.example`, `/%252F%252Fevil`). The answer is the path as the URL parser normalised it (non-ASCII
 * percent-encoded), so it is always a valid Location header.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string" || to.length > 2048 || OTHER_CONTROL.test(to)) return fallback;
  let layer = to;
  for (let depth = 0; ; depth++) {
    if (!isLocalPathLayer(layer)) return fallback;
    const decoded = decodeLayer(layer);
    if (decoded === layer) break;
    if (depth === 4) return fallback; // still encoded after five layers: nobody legitimate does that
    layer = decoded;
  }
  const url = new URL(to, SENTINEL);
  if (url.origin !== SENTINEL) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
