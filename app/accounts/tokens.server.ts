import { createHash, randomBytes } from "node:crypto";

/**
 * One-time tokens for e-mailed links: 32 random bytes (base64url) go to the member; only their SHA-256 is
 * stored, so a database leak does not hand out working links. Lookups by hash use the unique indexes.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
