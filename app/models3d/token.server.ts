import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/utils/env.server";

/**
 * Access to converted models. The viewer asks GET /api/3d/viewer-token for a short-lived token (HMAC-signed
 * expiry, nothing stored) and sends it with the model request; pages without JavaScript get links signed for
 * one model. Either way, a model is fetched only by someone who was handed its urn by this site.
 */
export const VIEWER_TOKEN_TTL_SECONDS = 15 * 60;
const LINK_TTL_SECONDS = 24 * 3600;

const sign = (payload: string) =>
  createHmac("sha256", env.SESSION_SECRET).update(`models3d:${payload}`).digest("base64url");

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function issueViewerToken(now = Date.now()): { access_token: string; expires_in: number } {
  const expires = Math.floor(now / 1000) + VIEWER_TOKEN_TTL_SECONDS;
  const payload = `viewer.${expires}`;
  return { access_token: `${payload}.${sign(payload)}`, expires_in: VIEWER_TOKEN_TTL_SECONDS };
}

export function isValidViewerToken(token: string | null | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const match = /^viewer\.(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match) return false;
  if (Number(match[1]) * 1000 < now) return false;
  return safeEqual(match[2]!, sign(`viewer.${match[1]}`));
}

/** A query string (`exp=…&sig=…`) that opens one model's files without a viewer token. */
export function signedModelQuery(urn: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LINK_TTL_SECONDS;
  return `exp=${expires}&sig=${sign(`link.${urn}.${expires}`)}`;
}

export function isValidModelSignature(urn: string, exp: string | null, sig: string | null, now = Date.now()): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now) return false;
  return safeEqual(sig, sign(`link.${urn}.${exp}`));
}

/** Reads the viewer token from `Authorization: Bearer …` or `?token=`, else a signed link, for one urn. */
export function canReadModel(request: Request, urn: string): boolean {
  const url = new URL(request.url);
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (isValidViewerToken(bearer ?? url.searchParams.get("token"))) return true;
  return isValidModelSignature(urn, url.searchParams.get("exp"), url.searchParams.get("sig"));
}
