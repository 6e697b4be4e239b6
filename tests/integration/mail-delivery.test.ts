import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { SITE_NAME } from "~/site";
import { smtpForFile } from "../support/smtp";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Every kind of mail the site sends, through a real SMTP conversation (nodemailer to smtp-server on loopback) and
 * read back by mailparser: multipart/alternative with a text and an HTML part, from the one configured sender
 * (the site's name by default), the action (link or button) before any other paragraph, and List-Unsubscribe with
 * RFC 8058 one-click only on the reply notification (decision 154). Then the unsubscribe address, through the
 * production server: a GET (a mail scanner) changes nothing, the page asks to confirm, a mail client's one-click
 * POST from another site unsubscribes (decision 153). The environment is read once per process: SMTP_URL is set
 * before the app's modules are imported.
 */
const smtp = smtpForFile();

beforeAll(async () => {
  const { env } = await import("~/utils/env.server");
  expect(env.SMTP_URL).toBe(process.env.SMTP_URL);
});

const site = serveBuildForFile();

// The app's modules (and forum-helpers, which imports them) load after SMTP_URL is set.
const member: typeof import("./forum-helpers").member = async (...args) =>
  (await import("./forum-helpers")).member(...args);
const cookieFor: typeof import("./forum-helpers").cookieFor = async (...args) =>
  (await import("./forum-helpers")).cookieFor(...args);

async function receivedBy(address: string, count: number): Promise<Array<{ raw: string; mail: ParsedMail }>> {
  const deadline = Date.now() + 10_000;
  while (smtp.mailsTo(address).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const mine = smtp.mailsTo(address);
  expect(mine).toHaveLength(count);
  return Promise.all(mine.map(async (m) => ({ raw: m.raw, mail: await simpleParser(m.raw) })));
}

/** The mail's action: the first link of its HTML part, which must also be the first address in its text. */
function checkActionFirst(mail: ParsedMail, expected: { href: RegExp; label: string }) {
  const html = String(mail.html);
  const text = mail.text ?? "";
  const firstLink = /<a href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(html);
  expect(firstLink, `a link in the HTML of "${mail.subject}"`).not.toBeNull();
  const href = firstLink![1]!.replace(/&amp;/g, "&");
  expect(href).toMatch(expected.href);
  expect(firstLink![2]).toBe(expected.label);
  expect(text.match(/https?:\/\/\S+/)?.[0], `the first address in the text of "${mail.subject}"`).toBe(href);
  expect(text).toContain(`${expected.label}: ${href}`);
  // Nothing but the lead comes before it: no "ignore this message", no reason, no footer.
  for (const part of [html.slice(0, firstLink!.index), text.slice(0, text.indexOf(href))]) {
    expect(part).not.toMatch(/ignore|moderator's reason|You receive this|Stop these e-mails/i);
  }
  const ignore = text.search(/ignore this message/i);
  if (ignore >= 0) expect(ignore).toBeGreaterThan(text.indexOf(href));
}

describe("every kind of mail through real SMTP", () => {
  it("arrives multipart/alternative from the site's sender, its action first, text and HTML alike", async () => {
    const accountMail = await import("~/accounts/account-mail.server");
    const { moderationMail } = await import("~/moderation/notices.server");
    const { sendMail, mailSender } = await import("~/mail/mail.server");
    const { sendReplyNotification } = await import("~/forum/notifications.server");
    const { createPost, createTopic } = await import("~/forum/topics.server");
    const origin = "https://site.example";

    const to = `kinds-${Date.now()}@example.test`;
    await accountMail.sendVerificationMail({ to, username: "ada", origin, token: "tok-verify" });
    await accountMail.sendPasswordResetMail({ to, username: "ada", origin, token: "tok-reset" });
    await accountMail.sendUsernameReminderMail({ to, usernames: ["ada", "ada2"], origin });
    await accountMail.sendEmailChangedMail({ to, username: "ada", newEmail: "new@example.test", origin });
    await accountMail.sendPasswordChangedMail({ to, username: "ada", origin });
    const notices = ["hide", "delete", "warn", "silence", "suspend", "unsilence", "unsuspend"];
    for (const action of notices) {
      const mail = moderationMail({
        action,
        username: "ada",
        reason: "Testing",
        what: "post #2",
        until: new Date("2030-01-01T00:00:00Z"),
        link: `${origin}/forum/topic/7`,
        origin,
      })!;
      await sendMail({ to, ...mail });
    }
    const expected: Array<[RegExp, { href: RegExp; label: string }]> = [
      [/^Confirm your email address/, { href: /\/verify-email\?token=tok-verify$/, label: "Confirm my email address" }],
      [/^Reset your .* password$/, { href: /\/reset-password\?token=tok-reset$/, label: "Choose a new password" }],
      [/username$/, { href: /\/auth$/, label: "Sign in" }],
      [/e-mail address was changed$/, { href: /\/auth\?dialog=reset$/, label: "Reset my password" }],
      [/password was changed$/, { href: /\/auth\?dialog=reset$/, label: "Reset my password" }],
      [/hidden by a moderator$/, { href: /\/forum\/topic\/7$/, label: "See the discussion" }],
      [/removed by a moderator$/, { href: /\/forum$/, label: "Open the forum" }],
      [/^A warning/, { href: /\/forum$/, label: "Open the forum" }],
      [/^You cannot post/, { href: /\/forum$/, label: "Open the forum" }],
      [/account is suspended$/, { href: /\/forum$/, label: "Open the forum" }],
      [/^You can post/, { href: /\/forum$/, label: "Open the forum" }],
      [/no longer suspended$/, { href: /\/auth$/, label: "Sign in" }],
    ];

    // The reply notification, by the path the job takes (the topic's author has an address and notifications on).
    const author = await member({ email: `author-${Date.now()}@example.test`, verified: true });
    const replier = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: "Mail kinds",
      description: null,
      category: "general",
    });
    const reply = await createPost({ topicId: topic.id, authorId: replier.id, content: "A reply\nover two lines" });
    expect(await sendReplyNotification(reply!.post.id)).toBe(true);

    const received = await receivedBy(to, expected.length);
    const [notification] = await receivedBy(author.email!, 1);
    const sender = mailSender();
    expect(sender).toEqual({ name: SITE_NAME, address: "no-reply@localhost" });
    for (const { raw, mail } of [...received, notification!]) {
      expect(mail.headers.get("content-type"), mail.subject).toMatchObject({ value: "multipart/alternative" });
      expect(mail.from?.value).toEqual([sender]);
      expect(raw).toMatch(new RegExp(`^From: ${SITE_NAME} <no-reply@localhost>\\r$`, "m"));
      expect(mail.text?.trim().length).toBeGreaterThan(40);
      expect(String(mail.html)).toMatch(/^<!doctype html><html lang="en">/);
    }
    for (const [i, [subject, action]] of expected.entries()) {
      const { raw, mail } = received[i]!;
      expect(mail.subject).toMatch(subject);
      checkActionFirst(mail, action);
      // Transactional mails and notices are not a list: no List-Unsubscribe.
      expect(raw).not.toMatch(/^List-Unsubscribe/im);
    }

    const { raw, mail } = notification!;
    expect(mail.subject).toBe(`New reply to "${topic.title}"`);
    checkActionFirst(mail, {
      href: new RegExp(`/forum/topic/${topic.id}\\?page=1#post-${reply!.post.number}$`),
      label: "Read the discussion",
    });
    expect(mail.text).toContain("> A reply\n> over two lines");
    // The header section unfolded (a long header line goes on in lines that start with a space).
    const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(head)?.[1];
    expect(unsubscribe).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{16,}&kind=reply$/);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.text).toContain(`Stop these e-mails: ${unsubscribe}`);
    expect(String(mail.html)).toContain(`<a href="${unsubscribe!.replace(/&/g, "&amp;")}">Stop these e-mails</a>`);
  });

  it("a MAIL_FROM with a name keeps it; a bare address goes out under the site's name", async () => {
    const { mailSender } = await import("~/mail/mail.server");
    expect(mailSender("Ontology Desk <desk@example.org>")).toEqual({
      name: "Ontology Desk",
      address: "desk@example.org",
    });
    expect(mailSender("desk@example.org")).toEqual({ name: SITE_NAME, address: "desk@example.org" });
    expect(() => mailSender("not an address")).toThrow(/MAIL_FROM/);
  });
});

