import { sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { adminForApiToken } from "~/accounts/admin-tokens.server";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { adminLacksSecondFactor, getUser } from "~/accounts/session.server";
import { isAdminUser } from "~/accounts/users.server";

/**
 * The admin e-mail export (decision 2): the members' addresses as JSON, CSV or TXT. Only an admin with a second
 * factor may read it: in a browser session, or through one of their own API tokens (decision 291).
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

/**
 * "ok", or the status to answer: 401 without any credential, 403 for a signed-in non-admin, an admin without a
 * second factor, or a token that is unknown, expired, revoked or no longer an admin's (decision 291). A token is an
 * admin's own (made on /admin/api-tokens); a browser's admin session must also have proved it recently (decision 164).
 */
export async function authorizeEmailExport(request: Request): Promise<"ok" | 401 | 403> {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match && (await adminForApiToken(match[1]!)) ? "ok" : 403;
  }
  const user = await getUser(request);
  if (!user) return 401;
  if (!isAdminUser(user) || (await adminLacksSecondFactor(user))) return 403;
  await requireRecentAuth(request);
  return "ok";
}
