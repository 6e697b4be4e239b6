import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { forumNotifications, forumPosts } from "#db/schema";
import { likesOf, setLike } from "~/forum/likes.server";
import { listNotifications, unreadNotificationCount } from "~/forum/member-notifications.server";
import { createPost, createTopic } from "~/forum/topics.server";
import { action as topicAction } from "~/routes/forum.topic.$id";
import { call } from "../support/routes";
import { cookieFor, formRequest, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Likes and the forum's notifications (issue 44, decision 312), for two members: one like per member and post with
 * its count and names, a like and a reply each making one notification (never one to oneself, none from a hidden
 * post), the header's count through the page cache's member hole, and opening a notification marks it read and
 * lands on the post. Needs a build (npm test makes one).
 */
const site = serveBuildForFile({ PAGE_CACHE_SECONDS: "30" });

async function visit(pathname: string, cookie: string) {
  const response = await fetch(`${site.base}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return {
    status: response.status,
    cached: response.headers.get("x-page-cache") === "hit",
    body: await response.text(),
    location: response.headers.get("location"),
  };
}

async function twoMembersTopic() {
  const author = await member();
  const liker = await member();
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Likes ${Date.now()}`,
    description: null,
    category: "general",
  });
  const post = (await createPost({ topicId: topic.id, authorId: author.id, content: "Worth a like." }))!.post;
  return { author, liker, topic, post };
}

const kinds = async (userId: number) =>
  (await db.select().from(forumNotifications).where(eq(forumNotifications.userId, userId))).map((n) => n.kind);

describe("likes and notifications for two members", () => {
  it("one like per member and post, with the count and who liked it, and one notification", async () => {
    const { author, liker, topic, post } = await twoMembersTopic();
    const like = () => formRequest(`/forum/topic/${topic.id}`, { intent: "like", postId: String(post.id) }, liker.id);
    for (let i = 0; i < 2; i++) {
      const answer = await call(topicAction, await like(), { params: { id: String(topic.id) } });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`/forum/topic/${topic.id}#post-1`);
    }
    expect((await likesOf({ postIds: [post.id] })).get(post.id)).toEqual({
      count: 1,
      text: `1 like: liked by ${liker.username}`,
    });
    expect(await kinds(author.id)).toEqual(["like"]);
    // Unlike and like again: one like, still one notification.
    await setLike({ postId: post.id, topicId: topic.id, memberId: liker.id, like: false });
    expect((await likesOf({ postIds: [post.id] })).get(post.id)).toBeUndefined();
    await setLike({ postId: post.id, topicId: topic.id, memberId: liker.id, like: true });
    expect(await kinds(author.id)).toEqual(["like"]);
    // Never one's own post; never a post of another topic from this topic's page.
    const own = await call(
      topicAction,
      await formRequest(`/forum/topic/${topic.id}`, { intent: "like", postId: String(post.id) }, author.id),
      { params: { id: String(topic.id) } },
    );
    expect(own.status).toBe(400);
    expect(await kinds(author.id)).toEqual(["like"]);
    expect(await setLike({ postId: post.id, topicId: topic.id + 1, memberId: liker.id, like: false })).toEqual({
      status: "not-found",
    });

    // The page shows the count and the names; the liker's button is pressed, through their member template too.
    const cookie = await cookieFor(liker.id);
    for (let i = 0; i < 40; i++) {
      const page = await visit(`/forum/topic/${topic.id}`, cookie);
      expect(page.body, `view ${i}, from a template: ${page.cached}`).toMatch(/aria-pressed="true"/);
      expect(page.body).toContain(`1 like: liked by ${liker.username}`);
      expect(page.body).toMatch(/aria-pressed="true"[^>]*>Like post #1</);
      if (page.cached) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("a reply notifies the topic's author once, never the author replying; a hidden post notifies nobody", async () => {
    const { author, liker, topic, post } = await twoMembersTopic();
    await createPost({ topicId: topic.id, authorId: author.id, content: "The author again." });
    expect(await kinds(author.id)).toEqual([]);
    const reply = (await createPost({ topicId: topic.id, authorId: liker.id, content: "A reply." }))!.post;
    expect(await kinds(author.id)).toEqual(["reply"]);
    expect(await unreadNotificationCount({ memberId: author.id })).toBe(1);

    // A hidden post cannot be liked, and its notifications leave the count and the list.
    await db.update(forumPosts).set({ hiddenAt: new Date() }).where(eq(forumPosts.id, post.id));
    expect(await setLike({ postId: post.id, topicId: topic.id, memberId: liker.id, like: true })).toEqual({
      status: "not-found",
    });
    expect(await kinds(author.id)).toEqual(["reply"]);
    await db.update(forumPosts).set({ hiddenAt: new Date() }).where(eq(forumPosts.id, reply.id));
    expect(await unreadNotificationCount({ memberId: author.id })).toBe(0);
    expect((await listNotifications({ memberId: author.id })).notifications).toEqual([]);
  });

  it("the header counts unread notifications; opening one marks it read and lands on the post", async () => {
    const { author, liker, topic, post } = await twoMembersTopic();
    await setLike({ postId: post.id, topicId: topic.id, memberId: liker.id, like: true });
    const cookie = await cookieFor(author.id);
    // From the member template (its hole filled for this member) and rendered for them.
    let kept = false;
    for (let i = 0; i < 60 && !kept; i++) {
      const page = await visit("/forum", cookie);
      expect(page.body).toContain("Notifications (1 unread)");
      kept = page.cached;
      if (!kept) await new Promise((r) => setTimeout(r, 50));
    }
    expect(kept).toBe(true);
    expect((await visit(`/forum/topic/${topic.id}`, `${cookie}; unrelated=1`)).body).toContain(
      "Notifications (1 unread)",
    );
    const list = await visit("/forum/notifications", cookie);
    expect(list.body).toContain(`${liker.username} liked your post in`);
    const [notification] = (await listNotifications({ memberId: author.id })).notifications;
    const opened = await visit(`/forum/notifications/${notification!.id}`, cookie);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(`/forum/topic/${topic.id}#post-1`);
    expect(await unreadNotificationCount({ memberId: author.id })).toBe(0);
    expect((await visit("/forum", cookie)).body).not.toContain("Notifications (1 unread)");
    // Another member cannot open it.
    expect((await visit(`/forum/notifications/${notification!.id}`, await cookieFor(liker.id))).status).toBe(404);
  });
});
