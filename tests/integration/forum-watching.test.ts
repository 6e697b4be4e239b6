import { beforeAll, describe, expect, it } from "vitest";
import { call, routeRequest } from "../support/routes";
import { readMail, smtpForFile } from "../support/smtp";

/**
 * Watching, the per-kind notification mail and the weekly digest (decisions 350-352), end to end: the forms' actions
 * set levels and choices, the real queue's jobs run (drainJobs), nodemailer talks SMTP to a real server on loopback,
 * and mailparser reads what arrived as a mail client would.
 */
const smtp = smtpForFile();

beforeAll(async () => {
  const { registerDomainJobs } = await import("~/assembly/registry.server");
  registerDomainJobs();
});

const mailsTo = (address: string) => smtp.mailsTo(address);
const parsedMailsTo = (address: string) => Promise.all(mailsTo(address).map((m) => readMail(m.raw)));

async function app() {
  const { member, cookieFor } = await import("./forum-helpers");
  const topics = await import("~/forum/topics.server");
  const { drainJobs } = await import("~/jobs/queue.server");
  const { NOTIFICATION_MAIL_QUEUE } = await import("~/forum/member-notifications.server");
  const { WATCH_FANOUT_QUEUE } = await import("~/forum/watching.server");
  const { DIGEST_QUEUE } = await import("~/forum/digest.server");
  const { db } = await import("#db/client.server");
  const schema = await import("#db/schema");
  const orm = await import("drizzle-orm");
  const topicRoute = await import("~/routes/forum.topic.$id");
  const forumRoute = await import("~/routes/forum._index");
  const settingsRoute = await import("~/routes/forum.notifications_.settings");
  const topic = async (authorId: number, category: "general" | "technology" | "emotional-growth" = "general") =>
    (await topics.createTopic({ authorId, title: `Watch ${Math.random()}`, description: "About it.", category })).topic;
  const reply = async (topicId: number, authorId: number, content: string) =>
    (await topics.createPost({ topicId, authorId, content }))!.post;
  const run = () => drainJobs([WATCH_FANOUT_QUEUE, NOTIFICATION_MAIL_QUEUE, DIGEST_QUEUE]);
  /** A member's choice through the topic page's watch form. */
  const watchTopic = async (memberId: number, topicId: number, level: string) =>
    call(
      topicRoute.action,
      routeRequest(`/forum/topic/${topicId}?page=1`, {
        form: { intent: "watch", level },
        cookie: await cookieFor(memberId),
      }),
      { params: { id: String(topicId) } },
    );
  const watchCategory = async (memberId: number, category: string, level: string) =>
    call(
      forumRoute.action,
      routeRequest(`/forum?index&category=${category}`, {
        form: { intent: "watch-category", category, level },
        cookie: await cookieFor(memberId),
      }),
    );
  const notificationsOf = async (memberId: number) =>
    db
      .select({ kind: schema.forumNotifications.kind, postId: schema.forumNotifications.postId })
      .from(schema.forumNotifications)
      .where(orm.eq(schema.forumNotifications.userId, memberId));
  return {
    member,
    cookieFor,
    topic,
    reply,
    run,
    watchTopic,
    watchCategory,
    notificationsOf,
    db,
    schema,
    orm,
    topicRoute,
    forumRoute,
    settingsRoute,
  };
}

