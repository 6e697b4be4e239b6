import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { sessions } from "#db/schema";
import { RECENT_AUTH_REQUIRED } from "~/accounts/reauth.server";
import * as emailsPage from "~/routes/admin.emails";
import * as emailsApi from "~/routes/api.admin.email-list";
import * as confirmPage from "~/routes/confirm-password";
import { answerOf, routeRequest, settle } from "../support/routes";
import { cookieFor, member } from "./forum-helpers";

/**
 * Re-authentication for admin functions (issue 33, decision 164): the password again when the session last
 * proved it more than 15 minutes ago, on the page (redirect to /confirm-password and back) and the API (401).
 */
describe("requireRecentAuth", () => {
  it("sends a stale admin session to /confirm-password and back; the API answers 401 until then", async () => {
    const admin = await member({ admin: true });
    const cookie = await cookieFor(admin.id);
    await db
      .update(sessions)
      .set({ reauthenticatedAt: sql`now() - interval '16 minutes'` })
      .where(eq(sessions.userId, admin.id));
    const page = (await settle(async () =>
      emailsPage.loader({ request: routeRequest("/admin/emails", { cookie }), params: {}, context: {} } as never),
    )) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/confirm-password?returnTo=%2Fadmin%2Femails");
    const api = (await settle(async () =>
      emailsApi.loader({
        request: routeRequest("/api/admin/email-list", { cookie }),
        params: {},
        context: {},
      } as never),
    )) as Response;
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: string }).error).toBe(RECENT_AUTH_REQUIRED);

    // an admin has a second factor (decision 291): the re-authentication asks for its code too
    const code = await generate({ secret: admin.totpSecret! });
    const confirm = (password: string) =>
      settle(async () =>
        confirmPage.action({
          request: routeRequest("/confirm-password", {
            cookie,
            form: { password, code, returnTo: "/admin/emails" },
          }),
          params: {},
          context: {},
        } as never),
      );
    const wrong = await answerOf(await confirm("not the password"));
    expect(wrong.status).toBe(400);
    const right = (await confirm("Passw0rd!x")) as Response;
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/emails");
    const after = (await settle(async () =>
      emailsApi.loader({
        request: routeRequest("/api/admin/email-list", { cookie }),
        params: {},
        context: {},
      } as never),
    )) as Response;
    expect(after.status).toBe(200);
  });
});
