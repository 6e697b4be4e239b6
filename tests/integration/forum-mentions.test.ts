import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { forumNotifications, forumPosts, users } from "#db/schema";
import { listNotifications, unreadNotificationCount } from "~/forum/member-notifications.server";
import { MENTIONS_PER_POST, quoteText } from "~/forum/mentions";
import { createPost, createTopic, updatePost } from "~/forum/topics.server";
import { action as topicAction } from "~/routes/forum.topic.$id";
import { call } from "../support/routes";
import { cookieFor, formRequest, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Mentions and quotes (issue 44, decision 313), for two members: a mention and a quote each make exactly one
 * notification (none to oneself, none from a hidden post, none for unknown, suspended or silenced names, none again
 * on an edit, at most MENTIONS_PER_POST names a post), the Quote link opens the reply form filled without JavaScript,
 * a hidden post cannot be quoted, and the notifications page says who mentioned or quoted whom. Needs a build.
 */
const site = serveBuildForFile({ PAGE_CACHE_SECONDS: "30" });

async function visit(pathname: string, cookie: string) {
  const response = await fetch(`${site.base}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return {
    status: response.status,
    body: await response.text(),
    location: response.headers.get("location"),
    // the cookies it set (a flash toast), to send with the page a redirect leads to
    cookies: response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
  };
}

async function twoMembersTopic() {
  const author = await member();
  const other = await member();
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Mentions ${Date.now()}`,
    description: null,
    category: "general",
  });
  const post = (await createPost({ topicId: topic.id, authorId: author.id, content: "Worth quoting.\nTwo lines." }))!
    .post;
  return { author, other, topic, post };
}

/** The member's notifications of a kind (mention or quote: the topic author's reply ones are left out). */
const notes = async (userId: number, kind: "mention" | "quote") =>
  (await db.select().from(forumNotifications).where(eq(forumNotifications.userId, userId))).filter(
    (n) => n.kind === kind,
  );

describe("mentions for two members", () => {
  it("notify the named member once, never oneself, unknown, suspended or silenced names, and once after an edit", async () => {
    const { author, other, topic } = await twoMembersTopic();
    const [suspended, silenced, later] = [await member(), await member(), await member()];
    const tomorrow = new Date(Date.now() + 86_400_000);
    await db.update(users).set({ suspendedUntil: tomorrow }).where(eq(users.id, suspended.id));
    await db.update(users).set({ silencedUntil: tomorrow }).where(eq(users.id, silenced.id));
    const text = `Hello @${author.username.toUpperCase()} and @${other.username}, @${other.username} again, @nobody_here_at_all, @${suspended.username} @${silenced.username}; mail ${later.username}@example.test`;
    const reply = (await createPost({ topicId: topic.id, authorId: other.id, content: text }))!.post;
    expect((await notes(author.id, "mention")).map((n) => [n.actorId, n.postId])).toEqual([[other.id, reply.id]]);
    expect(await notes(other.id, "mention")).toEqual([]);
    expect(await notes(suspended.id, "mention")).toEqual([]);
    expect(await notes(silenced.id, "mention")).toEqual([]);
    expect(await notes(later.id, "mention")).toEqual([]);

    // An edit keeps the mention (no second notification) and adds one: only the new name is notified.
    const edited = await updatePost({
      postId: reply.id,
      authorId: other.id,
      content: `${text} and @${later.username}`,
    });
    expect(edited.status).toBe("updated");
    expect(await notes(author.id, "mention")).toHaveLength(1);
    expect(await notes(later.id, "mention")).toHaveLength(1);

    // The notifications page says who mentioned them where, and lands on the post.
    const cookie = await cookieFor(author.id);
    const list = await visit("/forum/notifications", cookie);
    expect(list.body).toContain(`${other.username} mentioned you in “${topic.title}” (post #2)`);
    const [mention] = (await listNotifications({ memberId: author.id })).notifications.filter(
      (n) => n.kind === "mention",
    );
    const opened = await visit(`/forum/notifications/${mention!.id}`, cookie);
    expect(opened.location).toBe(`/forum/topic/${topic.id}#post-2`);

    // The page shows the mention emphasised (there is no member page to link to yet).
    const page = await visit(`/forum/topic/${topic.id}`, await cookieFor(later.id));
    expect(page.body).toContain(`<strong>@${other.username}</strong>`);

    // A post hidden later notifies nobody: its mention leaves the count and the list.
    await db.update(forumPosts).set({ hiddenAt: new Date() }).where(eq(forumPosts.id, reply.id));
    expect(await unreadNotificationCount({ memberId: later.id })).toBe(0);
    expect((await listNotifications({ memberId: later.id })).notifications).toEqual([]);
  });

  it(`looks at no more than ${MENTIONS_PER_POST} names in one post`, async () => {
    const { author, topic } = await twoMembersTopic();
    const named = [];
    for (let i = 0; i <= MENTIONS_PER_POST; i++) named.push(await member());
    await createPost({
      topicId: topic.id,
      authorId: author.id,
      content: named.map((m) => `@${m.username}`).join(" "),
    });
    const notified = await Promise.all(named.map(async (m) => (await notes(m.id, "mention")).length));
    expect(notified).toEqual([...Array<number>(MENTIONS_PER_POST).fill(1), 0]);
  });
});

