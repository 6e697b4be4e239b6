import { eq, sql, type SQL } from "drizzle-orm";
import { db } from "#db/client.server";
import { adminNameGrants, users } from "#db/schema";
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

/** The unique index that gives a verified address to one account (decision 295). */
export const VERIFIED_EMAIL_INDEX = "users_verified_email_idx";

/**
 * True (in an UPDATE of `users`) when no other account has this row's address verified: the condition under which
 * this row may count its address as verified (decision 295). Raw SQL so the outer row is named without doubt.
 */
export const addressFreeToVerify = sql<boolean>`not exists (select 1 from users as other where lower(other.email) = lower(users.email) and other.is_email_verified and other.id <> users.id)`;

/**
 * The accounts an address names, for signing in and the recovery mails (decision 295), as a WHERE condition: the
 * account that verified it when there is one (a verified address belongs to one account), else those that only
 * entered it.
 */
export function namedByAddress(email: string): SQL {
  const address = email.trim();
  return sql`lower(${users.email}) = lower(${address}) and (${users.isEmailVerified} or not exists (select 1 from users as verified where lower(verified.email) = lower(${address}) and verified.is_email_verified))`;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint_name?: string; cause?: unknown };
  if (e?.code === "23505") return !constraint || e.constraint_name === constraint;
  return e?.cause ? isUniqueViolation(e.cause, constraint) : false;
}

/**
 * Decision 2 as decision 163 has it: admins are members with the admin role, granted by scripts/make-admin or,
 * once, by ADMIN_USERNAMES to an account that existed when the setting was read (grantConfiguredAdmins).
 */
export function isAdminUser(user: Pick<PublicUser, "role">): boolean {
  return user.role === "admin";
}

/**
 * Reads ADMIN_USERNAMES at boot: a name read for the first time makes its account an admin if the account exists
 * now, and is remembered either way, so an account registered later under that name never becomes admin through
 * the setting. Returns the usernames granted now.
 */
export async function grantConfiguredAdmins(setting = env.ADMIN_USERNAMES): Promise<string[]> {
  const names = [
    ...new Set(
      setting
        .split(",")
        .map((n) => n.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const granted: string[] = [];
  for (const name of names) {
    const username = await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) = ${name}`)
        .limit(1);
      const [read] = await tx
        .insert(adminNameGrants)
        .values({ username: name, userId: account?.id ?? null })
        .onConflictDoNothing()
        .returning({ username: adminNameGrants.username });
      if (!read) return null; // read at an earlier boot: decided then
      if (!account) {
        console.warn(
          `[accounts] ADMIN_USERNAMES names "${name}", which no account has: it will not make a later registration an admin (use npm run make-admin)`,
        );
        return null;
      }
      await tx.update(users).set({ role: "admin" }).where(eq(users.id, account.id));
      return account.username;
    });
    if (username) granted.push(username);
  }
  return granted;
}

/** Decision 026: moderators (and every admin) may use the moderation tools. */
export function isModeratorUser(user: Pick<PublicUser, "role">): boolean {
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