describe("watching a topic", () => {
  it("mails every new post of a watched topic, once per post, with a one-click unsubscribe of that kind", async () => {
    const { member, topic, reply, run, watchTopic, notificationsOf } = await app();
    const author = await member({ verified: true });
    const watcher = await member({ verified: true });
    const replier = await member();
    const t = await topic(author.id);

    const answer = await watchTopic(watcher.id, t.id, "watching");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/forum/topic/${t.id}?page=1#watch`);
    const bad = await watchTopic(watcher.id, t.id, "everything");
    expect(bad.status).toBe(400);
    expect(bad.body.toast.description).toBe("Choose one of Watching, Tracking, Normal or Muted.");

    await reply(t.id, replier.id, "A first answer, with <b>tags</b> as plain text.");
    await run();
    const mails = await parsedMailsTo(watcher.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`New post in "${t.title}"`);
    expect(mails[0]!.text).toContain(`${replier.username} posted in "${t.title}" (post #1)`);
    expect(mails[0]!.text).toContain("A first answer, with <b>tags</b> as plain text.");
    expect(mails[0]!.html).toContain("A first answer, with &lt;b&gt;tags&lt;/b&gt; as plain text.");
    expect(mails[0]!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = mails[0]!.headers.get("list-unsubscribe")!.slice(1, -1);
    expect(new URL(link).searchParams.get("kind")).toBe("watched_post");
    expect(mails[0]!.text).toContain(link);

    // The watcher's own post tells no one of it to them; the topic's author (who did not watch it) gets the reply kind.
    await reply(t.id, watcher.id, "My own words.");
    await run();
    expect(mailsTo(watcher.email!)).toHaveLength(1);
    expect((await notificationsOf(author.id)).map((n) => n.kind).sort()).toEqual(["reply", "reply"]);

    // A mention of the watcher in a post is one notification of the most personal kind, not two.
    const mention = await reply(t.id, replier.id, `Thanks @${watcher.username}!`);
    await run();
    const ofMention = (await notificationsOf(watcher.id)).filter((n) => n.postId === mention.id);
    expect(ofMention.map((n) => n.kind)).toEqual(["mention"]);
    expect((await parsedMailsTo(watcher.email!)).map((m) => m.subject)).toEqual([
      `New post in "${t.title}"`,
      `${replier.username} mentioned you in "${t.title}"`,
    ]);

    // One click (a mail client's POST to the List-Unsubscribe address) stops this kind: the next post mails nothing.
    const unsubscribe = await import("~/routes/unsubscribe");
    const oneClick = await call(unsubscribe.action, routeRequest(link, { form: { "List-Unsubscribe": "One-Click" } }));
    expect(oneClick.body.status).toBe("unsubscribed");
    await reply(t.id, replier.id, "Another answer.");
    await run();
    expect(mailsTo(watcher.email!)).toHaveLength(2);
  });

  it("a muted topic notifies nothing and leaves the member's New and Unread lists", async () => {
    const { member, topic, reply, run, watchTopic, watchCategory, notificationsOf } = await app();
    const { listMemberTopics, readMarks, recordRead } = await import("~/forum/reading.server");
    const author = await member({ verified: true });
    const reader = await member({ verified: true });
    const other = await member();
    const own = await topic(author.id, "emotional-growth");
    const opened = await topic(other.id, "emotional-growth");
    const unopened = await topic(other.id, "emotional-growth");
    await reply(opened.id, other.id, "first");
    await recordRead({ memberId: reader.id, topicId: opened.id, number: 1 });
    await reply(opened.id, other.id, "second");

    const ids = async (filter: "new" | "unread") =>
      (await listMemberTopics({ memberId: reader.id, filter, category: "emotional-growth" })).topics.map((x) => x.id);
    expect(await ids("unread")).toContain(opened.id);
    expect(await ids("new")).toContain(unopened.id);
    expect((await readMarks({ memberId: reader.id, topicIds: [opened.id] })).get(opened.id)?.unread).toBe(1);

    // Muted: a reply to the author's own muted topic, a mention and a quote there notify nothing and mail nothing.
    expect((await watchTopic(author.id, own.id, "muted")).status).toBe(302);
    await reply(own.id, other.id, `A reply naming @${author.username}`);
    await run();
    expect(await notificationsOf(author.id)).toEqual([]);
    expect(mailsTo(author.email!)).toHaveLength(0);

    // The reader mutes the opened topic: it leaves Unread and shows no count.
    await watchTopic(reader.id, opened.id, "muted");
    expect(await ids("unread")).not.toContain(opened.id);
    expect((await readMarks({ memberId: reader.id, topicIds: [opened.id] })).get(opened.id)).toBeNull();
    // Normal: back in no list of unread (no count), but notified when named; Tracking: the count again.
    await watchTopic(reader.id, opened.id, "normal");
    expect(await ids("unread")).not.toContain(opened.id);
    await watchTopic(reader.id, opened.id, "tracking");
    expect(await ids("unread")).toContain(opened.id);

    // A muted category: its topics leave New, and a topic's own level still wins over it.
    expect((await watchCategory(reader.id, "emotional-growth", "muted")).status).toBe(302);
    expect(await ids("new")).not.toContain(unopened.id);
    expect(await ids("unread")).toContain(opened.id);
    await reply(unopened.id, other.id, `@${reader.username} are you there?`);
    await run();
    expect((await notificationsOf(reader.id)).map((n) => n.kind)).toEqual([]);
  });
});

describe("watching a category", () => {
  it("notifies and mails each new topic of a watched category, and each new post in its topics", async () => {
    const { member, topic, reply, run, watchCategory, notificationsOf, forumRoute, cookieFor } = await app();
    const watcher = await member({ verified: true });
    const starter = await member();
    expect((await watchCategory(watcher.id, "technology", "watching")).headers.get("Location")).toBe(
      "/forum?category=technology#watch",
    );
    expect((await watchCategory(watcher.id, "nowhere", "watching")).status).toBe(400);
    // The category's list shows the member's level in its form.
    const list = await call(
      forumRoute.loader,
      routeRequest("/forum?category=technology", { cookie: await cookieFor(watcher.id) }),
    );
    expect(list.body.watch.level).toBe("watching");
    expect(list.body.watch.said).toBe("Notifications for this category: Watching.");

    const elsewhere = await topic(starter.id, "general");
    const t = await topic(starter.id, "technology");
    await run();
    const mails = await parsedMailsTo(watcher.email!);
    expect(mails.map((m) => m.subject)).toEqual([`New topic in Technology & Innovation: "${t.title}"`]);
    expect(mails[0]!.text).toContain(`${starter.username} started the topic "${t.title}"`);
    expect(mails[0]!.text).toContain("About it.");
    expect(mails[0]!.text).toContain(`/forum/topic/${t.id}`);
    expect(new URL(mails[0]!.headers.get("list-unsubscribe")!.slice(1, -1)).searchParams.get("kind")).toBe(
      "watched_topic",
    );
    expect((await notificationsOf(watcher.id)).map((n) => n.kind)).toEqual(["watched_topic"]);

    await reply(t.id, starter.id, "More on it.");
    await reply(elsewhere.id, starter.id, "Not watched.");
    await run();
    expect((await parsedMailsTo(watcher.email!)).map((m) => m.subject)).toEqual([
      `New topic in Technology & Innovation: "${t.title}"`,
      `New post in "${t.title}"`,
    ]);

    // A hidden topic notifies nobody: hidden before its fan-out ran, nothing is written or mailed.
    const { db, schema, orm } = await app();
    const hidden = await topic(starter.id, "technology");
    await db.update(schema.forumTopics).set({ hiddenAt: new Date() }).where(orm.eq(schema.forumTopics.id, hidden.id));
    await run();
    expect(mailsTo(watcher.email!)).toHaveLength(2);
  });
});

describe("watching a category's first posts (decision 420)", () => {
  it("notifies and mails each new topic of the category, never its replies; a topic has no such level", async () => {
    const { member, topic, reply, run, watchTopic, watchCategory, notificationsOf, forumRoute, topicRoute, cookieFor } =
      await app();
    const firstPosts = await member({ verified: true });
    const everything = await member({ verified: true });
    const starter = await member();
    const answer = await watchCategory(firstPosts.id, "emotional-growth", "watching_first_post");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/forum?category=emotional-growth#watch");
    await watchCategory(everything.id, "emotional-growth", "watching");
    const refused = await watchCategory(firstPosts.id, "emotional-growth", "everything");
    expect(refused.status).toBe(400);
    expect(refused.body.toast.description).toBe(
      "Choose one of Watching, Tracking, Watching First Post, Normal or Muted.",
    );

    // The category's form offers it and says it is chosen.
    const list = await call(
      forumRoute.loader,
      routeRequest("/forum?category=emotional-growth", { cookie: await cookieFor(firstPosts.id) }),
    );
    expect(list.body.watch.level).toBe("watching_first_post");
    expect(list.body.watch.said).toBe("Notifications for this category: Watching First Post.");
    expect(list.body.watch.options.map((o: { label: string }) => o.label)).toEqual([
      "Watching",
      "Tracking",
      "Watching First Post",
      "Normal",
      "Muted",
    ]);

    const t = await topic(starter.id, "emotional-growth");
    await run();
    const mails = await parsedMailsTo(firstPosts.email!);
    expect(mails.map((m) => m.subject)).toEqual([`New topic in Emotional Growth: "${t.title}"`]);
    expect(new URL(mails[0]!.headers.get("list-unsubscribe")!.slice(1, -1)).searchParams.get("kind")).toBe(
      "watched_topic",
    );

    // Its replies notify the member watching the category, not the one watching its first posts.
    await reply(t.id, starter.id, "A reply.");
    await reply(t.id, everything.id, "Another reply.");
    await run();
    expect((await notificationsOf(firstPosts.id)).map((n) => n.kind)).toEqual(["watched_topic"]);
    expect(mailsTo(firstPosts.email!)).toHaveLength(1);
    expect((await notificationsOf(everything.id)).map((n) => n.kind).sort()).toEqual(["watched_post", "watched_topic"]);

    // The topic's own form: the default level (the category's first-post watching says nothing of it), four choices,
    // and watching first post refused.
    const page = await call(
      topicRoute.loader,
      routeRequest(`/forum/topic/${t.id}`, { cookie: await cookieFor(firstPosts.id) }),
      { params: { id: String(t.id) } },
    );
    expect(page.body.watch.level).toBe("tracking");
    expect(page.body.watch.options.map((o: { value: string }) => o.value)).toEqual([
      "watching",
      "tracking",
      "normal",
      "muted",
    ]);
    const notATopicLevel = await watchTopic(firstPosts.id, t.id, "watching_first_post");
    expect(notATopicLevel.status).toBe(400);
    expect(notATopicLevel.body.toast.description).toBe("Choose one of Watching, Tracking, Normal or Muted.");
    // A topic's own level still wins: watching it, its replies notify this member too.
    await watchTopic(firstPosts.id, t.id, "watching");
    await reply(t.id, starter.id, "A third reply.");
    await run();
    expect((await notificationsOf(firstPosts.id)).map((n) => n.kind).sort()).toEqual(["watched_post", "watched_topic"]);
  });
});

describe("the mail of each kind follows the member's choice", () => {
  it("at once, in the digest, or never, as the settings page saved it", async () => {
    const { member, topic, reply, run, settingsRoute, cookieFor, notificationsOf, db, schema, orm } = await app();
    const me = await member({ verified: true });
    const other = await member();
    const cookie = await cookieFor(me.id);
    const page = await call(settingsRoute.loader, routeRequest("/forum/notifications/settings", { cookie }));
    expect(page.body.choices).toMatchObject({ reply: "now", mention: "now", quote: "now", like: "digest" });

    const form = {
      intent: "mail-settings",
      forumMail: "on",
      reply: "digest",
      mention: "never",
      quote: "now",
      like: "now",
      watched_post: "now",
      watched_topic: "now",
      weeklyDigest: "on",
    };
    const refused = await call(
      settingsRoute.action,
      routeRequest("/forum/notifications/settings", { form: { ...form, mention: "sometimes" }, cookie }),
    );
    expect(refused.status).toBe(400);
    const saved = await call(settingsRoute.action, routeRequest("/forum/notifications/settings", { form, cookie }));
    expect(saved.status).toBe(302);

    const t = await topic(me.id);
    const mine = await reply(t.id, me.id, "My post.");
    await reply(t.id, other.id, `A reply to you, @${me.username}`);
    const { setLike } = await import("~/forum/likes.server");
    expect((await setLike({ postId: mine.id, topicId: t.id, memberId: other.id, like: true })).status).toBe("done");
    await run();
    // Like: at once. Reply: kept for the digest. Mention: never mailed, but on the notifications page.
    expect((await parsedMailsTo(me.email!)).map((m) => m.subject)).toEqual([
      `${other.username} liked your post in "${t.title}"`,
    ]);
    expect((await notificationsOf(me.id)).map((n) => n.kind).sort()).toEqual(["like", "mention", "reply"]);

    // Away a week: the digest carries the reply (its kind chose the digest), never the mention.
    await db
      .update(schema.users)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(orm.eq(schema.users.id, me.id));
    const { queueDueDigests } = await import("~/forum/digest.server");
    expect(await queueDueDigests()).toBeGreaterThanOrEqual(1);
    await run();
    const digest = (await parsedMailsTo(me.email!)).find((m) => m.subject.includes("weekly"))!;
    expect(digest.text).toContain(`${other.username} replied to your topic "${t.title}" (post #2)`);
    expect(digest.text).not.toContain("mentioned you");

    // Never, for every kind, once forum e-mail is off.
    await call(
      settingsRoute.action,
      routeRequest("/forum/notifications/settings", { form: { ...form, forumMail: "off" }, cookie }),
    );
    const before = mailsTo(me.email!).length;
    const another = await reply(t.id, me.id, "Another of mine.");
    await setLike({ postId: another.id, topicId: t.id, memberId: other.id, like: true });
    await run();
    expect(mailsTo(me.email!)).toHaveLength(before);
  });
});

describe("the weekly digest", () => {
  it("reaches a member away a week through SMTP, once a week, never an unverified address, until one click stops it", async () => {
    const { member, topic, reply, run, db, schema, orm } = await app();
    const { queueDueDigests, sendDigest } = await import("~/forum/digest.server");
    const away = await member({ verified: true });
    const alsoAway = await member({ verified: true });
    const unverified = await member({ verified: false });
    const quiet = await member({ verified: true });
    const writer = await member();
    const busy = await topic(writer.id, "general");
    for (let i = 1; i <= 3; i++) await reply(busy.id, writer.id, `Busy post ${i}: *stars* and [brackets]`);
    const calm = await topic(writer.id, "general");
    await reply(calm.id, writer.id, "Calm post.");
    // The member read the calm topic already: only the busy one is unread.
    const { recordRead } = await import("~/forum/reading.server");
    await recordRead({ memberId: away.id, topicId: calm.id, number: 1 });
    await recordRead({ memberId: quiet.id, topicId: calm.id, number: 1 });
    await recordRead({ memberId: quiet.id, topicId: busy.id, number: 3 });
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    for (const who of [away, alsoAway, unverified, quiet]) {
      await db.update(schema.users).set({ lastSeenAt: eightDaysAgo }).where(orm.eq(schema.users.id, who.id));
    }
    // The quiet member read every topic: the digest they would get has nothing to say, so none is sent.

    await queueDueDigests();
    await run();
    const [digest, ...more] = await parsedMailsTo(away.email!);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toMatch(/weekly .* forum digest/);
    expect(digest!.text).toContain(`${busy.title} (new topic, 3 new posts)`);
    // the post's words, never its Markdown (decision 340)
    expect(digest!.text).toContain("Busy post 3: stars and [brackets]");
    expect(digest!.text).not.toContain("*stars*");
    expect(digest!.text).toContain(`/forum/topic/${busy.id}/post/1`);
    expect(digest!.text).not.toContain(calm.title);
    expect(digest!.html).toContain(`href="http`);
    expect(digest!.html).not.toContain("<script");
    expect(mailsTo(unverified.email!)).toHaveLength(0);
    expect(mailsTo(quiet.email!)).toHaveLength(0);
    expect(mailsTo(alsoAway.email!)).toHaveLength(1);

    // Not twice for the same week: another run (another instance, the next hour) queues nothing for them.
    await queueDueDigests();
    await run();
    expect(mailsTo(away.email!)).toHaveLength(1);
    const week = (await import("~/forum/digest.server")).digestWeek(new Date());
    expect(await sendDigest({ userId: away.id, week })).toBe(false);

    // One click on the digest's List-Unsubscribe address (RFC 8058) stops further digests.
    expect(digest!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = digest!.headers.get("list-unsubscribe")!.slice(1, -1);
    expect(new URL(link).searchParams.get("kind")).toBe("digest");
    expect(digest!.text).toContain(link);
    const unsubscribe = await import("~/routes/unsubscribe");
    const shown = await call(unsubscribe.loader, routeRequest(link));
    expect(shown.body.status).toBe("subscribed");
    const oneClick = await call(unsubscribe.action, routeRequest(link, { form: { "List-Unsubscribe": "One-Click" } }));
    expect(oneClick.body.status).toBe("unsubscribed");

    // A week later (the digests' weeks moved back a week), with something new: the member still subscribed gets the
    // next one; the member who clicked gets none.
    await db
      .update(schema.forumDigests)
      .set({ week: "2000-01-03", coveredUntil: eightDaysAgo, coveredFrom: eightDaysAgo })
      .where(orm.inArray(schema.forumDigests.userId, [away.id, alsoAway.id]));
    await reply(busy.id, writer.id, "A week later.");
    await queueDueDigests();
    await run();
    expect(mailsTo(away.email!)).toHaveLength(1);
    const again = await parsedMailsTo(alsoAway.email!);
    expect(again).toHaveLength(2);
    expect(again[1]!.text).toContain("A week later.");
  });
});