describe("quotes for two members", () => {
  it("the Quote link opens the reply form holding the quote; the reply notifies the quoted author once", async () => {
    const { author, other, topic, post } = await twoMembersTopic();
    const cookie = await cookieFor(other.id);
    const page = await visit(`/forum/topic/${topic.id}`, cookie);
    expect(page.body).toContain(`href="/forum/topic/${topic.id}?quote=${post.id}#reply"`);
    // Without JavaScript: the page itself holds the form, filled, and says what it holds.
    const quoting = await visit(`/forum/topic/${topic.id}?quote=${post.id}`, cookie);
    expect(quoting.status).toBe(200);
    const quote = quoteText({ topicId: topic.id, number: 1, content: post.content, author: author.username });
    expect(quote).toBe(
      `> Worth quoting.\n> Two lines.\n— ${author.username}, post #1 /forum/topic/${topic.id}/post/1\n\n`,
    );
    expect(quoting.body).toContain(quote.replaceAll(">", "&gt;"));
    expect(quoting.body).toContain(`Your reply quotes post #1 by ${author.username}.`);

    // Posting it (twice, as a double submit would) notifies the author once.
    for (let i = 0; i < 2; i++) {
      const answer = await call(
        topicAction,
        await formRequest(`/forum/topic/${topic.id}`, { intent: "reply", content: `${quote}Agreed.` }, other.id),
        { params: { id: String(topic.id) } },
      );
      expect(answer.status).toBe(302);
    }
    expect(await notes(author.id, "quote")).toHaveLength(1);
    const list = await visit("/forum/notifications", await cookieFor(author.id));
    expect(list.body).toContain(`${other.username} quoted you in “${topic.title}” (post #2)`);

    // Quoting one's own post notifies nobody.
    await createPost({ topicId: topic.id, authorId: author.id, content: `${quote}Quoting myself.` });
    expect(await notes(author.id, "quote")).toHaveLength(1);
  });

  it("a hidden post has no Quote link, its address is refused, and a quote of it notifies nobody", async () => {
    const { author, other, topic, post } = await twoMembersTopic();
    const quote = quoteText({ topicId: topic.id, number: 1, content: post.content, author: author.username });
    await db.update(forumPosts).set({ hiddenAt: new Date() }).where(eq(forumPosts.id, post.id));
    const cookie = await cookieFor(other.id);
    expect((await visit(`/forum/topic/${topic.id}`, cookie)).body).not.toContain(`?quote=${post.id}`);
    const refused = await visit(`/forum/topic/${topic.id}?quote=${post.id}`, cookie);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`/forum/topic/${topic.id}`);
    const landed = await visit(refused.location!, `${cookie}; ${refused.cookies}`);
    expect(landed.body).toContain("That post cannot be quoted");
    for (const bad of ["abc", "0", String(post.id + 1_000_000)]) {
      expect((await visit(`/forum/topic/${topic.id}?quote=${bad}`, cookie)).status).toBe(302);
    }
    // Written by hand, a quote of the hidden post notifies nobody.
    await createPost({ topicId: topic.id, authorId: other.id, content: `${quote}Still here.` });
    expect(await notes(author.id, "quote")).toEqual([]);
    // A reply quoting a visible post, hidden later, leaves the author's list.
    await db.update(forumPosts).set({ hiddenAt: null }).where(eq(forumPosts.id, post.id));
    const reply = (await createPost({ topicId: topic.id, authorId: other.id, content: `${quote}Once more.` }))!.post;
    expect(await notes(author.id, "quote")).toHaveLength(1);
    await db.update(forumPosts).set({ hiddenAt: new Date() }).where(eq(forumPosts.id, reply.id));
    expect((await listNotifications({ memberId: author.id })).notifications.map((n) => n.kind)).not.toContain("quote");
  });
});
