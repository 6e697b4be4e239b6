import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawSql } from "#db/client.server";
import { users } from "#db/schema";
import { createPost, createTopic, updatePost } from "~/forum/topics.server";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * The anonymous page cache as visitors meet it, through the real server: a signed-out visitor's second look at a
 * forum page is served from memory with a fresh CSP nonce and nobody's cookie; any change to topics, posts or an
 * author's name (made here, by another process, straight through the database) reaches the next page at once;
 * members are never served a cached page. Needs a build (npm test makes one).
 */
const site = serveBuildForFile({ PAGE_CACHE_SECONDS: "30" });

type Page = { status: number; cached: boolean; body: string; nonce: string; setCookie: string[] };

async function visit(pathname: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${site.base}${pathname}`, { headers });
  const csp = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    cached: response.headers.get("x-page-cache") === "hit",
    body: await response.text(),
    nonce: /'nonce-([^']+)'/.exec(csp)?.[1] ?? "",
    setCookie: response.headers.getSetCookie(),
  };
}

/** Visits until a page comes from the cache (the first visits render it, once the server listens). */
async function cachedVisit(pathname: string, headers: Record<string, string> = {}): Promise<Page> {
  for (let i = 0; i < 50; i++) {
    const page = await visit(pathname, headers);
    if (page.cached) return page;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${pathname} was never served from the cache`);
}

async function listFirstPostId(topicId: number): Promise<number | undefined> {
  const [row] = await rawSql()<{ id: number }[]>`select id from forum_posts where topic_id = ${topicId} and number = 1`;
  return row?.id;
}

/** The next visit after a change: the notification may take a moment to arrive, a stale page never stays. */
async function expectFresh(pathname: string, text: string) {
  await expect.poll(async () => (await visit(pathname)).body.includes(text), { timeout: 5_000 }).toBe(true);
}

describe("signed-out visitors' forum pages", () => {
  it("are served from memory with this response's nonce, and no visitor's id or cookie", async () => {
    const author = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Cached talk ${Date.now()}`,
      description: null,
      category: "general",
    });

    const first = await visit("/forum");
    expect(first.status).toBe(200);
    expect(first.cached).toBe(false);
    // A visitor without a cookie is given one, but only on a rendered page: a cached one carries none.
    expect(first.setCookie.some((c) => c.startsWith("visitor="))).toBe(true);
    const visitorId = first.setCookie.find((c) => c.startsWith("visitor="))!.split(";")[0]!;

    const hit = await cachedVisit("/forum");
    expect(hit.status).toBe(200);
    expect(hit.body).toContain(topic.title);
    expect(hit.setCookie).toEqual([]);
    expect(hit.nonce).not.toBe("");
    expect(hit.nonce).not.toBe(first.nonce);
    const scriptNonces = [...hit.body.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([hit.nonce]));
    expect(hit.body).not.toContain(first.nonce);
    expect(hit.body).not.toContain("sessionId");

    // A visitor who has their visitor cookie is still a signed-out visitor.
    expect((await visit("/forum", { Cookie: visitorId })).cached).toBe(true);
    // Other addresses are other pages.
    expect((await visit("/forum?category=technology")).body).not.toContain(topic.title);
  });

  it("show a new topic, a reply, an edit and a renamed author on the next visit", async () => {
    const author = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Fresh talk ${Date.now()}`,
      description: null,
      category: "general",
    });
    await cachedVisit("/forum");
    await cachedVisit(`/forum/topic/${topic.id}`);

    const newer = await createTopic({
      authorId: author.id,
      title: `Newer talk ${Date.now()}`,
      description: null,
      category: "general",
    });
    await expectFresh("/forum", newer.topic.title);

    const reply = await createPost({
      topicId: topic.id,
      authorId: author.id,
      content: `A reply written at ${Date.now()}`,
    });
    await expectFresh(`/forum/topic/${topic.id}`, reply!.post.content);
    await cachedVisit(`/forum/topic/${topic.id}`);

    const edited = `Edited words ${Date.now()}`;
    await updatePost({ postId: reply!.post.id, authorId: author.id, content: edited });
    await expectFresh(`/forum/topic/${topic.id}`, edited);
    await cachedVisit(`/forum/topic/${topic.id}`);

    const renamed = `renamed_${Math.random().toString(36).slice(2, 10)}`;
    await db.update(users).set({ username: renamed }).where(eq(users.id, author.id));
    await expectFresh(`/forum/topic/${topic.id}`, renamed);

    // A change by hand in SQL (another program, an operator) is seen the same way.
    await cachedVisit("/forum");
    const title = `Typed in psql ${Date.now()}`;
    await rawSql()`update forum_topics set title = ${title} where id = ${topic.id}`;
    await expectFresh("/forum", title);
  });

  it("drop a post the moment a moderator hides it, and a hidden post's text never reaches a cached page", async () => {
    const { moderate } = await import("~/moderation/actions.server");
    const author = await member();
    const moderator = await member();
    await db.update(users).set({ role: "moderator" }).where(eq(users.id, moderator.id));
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Moderated talk ${Date.now()}`,
      description: null,
      category: "general",
    });
    const secret = `Spam words ${Date.now()}`;
    await createPost({ topicId: topic.id, authorId: author.id, content: secret });
    const cached = await cachedVisit(`/forum/topic/${topic.id}`);
    expect(cached.body).toContain(secret);

    const { getUserById } = await import("~/accounts/users.server");
    const actor = (await getUserById(moderator.id))!;
    expect(
      (
        await moderate({
          actor,
          input: { action: "hide", targetType: "post", targetId: (await listFirstPostId(topic.id))!, reason: "Spam" },
        })
      ).ok,
    ).toBe(true);
    await expectFresh(`/forum/topic/${topic.id}`, "This post was hidden by a moderator");
    const again = await cachedVisit(`/forum/topic/${topic.id}`);
    expect(again.body).not.toContain(secret);
    expect(again.body).toMatch(/#(<!-- -->)?1/);

    // A locked topic is announced to visitors at once as well.
    await moderate({ actor, input: { action: "lock", targetType: "topic", targetId: topic.id, reason: "Closed" } });
    await expectFresh(`/forum/topic/${topic.id}`, "This topic is locked");
  });

  it("are never served to members, who get their own page (rendered, or from a member template: decision 120)", async () => {
    const reader = await member();
    const cookie = await cookieFor(reader.id);
    await cachedVisit("/forum");
    const page = await visit("/forum", { Cookie: cookie });
    expect(page.cached).toBe(false);
    expect(page.body).toContain(reader.username);
    for (let i = 0; i < 3; i++) {
      const again = await visit("/forum", { Cookie: cookie });
      expect(again.body).toContain(reader.username);
      expect(again.body).not.toContain("Sign In / Register");
    }
    // Nor is a member's page ever kept for visitors.
    const next = await cachedVisit("/forum");
    expect(next.body).not.toContain(reader.username);
  });

  it("leave other pages and other requests alone", async () => {
    // Every public page is kept now (decision 100); the sign-in page is not one of them.
    await visit("/auth");
    expect((await visit("/auth")).cached).toBe(false);
    await visit("/forum/topic/999999999");
    const missing = await visit("/forum/topic/999999999");
    expect(missing.status).toBe(404);
    expect(missing.cached).toBe(false);
    const data = await fetch(`${site.base}/forum.data`);
    expect(data.headers.get("x-page-cache")).toBeNull();
  });
});
