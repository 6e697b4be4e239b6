import { redirect } from "@remix-run/node";
import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { sessions } from "#db/schema";
import { apiError } from "~/utils/api.server";
import { safeRedirectPath } from "~/utils/http.server";
import { failure, type AccountFailure } from "./errors";
import { checkCurrentPassword } from "./login.server";
import { CODE_OR_RECOVERY_MESSAGE } from "./schemas";
import { requireSession } from "./session.server";
import { checkCode, hasTwoFactor } from "./two-factor.server";
import type { PublicUser } from "./users.server";

/**
 * Re-authentication ("sudo mode", decision 164): admin functions (the e-mail export, role changes, backups) need
 * the member to have proved it is them in this browser within the last RECENT_AUTH_MINUTES: signing in counts, and
 * so does entering the password again at /confirm-password.
 */
export const RECENT_AUTH_MINUTES = 15;
export const CONFIRM_PASSWORD_PATH = "/confirm-password";
export const RECENT_AUTH_REQUIRED = `Confirm your password first (it is asked again after ${RECENT_AUTH_MINUTES} minutes for admin functions).`;

/** The page that asks for the password again and then goes back to `returnTo`. */
export function confirmPasswordHref(returnTo: string): string {
  return `${CONFIRM_PASSWORD_PATH}?returnTo=${encodeURIComponent(safeRedirectPath(returnTo))}`;
}

/**
 * The guard of an admin function, after its role check: the signed-in member if they proved it is them within the
 * last 15 minutes. Otherwise a page is redirected to /confirm-password (and back to `returnTo`, by default the
 * address asked for, after the password); an /api/ address answers 401 JSON that names that page.
 */
export async function requireRecentAuth(
  request: Request,
  { returnTo }: { returnTo?: string } = {},
): Promise<PublicUser> {
  const url = new URL(request.url);
  const api = url.pathname.startsWith("/api/");
  const current = await requireSession(request);
  const [recent] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, current.id),
        gt(sessions.reauthenticatedAt, sql`now() - make_interval(mins => ${RECENT_AUTH_MINUTES})`),
      ),
    )
    .limit(1);
  if (recent) return current.user;
  const back = returnTo ?? (api ? "/" : `${url.pathname}${url.search}`);
  if (api) throw apiError(401, RECENT_AUTH_REQUIRED, {}, { "X-Reauthenticate": confirmPasswordHref(back) });
  throw redirect(confirmPasswordHref(back));
}

/**
 * The password again, and for an account with a second factor a current code (or a recovery code) too (decision
 * 210): on success the session counts as recently authenticated for RECENT_AUTH_MINUTES.
 */
export async function confirmRecentAuth({
  sessionId,
  user,
  password,
  code,
}: {
  sessionId: string;
  user: Pick<PublicUser, "id" | "username">;
  password: string;
  code?: string;
}): Promise<{ ok: true } | AccountFailure> {
  const userId = user.id;
  const checked = await checkCurrentPassword({ userId, password });
  if (!checked.ok) return checked;
  if (await hasTwoFactor(userId)) {
    if (!code?.trim()) return failure(400, CODE_OR_RECOVERY_MESSAGE, "code");
    const second = await checkCode({ user, code, allowRecovery: true });
    if (!second.ok) return second;
  }
  await db
    .update(sessions)
    .set({ reauthenticatedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return { ok: true };
}