describe("the unsubscribe address, as served", () => {
  async function notificationsOf(userId: number): Promise<boolean> {
    const { getUserById } = await import("~/accounts/users.server");
    return (await getUserById(userId))!.forumNotifications;
  }

  async function tokenFor(userId: number): Promise<string> {
    const { sendReplyNotification } = await import("~/forum/notifications.server");
    const { createPost, createTopic } = await import("~/forum/topics.server");
    const replier = await member();
    const { topic } = await createTopic({
      authorId: userId,
      title: "Unsubscribe",
      description: null,
      category: "general",
    });
    const reply = await createPost({ topicId: topic.id, authorId: replier.id, content: "hello" });
    await sendReplyNotification(reply!.post.id);
    const { db } = await import("#db/client.server");
    const { users } = await import("#db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await db.select({ token: users.unsubscribeToken }).from(users).where(eq(users.id, userId));
    return row!.token!;
  }

  const post = (pathname: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${site.base}${pathname}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      redirect: "manual",
    });

  it("GET changes nothing and asks to confirm; the page's form and a one-click POST from another site work", async () => {
    const m = await member({ email: `unsub-${Date.now()}@example.test`, verified: true });
    const token = await tokenFor(m.id);
    const address = `/unsubscribe?token=${token}`;

    // A mail scanner opens the link, twice: nothing changes.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${site.base}${address}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Stop forum e-mails?");
      expect(html).toMatch(
        new RegExp(
          `<form method="post" action="/unsubscribe\\?token=${token}"[^>]*><input type="hidden" name="intent" value="unsubscribe"/>`,
        ),
      );
    }
    const head = await fetch(`${site.base}${address}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await notificationsOf(m.id)).toBe(true);

    // A mail client's one-click POST (RFC 8058): from another site, no cookie, the token the only credential.
    const oneClick = await post(address, "List-Unsubscribe=One-Click", {
      Origin: "https://mail.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(oneClick.status).toBe(200);
    expect(await notificationsOf(m.id)).toBe(false);
    expect(await (await fetch(`${site.base}${address}`)).text()).toContain("You are unsubscribed");

    // The page's own forms, as a browser without JavaScript sends them.
    const own = { Origin: new URL(site.base).origin };
    const back = await post(address, "intent=resubscribe", own);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("Notifications on");
    expect(await notificationsOf(m.id)).toBe(true);
    const off = await post(address, "intent=unsubscribe", own);
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("You are unsubscribed");
    expect(await notificationsOf(m.id)).toBe(false);

    // A POST that says neither, or a token nobody holds: a 400 with a message, nothing changed.
    await post(address, "intent=resubscribe", own);
    const unclear = await post(address, "something=else", own);
    expect(unclear.status).toBe(400);
    expect(await unclear.text()).toContain("Nothing was changed");
    expect(await notificationsOf(m.id)).toBe(true);
    const unknown = await post("/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAA", "List-Unsubscribe=One-Click");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Link not valid");

    // The exception is this address only: a page that reads the visitor's cookie still refuses another site.
    const cookie = await cookieFor(m.id);
    const forged = await post("/user-profile", "intent=notifications&forumNotifications=off", {
      Cookie: cookie,
      Origin: "https://mail.example",
    });
    expect(forged.status).toBe(403);
  });

  it("works in lynx: the page's button unsubscribes", async () => {
    const m = await member({ email: `lynx-${Date.now()}@example.test`, verified: true });
    const token = await tokenFor(m.id);
    const url = `${site.base}/unsubscribe?token=${token}`;
    const dump = spawnSync("lynx", ["-dump", "-nolist", url], { encoding: "utf8" });
    expect(dump.stdout).toContain("Stop forum e-mails?");
    expect(dump.stdout).toMatch(/Unsubscribe/);
    expect(await notificationsOf(m.id)).toBe(true);
    // Keystrokes as a member would type them: search for the button's label, Enter on it submits the form.
    const dir = mkdtempSync(path.join(tmpdir(), "lynx-"));
    const script = path.join(dir, "keys");
    const keys = ["/", ..."Unsubscribe", "^J", "^J", "q", "y"];
    writeFileSync(script, keys.map((key) => `key ${key}\n`).join(""));
    const run = spawnSync("lynx", ["-accept_all_cookies", `-cmd_script=${script}`, url], {
      encoding: "utf8",
      env: { ...process.env, TERM: "vt100", HOME: dir },
      timeout: 30_000,
    });
    rmSync(dir, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Submitting form");
    expect(await notificationsOf(m.id)).toBe(false);
  });
});
