import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MAIL_QUEUE } from "~/accounts/account-mail.server";
import { registerDomainJobs } from "~/assembly/registry.server";
import { NOTIFICATION_MAIL_QUEUE } from "~/forum/member-notifications.server";
import { createPost, createTopic } from "~/forum/topics.server";
import { drainJobs, dueJobCount, laneOf } from "~/jobs/queue.server";
import { NOTIFICATIONS_PER_RECIPIENT_DAILY, NOTIFICATIONS_PER_SENDER_HOURLY } from "~/mail/notification-budget.server";
import { MODERATION_NOTICE_QUEUE } from "~/moderation/actions.server";
import { action as forgotPassword } from "~/routes/api.forgot-password";
import { call, jsonPost } from "../support/routes";
import { member } from "./forum-helpers";
import { outboxFor, useOwnDatabase } from "./helpers/accounts";

/**
 * Mail budgets that others cannot spend (issue 46, decision 290): notifications have their own lane of workers and
 * their own per-recipient and per-sender budgets, so fifty replies to a member's topic neither use up nor delay the
 * mail of their password reset. Through the real queue (pg-boss) and the outbox, as the other mail tests.
 */
await useOwnDatabase(`test_mail_budgets_${process.pid}`);
registerDomainJobs();

const topicOf = async (authorId: number) =>
  (await createTopic({ authorId, title: `Budget ${Math.random()}`, description: null, category: "general" })).topic;
const notificationsTo = async (email: string) =>
  (await outboxFor(email)).filter((mail) => mail.subject.startsWith("New reply to"));
/** Every mail the outbox kept. */
async function mailsKept(): Promise<Array<{ to: string; subject: string }>> {
  const dir = path.join(process.env.DATA_DIR ?? ".data", "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
}
const resetsTo = async (email: string) =>
  (await outboxFor(email)).filter((mail) => mail.subject.startsWith("Reset your"));

describe("notifications and account mail", () => {
  it("run in lanes of their own: notifications never wait in the account mail's lane", () => {
    expect(laneOf(ACCOUNT_MAIL_QUEUE)).toBe("mail");
    expect(laneOf(NOTIFICATION_MAIL_QUEUE)).toBe("notify");
    expect(laneOf(MODERATION_NOTICE_QUEUE)).toBe("notify");
  });

  it("after 50 notifications to one address, a password reset for it is accepted and delivered", async () => {
    const author = await member({ verified: true });
    const topic = await topicOf(author.id);
    const repliers = await Promise.all(Array.from({ length: 5 }, () => member({ verified: true })));
    for (let i = 0; i < 50; i++) {
      const replier = repliers[i % repliers.length]!;
      expect(await createPost({ topicId: topic.id, authorId: replier.id, content: `reply ${i}` })).not.toBeNull();
    }
    expect(await dueJobCount(NOTIFICATION_MAIL_QUEUE)).toBe(50);

    // With the 50 notifications still queued, the reset is asked for and its mail goes out: the account mail's
    // lane (what a `mail` worker polls) holds none of them.
    const asked = await call(forgotPassword, jsonPost("/api/forgot-password", { email: author.email! }));
    expect(asked.status).toBe(200);
    expect(await resetsTo(author.email!)).toHaveLength(1);
    expect(await dueJobCount(NOTIFICATION_MAIL_QUEUE)).toBe(50);

    // The notifications run: the address gets its day's notifications and no more.
    await drainJobs([NOTIFICATION_MAIL_QUEUE]);
    expect(await notificationsTo(author.email!)).toHaveLength(NOTIFICATIONS_PER_RECIPIENT_DAILY);

    // And a reset asked for after all fifty is accepted and delivered too.
    const again = await call(forgotPassword, jsonPost("/api/forgot-password", { email: author.email! }));
    expect(again.status).toBe(200);
    expect(await resetsTo(author.email!)).toHaveLength(2);
  }, 120_000);

  it("one sender's notifications are limited per hour, whoever they go to", async () => {
    const replier = await member({ verified: true });
    const authors = await Promise.all(
      Array.from({ length: NOTIFICATIONS_PER_SENDER_HOURLY + 2 }, () => member({ verified: true })),
    );
    for (const author of authors) {
      await createPost({ topicId: (await topicOf(author.id)).id, authorId: replier.id, content: "hello" });
    }
    await drainJobs([NOTIFICATION_MAIL_QUEUE]);
    // the outbox read once (each author's mails)
    const addresses = new Set(authors.map((a) => a.email!));
    const mailed = (await mailsKept()).filter((m) => addresses.has(m.to) && m.subject.startsWith("New reply to"));
    expect(mailed).toHaveLength(NOTIFICATIONS_PER_SENDER_HOURLY);
  }, 120_000);
});
