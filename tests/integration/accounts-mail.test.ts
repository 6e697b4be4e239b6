import { beforeAll, describe, expect, it } from "vitest";
import { call, cookieFrom, formPost, get, jsonPost } from "../support/routes";
import { smtpForFile } from "../support/smtp";
import { drainAccountMail, uniqueName, useOwnDatabase } from "./helpers/accounts";

/**
 * The accounts mails over a real SMTP conversation: a loopback smtp-server receives what nodemailer sends when
 * SMTP_URL is set. The environment is parsed once per process, so SMTP_URL is set before the app's modules load
 * (each vitest file runs in its own process). Mails go out from the job queue, drained here; the file has a
 * database of its own so that no other file's process runs its mail jobs (through the outbox instead of SMTP).
 */
const smtp = smtpForFile();

let app: {
  register: typeof import("~/routes/api.register").action;
  login: typeof import("~/routes/api.login").action;
  forgot: typeof import("~/routes/api.forgot-password").action;
  verify: typeof import("~/routes/verify-email").action;
  resetPage: typeof import("~/routes/reset-password").action;
  apiUser: typeof import("~/routes/api.user").loader;
};

beforeAll(async () => {
  await useOwnDatabase("test_accounts_smtp");
  app = {
    register: (await import("~/routes/api.register")).action,
    login: (await import("~/routes/api.login")).action,
    forgot: (await import("~/routes/api.forgot-password")).action,
    verify: (await import("~/routes/verify-email")).action,
    resetPage: (await import("~/routes/reset-password")).action,
    apiUser: (await import("~/routes/api.user")).loader,
  };
  const { env } = await import("~/utils/env.server");
  expect(env.SMTP_URL).toBe(process.env.SMTP_URL);
});

async function mailTo(address: string, subject: RegExp): Promise<string> {
  await drainAccountMail();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = smtp.mailsTo(address).find((m) => subject.test(decode(m.raw)));
    if (found) return decode(found.raw);
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject}`);
    await smtp.nextMail(500);
  }
}

/** Undoes quoted-printable soft breaks and escapes, enough to read links. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function link(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://[^\\s"<]+${path}\\?token=[A-Za-z0-9_%-]+`));
  if (!match) throw new Error(`no ${path} link in mail:\n${text}`);
  return match[0];
}

describe("account mails over SMTP", () => {
  it("register → verification mail → link verifies; reset mail → new password works, the old one does not", async () => {
    const username = uniqueName("smtp");
    const email = `${username}@example.test`;
    const oldPassword = "OldPass123";
    const newPassword = "NewPass456!";

    const registered = await call(app.register, jsonPost("/api/register", { username, email, password: oldPassword }));
    expect(registered.status).toBe(201);
    const cookie = cookieFrom(registered.headers);

    const verification = await mailTo(email, /Subject: Confirm your email address/);
    const verifyLink = link(verification, "/verify-email");
    const verified = await call(
      app.verify,
      formPost(new URL(verifyLink).pathname + new URL(verifyLink).search, { intent: "verify" }),
    );
    expect(verified.body.result).toBe("verified");
    const me = await call(app.apiUser, get("/api/user", cookie));
    expect(me.body.user).toMatchObject({ username, email, isEmailVerified: true });

    expect((await call(app.forgot, jsonPost("/api/forgot-password", { email }))).status).toBe(200);
    const reset = await mailTo(email, /Subject: Reset your/);
    expect(reset).toContain("expires in 1 hour");
    const token = new URL(link(reset, "/reset-password")).searchParams.get("token")!;
    const done = await call(
      app.resetPage,
      formPost("/reset-password", { token, password: newPassword, confirmPassword: newPassword }),
    );
    expect(done.status).toBe(302);

    const withOld = await call(app.login, jsonPost("/api/login", { username, password: oldPassword }));
    expect(withOld.status).toBe(401);
    const withNew = await call(app.login, jsonPost("/api/login", { username, password: newPassword }));
    expect(withNew.status).toBe(200);
    expect(withNew.body.user.username).toBe(username);
  });
});
