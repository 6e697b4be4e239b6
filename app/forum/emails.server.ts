import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { getUser } from "~/accounts/session.server";
import { isAdminUser } from "~/accounts/users.server";
import { env } from "~/utils/env.server";

/**
 * The admin e-mail export (decision 2): the members' addresses as JSON, CSV or TXT. Only an admin session or
 * `Authorization: Bearer $ADMIN_API_TOKEN` (compared in constant time) may read it.
 */
export type EmailExport = { emails: string[]; totalEmails: number; exportedAt: string };

export async function exportMemberEmails(): Promise<EmailExport> {
  const rows = await db
    .select({ email: sql<string>`min(${users.email})` })
    .from(users)
    .where(sql`${users.email} is not null and btrim(${users.email}) <> ''`)
    .groupBy(sql`lower(${users.email})`)
    .orderBy(sql`lower(${users.email})`);
  const emails = rows.map((r) => r.email);
  return { emails, totalEmails: emails.length, exportedAt: new Date().toISOString() };
}

/**
 * One CSV cell. A cell starting with = + - @ (or a tab / carriage return) would run as a formula in a
 * spreadsheet: it gets a leading apostrophe. Cells with a comma, quote or line break are quoted.
 */
export function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function emailsToCsv(emails: string[]): string {
  return ["email", ...emails.map(csvCell)].join("\r\n") + "\r\n";
}

export function emailsToTxt(emails: string[]): string {
  return emails.length ? `${emails.join("\n")}\n` : "";
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Whether the request carries the admin API token (Authorization: Bearer …). */
export function hasAdminApiToken(request: Request): boolean {
  const expected = env.ADMIN_API_TOKEN;
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!expected || !match) return false;
  return sameSecret(match[1]!, expected);
}

/** "ok", or the status to answer: 401 without any credential, 403 for a signed-in non-admin or a wrong token. */
export async function authorizeEmailExport(request: Request): Promise<"ok" | 401 | 403> {
  if (hasAdminApiToken(request)) return "ok";
  const user = await getUser(request);
  if (user && isAdminUser(user)) {
    // A browser's admin session must have proved it recently (decision 164); the API token is unchanged.
    await requireRecentAuth(request);
    return "ok";
  }
  if (user || request.headers.has("authorization")) return 403;
  return 401;
}
