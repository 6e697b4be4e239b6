import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForNotifications, rawSql } from "#db/client.server";
import { setBookmark } from "~/forum/bookmarks.server";
import { markAllRead, recordRead } from "~/forum/reading.server";
import { createPost, createTopic } from "~/forum/topics.server";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * What members' forum pages remember of each member (decision 460), through the real server: the topic list with
 * their read marks, the notifications link, a topic page's ownership and read position are read once and served
 * from memory, and a change is shown on the next page: their own write answered by this process at once, a change
 * of theirs made anywhere (migration 0022's triggers on `forum_member_changed`) and any change to the forum
 * (`forum_changed`) as soon as it is heard. Needs a build (npm test makes one).
 */
const site = serveBuildForFile({ PAGE_CACHE_SECONDS: "30" });

async function page(pathname: string, cookie: string) {
  const response = await fetch(`${site.base}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { cached: response.headers.get("x-page-cache") === "hit", body: await response.text() };
}

/** The page from its member template (asks until the template the first view started is kept). */
async function fromTemplate(pathname: string, cookie: string) {
  for (let i = 0; i < 60; i++) {
    const seen = await page(pathname, cookie);
    if (seen.cached) return seen.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${pathname} was never served from a member template`);
}

async function post(pathname: string, cookie: string, fields: Record<string, string>) {
  const response = await fetch(`${site.base}${pathname}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: site.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  expect([302, 303], await response.text()).toContain(response.status);
}

/** The topic's read mark in a member's list: "New", "N unread posts", or "read". */
function mark(body: string, title: string): string {
  const at = body.indexOf(title);
  expect(at, `${title} in the list`).toBeGreaterThan(-1);
  const row = body.slice(at, body.indexOf("</li>", at));
  return />(New|\d+ unread posts?)</.exec(row)?.[1] ?? "read";
}

const notificationCount = (body: string) => /Notifications(?:<!-- -->)?\s*\((\d+) unread\)/.exec(body)?.[1] ?? "0";

async function topicOf(author: { id: number }, replier: { id: number }, title: string) {
  const { topic } = await createTopic({ authorId: author.id, title, description: null, category: "general" });
  const first = (await createPost({ topicId: topic.id, authorId: author.id, content: "Opening words." }))!.post;
  await createPost({ topicId: topic.id, authorId: replier.id, content: "A reply." });
  return { topic, first };
}

const heard: string[] = [];
let stopListening: (() => Promise<void>) | undefined;
beforeAll(async () => {
  stopListening = await listenForNotifications("forum_member_changed", (payload) => heard.push(payload));
});
afterAll(async () => {
  await stopListening?.();
});

/** Whether a notification on forum_member_changed has named the member since `from` (or said `*`). */
const announced = (id: number, from: number) =>
  heard.slice(from).some((payload) => payload === "*" || payload.split(" ").includes(String(id)));

describe("a member's forum state, remembered per member", () => {
  it("is announced at commit with the member's id, whatever of theirs changes (migration 0022)", async () => {
    const [reader, author] = await Promise.all([member({ verified: true }), member({ verified: true })]);
    const { topic, first } = await topicOf(author, author, `Memo announced ${Date.now()}`);
    const changes: [string, () => Promise<unknown>][] = [
      ["a read mark", () => recordRead({ memberId: reader.id, topicId: topic.id, number: 2 })],
      ["a bookmark", () => setBookmark({ postId: first.id, memberId: reader.id, topicId: topic.id, bookmark: true })],
      [
        "a watch level",
        () => rawSql()`insert into forum_topic_watches (user_id, topic_id, level)
        values (${reader.id}, ${topic.id}, 'muted')`,
      ],
      [
        "a notification",
        () => rawSql()`insert into forum_notifications (user_id, actor_id, topic_id, post_id, kind)
        values (${reader.id}, ${author.id}, ${topic.id}, ${first.id}, 'mention')`,
      ],
      ["mark all read", () => markAllRead({ memberId: reader.id })],
    ];
    for (const [what, change] of changes) {
      const from = heard.length;
      await change();
      await expect.poll(() => announced(reader.id, from), { message: what }).toBe(true);
    }
  });

  it("is read once and kept until a change of theirs is heard, from whichever process made it", async () => {
    const [reader, author] = await Promise.all([member({ verified: true }), member({ verified: true })]);
    const cookie = await cookieFor(reader.id);
    const title = `Memo list ${Date.now()}`;
    const { topic } = await topicOf(author, author, title);
    const forget = () => rawSql()`select pg_notify('forum_member_changed', ${String(reader.id)})`;

    expect(mark(await fromTemplate("/forum", cookie), title)).toBe("New");
    // Opening the topic records the read; the list this process serves next shows it at once.
    await fromTemplate(`/forum/topic/${topic.id}`, cookie);
    expect(mark((await page("/forum", cookie)).body, title)).toBe("read");

    // A change made with the triggers off is not heard: the list stays as it was read (it is remembered). Other test
    // files write to the same forum meanwhile, which makes every member's list read again: then once more.
    let remembered = false;
    for (let attempt = 0; attempt < 5 && !remembered; attempt++) {
      await recordRead({ memberId: reader.id, topicId: topic.id, number: 2 });
      await expect.poll(async () => mark((await page("/forum", cookie)).body, title)).toBe("read");
      await rawSql().begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`delete from forum_topic_reads where user_id = ${reader.id} and topic_id = ${topic.id}`;
      });
      remembered = mark((await page("/forum", cookie)).body, title) === "read";
    }
    expect(remembered).toBe(true);
    // ... until a change of this member is announced (by any process): then it is read again.
    await forget();
    await expect.poll(async () => mark((await page("/forum", cookie)).body, title)).toBe("New");

    // Any change to the forum (a reply, here straight through the database) reaches every member's list.
    await fromTemplate(`/forum/topic/${topic.id}`, cookie);
    expect(mark((await page("/forum", cookie)).body, title)).toBe("read");
    await createPost({ topicId: topic.id, authorId: author.id, content: "One more." });
    await expect.poll(async () => mark((await page("/forum", cookie)).body, title)).toBe("1 unread post");
  });

  it("shows a member's own write on the next page at once, and another's act on theirs once heard", async () => {
    const [liker, author] = await Promise.all([member({ verified: true }), member({ verified: true })]);
    const [likerCookie, authorCookie] = await Promise.all([cookieFor(liker.id), cookieFor(author.id)]);
    const { topic, first } = await topicOf(author, liker, `Memo likes ${Date.now()}`);
    const topicPage = `/forum/topic/${topic.id}`;

    expect(await fromTemplate(topicPage, likerCookie)).toContain('value="like"');
    const count = Number(notificationCount(await fromTemplate(topicPage, authorCookie)));

    await post(topicPage, likerCookie, { intent: "like", postId: String(first.id) });
    // No waiting: the process that answered the like forgot what it remembered of the liker.
    expect((await page(topicPage, likerCookie)).body).toContain('value="unlike"');
    // The author's notification count moves once the change is heard (the like notified them).
    await expect
      .poll(async () => Number(notificationCount((await page(topicPage, authorCookie)).body)))
      .toBe(count + 1);

    await createPost({ topicId: topic.id, authorId: author.id, content: "Something new." });
    await expect.poll(async () => mark((await page("/forum", likerCookie)).body, topic.title)).toBe("1 unread post");
    await post("/forum", likerCookie, { intent: "mark-all-read" });
    expect(mark((await page("/forum", likerCookie)).body, topic.title)).toBe("read");
  });
});
