import { eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { env } from "~/utils/env.server";
import { hashPassword } from "./password.server";

/** What may leave the accounts domain: never the password hash or a token. */
export type PublicUser = {
  id: number;
  username: string;
  email: string | null;
  isEmailVerified: boolean;
  forumNotifications: boolean;
  role: Role;
  createdAt: Date;
  /** Moderation (decision 026): the member may not post until then (null or past: may post). */
  silencedUntil: Date | null;
};

export type Role = "member" | "moderator" | "admin";

export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isEmailVerified: users.isEmailVerified,
  forumNotifications: users.forumNotifications,
  role: users.role,
  createdAt: users.createdAt,
  silencedUntil: users.silencedUntil,
};

export async function getUserById(id: number): Promise<PublicUser | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function getUserByUsername(username: string): Promise<PublicUser | null> {
  const [user] = await db
    .select(publicUserColumns)
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return user ?? null;
}

export class UsernameTakenError extends Error {
  constructor() {
    super("This username is already taken. Please choose another.");
  }
}

/** Creates a member. The unique index on lower(username) settles races: the loser gets UsernameTakenError. */
export async function createUser({
  username,
  email = null,
  password,
  isEmailVerified = false,
}: {
  username: string;
  email?: string | null;
  password: string;
  isEmailVerified?: boolean;
}): Promise<PublicUser> {
  const passwordHash = await hashPassword(password);
  try {
    const [user] = await db
      .insert(users)
      .values({ username, email: email?.trim() || null, passwordHash, isEmailVerified })
      .returning(publicUserColumns);
    return user!;
  } catch (error) {
    if (isUniqueViolation(error, "users_username_lower_idx")) throw new UsernameTakenError();
    throw error;
  }
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint_name?: string; cause?: unknown };
  if (e?.code === "23505") return !constraint || e.constraint_name === constraint;
  return e?.cause ? isUniqueViolation(e.cause, constraint) : false;
}

/** Decision 2: admins are members with the admin role, or named in ADMIN_USERNAMES. */
export function isAdminUser(user: Pick<PublicUser, "role" | "username">): boolean {
  if (user.role === "admin") return true;
  const names = env.ADMIN_USERNAMES.split(",")
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return names.includes(user.username.toLowerCase());
}

/** Decision 026: moderators (and every admin) may use the moderation tools. */
export function isModeratorUser(user: Pick<PublicUser, "role" | "username">): boolean {
  return user.role === "moderator" || isAdminUser(user);
}

/**
 * Sets a member's role (scripts/make-admin; the admin roles page goes through the moderation domain, which also
 * records it). Returns null when no such member exists.
 */
export async function setUserRole({ username, role }: { username: string; role: Role }): Promise<PublicUser | null> {
  const [user] = await db
    .update(users)
    .set({ role })
    .where(sql`lower(${users.username}) = lower(${username})`)
    .returning(publicUserColumns);
  return user ?? null;
}
