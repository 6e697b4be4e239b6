import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "#db/client.server";
import { adminApiTokens } from "#db/schema";
import { hashToken, newToken } from "./tokens.server";
import { hasTwoFactor } from "./two-factor.server";
import { getUserById, isAdminUser, type PublicUser } from "./users.server";

/**
 * The admins' bearer tokens for the e-mail export API (issue 46, decision 291), replacing the one shared
 * ADMIN_API_TOKEN of the environment. A token is made on /admin/api-tokens by a signed-in admin who passed the
 * second factor within the re-authentication window, is shown once, is kept as sha-256 only, expires, and can be
 * revoked. It speaks for its admin only while they are an admin with a second factor on: it never stands in for
 * the second factor (turning that off revokes every token of the admin: two-factor.server.ts).
 */
/** What the bearer token looks like: a prefix that names it (secret scanners find it), then 256 random bits. */
export const ADMIN_TOKEN_PREFIX = "noat_";
export const ADMIN_TOKENS_PATH = "/admin/api-tokens";
export const ADMIN_TOKEN_DAY_CHOICES = [7, 30, 90] as const;

export const adminTokenSchema = z.object({
  name: z
    .string({ error: "Name the token (what it is for)." })
    .trim()
    .min(1, { error: "Name the token (what it is for)." })
    .max(80, { error: "A token's name is at most 80 characters." }),
  days: z.coerce
    .number({ error: "Choose how long the token works." })
    .refine((d) => (ADMIN_TOKEN_DAY_CHOICES as readonly number[]).includes(d), {
      error: "Choose how long the token works.",
    }),
});

export type AdminTokenListing = {
  id: number;
  name: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A new token of the admin's: the token itself is in this answer only. */
export async function createAdminApiToken({
  userId,
  name,
  days,
}: {
  userId: number;
  name: string;
  days: number;
}): Promise<{ token: string; id: number; name: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const [row] = await db
    .insert(adminApiTokens)
    .values({ userId, name, tokenHash: hash, expiresAt: sql`now() + make_interval(days => ${days})` })
    .returning({ id: adminApiTokens.id, name: adminApiTokens.name, expiresAt: adminApiTokens.expiresAt });
  return { token: `${ADMIN_TOKEN_PREFIX}${token}`, ...row! };
}

/** The admin's own tokens, newest first (never their hashes). */
export async function listAdminApiTokens(userId: number): Promise<AdminTokenListing[]> {
  return db
    .select({
      id: adminApiTokens.id,
      name: adminApiTokens.name,
      createdAt: adminApiTokens.createdAt,
      expiresAt: adminApiTokens.expiresAt,
      lastUsedAt: adminApiTokens.lastUsedAt,
      revokedAt: adminApiTokens.revokedAt,
    })
    .from(adminApiTokens)
    .where(eq(adminApiTokens.userId, userId))
    .orderBy(desc(adminApiTokens.createdAt), desc(adminApiTokens.id))
    .limit(100);
}

/** Revokes one of the admin's own tokens; false when it is not theirs or was revoked already. */
export async function revokeAdminApiToken({ userId, id }: { userId: number; id: number }): Promise<boolean> {
  const done = await db
    .update(adminApiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(adminApiTokens.id, id), eq(adminApiTokens.userId, userId), isNull(adminApiTokens.revokedAt)))
    .returning({ id: adminApiTokens.id });
  return done.length === 1;
}

/**
 * The admin a bearer token speaks for: a token neither revoked nor expired, of a member who is an admin now with a
 * second factor on; null otherwise. Notes when it was last used (shown in the list).
 */
export async function adminForApiToken(bearer: string): Promise<PublicUser | null> {
  if (!bearer.startsWith(ADMIN_TOKEN_PREFIX) || bearer.length > 100) return null;
  const [row] = await db
    .update(adminApiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(adminApiTokens.tokenHash, hashToken(bearer.slice(ADMIN_TOKEN_PREFIX.length))),
        isNull(adminApiTokens.revokedAt),
        gt(adminApiTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: adminApiTokens.userId });
  if (!row) return null;
  const user = await getUserById(row.userId);
  if (!user || !isAdminUser(user) || !(await hasTwoFactor(user.id))) return null;
  return user;
}
