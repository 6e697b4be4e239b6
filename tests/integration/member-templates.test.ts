import { eq } from "drizzle-orm";
import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { forumPosts, sessions, users } from "#db/schema";
import { createPost, createTopic } from "~/forum/topics.server";
import { toastHeaders } from "~/utils/toast.server";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Members' forum pages from member templates (decision 120), through the real server: a template is rendered once as
 * a made-up member and each member's id and name are put in per response. What a member gets from it must be the
 * page rendered for them (the same HTML byte for byte, the same data once decoded), with their own posts' links;
 * no member ever sees another's name or id; whatever a template cannot stand for (a hidden post of theirs, a form
 * in the page, staff, a flash message) is rendered for them. Needs a build (npm test makes one).
 */
const site = serveBuildForFile({ PAGE_CACHE_SECONDS: "30" });

type Page = { status: number; cached: boolean; body: string; nonce: string; headers: Headers };

async function visit(pathname: string, cookie: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${site.base}${pathname}`, {
    headers: { Cookie: cookie, ...headers },
    redirect: "manual",
  });
  const csp = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    cached: response.headers.get("x-page-cache") === "hit",
    body: await response.text(),
    nonce: /'nonce-([^']+)'/.exec(csp)?.[1] ?? "",
    headers: response.headers,
  };
}

/** The page from its member template (asks until the template the first view started is kept). */
async function fromTemplate(pathname: string, cookie: string): Promise<Page> {
  for (let i = 0; i < 60; i++) {
    const page = await visit(pathname, cookie);
    if (page.cached) return page;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${pathname} was never served from a member template`);
}

/** The page rendered for the member: a cookie the page cache does not know makes it render the request. */
const rendered = (pathname: string, cookie: string) => visit(pathname, `${cookie}; unrelated=1`);

const DATA_SCRIPT = /window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/;

/** A page's HTML without its nonce and its data script, and that data decoded (turbo-stream, as the browser does). */
async function split(page: Page) {
  const match = DATA_SCRIPT.exec(page.body);
  expect(match, "the page's data script").not.toBeNull();
  const stream = new Blob([JSON.parse(match![1]!) as string]).stream();
  const decoded = await decode(stream);
  await decoded.done;
  return {
    html: page.body.replace(match![0], "").replaceAll(page.nonce, "NONCE"),
    data: decoded.value,
  };
}

async function topicWithPosts(author: { id: number }, replier: { id: number }) {
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Templates ${Date.now()}`,
    description: null,
    category: "general",
  });
  const posts = [];
  for (const [who, content] of [
    [author, "The author's first post."],
    [replier, "A reply by someone else."],
    [author, "The author again."],
  ] as const) {
    posts.push((await createPost({ topicId: topic.id, authorId: who.id, content }))!.post);
  }
  return { topic, posts };
}

describe("a member's forum page from a member template", () => {
  it("is the page rendered for them: the same HTML byte for byte and the same data, their own posts' links too", async () => {
    const author = await member();
    const replier = await member();
    // A name that needs every escape: React's in the text, turbo-stream's and Remix's in the data script.
    const name = `Zoë O'Brien & <Co> "x"\u2028`;
    await db.update(users).set({ username: name }).where(eq(users.id, author.id));
    const { topic, posts } = await topicWithPosts(author, replier);
    for (const [who, cookie] of [
      [author, await cookieFor(author.id)],
      [replier, await cookieFor(replier.id)],
    ] as const) {
      for (const pathname of [`/forum/topic/${topic.id}`, "/forum?category=general"]) {
        const kept = await fromTemplate(pathname, cookie);
        const whole = await rendered(pathname, cookie);
        expect(whole.cached).toBe(false);
        const [a, b] = await Promise.all([split(kept), split(whole)]);
        if (pathname.startsWith("/forum?")) {
          // The list changes whenever any test adds a topic: compare its member parts only.
          expect(a.data).toMatchObject({ loaderData: { root: { user: { id: who.id } } } });
          continue;
        }
        expect(a.html, `${pathname} as member ${who.id}`).toBe(b.html);
        // The header's notifications link is a member hole (decision 312): the template's data leaves its count out.
        const topicData = (b.data as { loaderData: Record<string, { notifications?: unknown }> }).loaderData[
          "routes/forum.topic.$id"
        ]!;
        expect(topicData.notifications).toEqual(expect.any(Number));
        topicData.notifications = null;
        expect(a.data, `${pathname} as member ${who.id}`).toEqual(b.data);
        expect(a.data).toMatchObject({ loaderData: { root: { user: { id: who.id } } } });
      }
    }
    const authorPage = await fromTemplate(`/forum/topic/${topic.id}`, await cookieFor(author.id));
    expect(authorPage.body).toContain(`?edit=${posts[0]!.id}"`);
    expect(authorPage.body).toContain(`?edit=${posts[2]!.id}"`);
    expect(authorPage.body).not.toContain(`?edit=${posts[1]!.id}"`);
    expect(authorPage.body).toContain("Zoë O&#x27;Brien &amp; &lt;Co&gt; &quot;x&quot;");
    const replierPage = await fromTemplate(`/forum/topic/${topic.id}`, await cookieFor(replier.id));
    expect(replierPage.body).toContain(`?edit=${posts[1]!.id}"`);
    expect(replierPage.body).not.toContain(`?edit=${posts[0]!.id}"`);
  });

  it("a member page, another's and one's own, is the page rendered for them (decision 360)", async () => {
    const author = await member();
    const replier = await member();
    const { topic, posts } = await topicWithPosts(author, replier);
    const { setBookmark } = await import("~/forum/bookmarks.server");
    await setBookmark({ memberId: replier.id, postId: posts[0]!.id, topicId: topic.id, bookmark: true });
    const cookie = await cookieFor(replier.id);
    for (const pathname of [`/forum/u/${author.username}`, `/forum/u/${replier.username}`]) {
      const kept = await fromTemplate(pathname, cookie);
      const whole = await rendered(pathname, cookie);
      expect(whole.cached).toBe(false);
      const [a, b] = await Promise.all([split(kept), split(whole)]);
      expect(a.html, pathname).toBe(b.html);
      // The header's link and one's own bookmarks are member holes: the template's data leaves them out.
      const page = (b.data as { loaderData: Record<string, { notifications?: unknown; bookmarks?: unknown }> })
        .loaderData["routes/forum.u.$username"]!;
      page.notifications = null;
      if (pathname.endsWith(replier.username)) expect(page.bookmarks).toMatchObject({ total: 1 });
      page.bookmarks = null;
      expect(a.data, pathname).toEqual(b.data);
      expect(a.data).toMatchObject({ loaderData: { root: { user: { id: replier.id } } } });
    }
    expect((await fromTemplate(`/forum/u/${replier.username}`, cookie)).body).toContain("Your bookmarks (1)");
    expect((await fromTemplate(`/forum/u/${author.username}`, cookie)).body).not.toContain("Your bookmarks");
  });

  it("shows each member only their own name and id, with a nonce, an ETag and a 304 of their own", async () => {
    const first = await member();
    const second = await member();
    const [firstCookie, secondCookie] = [await cookieFor(first.id), await cookieFor(second.id)];
    const a = await fromTemplate("/forum", firstCookie);
    const b = await fromTemplate("/forum", secondCookie);
    expect(a.body).toContain(first.username);
    expect(a.body).not.toContain(second.username);
    expect(b.body).toContain(second.username);
    expect(b.body).not.toContain(first.username);
    expect((await split(b)).data).toMatchObject({ loaderData: { root: { user: { id: second.id } } } });
    const again = await fromTemplate("/forum", firstCookie);
    expect(again.nonce).not.toBe(a.nonce);
    for (const page of [a, again])
      expect(new Set(page.body.match(/nonce="[^"]*"/g))).toEqual(new Set([`nonce="${page.nonce}"`]));
    expect(a.headers.get("cache-control")).toBe("no-store");
    expect(a.headers.get("etag")).not.toBe(b.headers.get("etag"));
    const notModified = await visit("/forum", firstCookie, { "If-None-Match": a.headers.get("etag")! });
    expect(notModified.status).toBe(304);
    expect((await visit("/forum", secondCookie, { "If-None-Match": a.headers.get("etag")! })).status).toBe(200);
  });

  it("shows a new post and a new name on the next view", async () => {
    const author = await member();
    const reader = await member();
    const cookie = await cookieFor(reader.id);
    const { topic } = await topicWithPosts(author, reader);
    await fromTemplate(`/forum/topic/${topic.id}`, cookie);
    await createPost({ topicId: topic.id, authorId: author.id, content: "Written after the template." });
    await expect
      .poll(
        async () => (await visit(`/forum/topic/${topic.id}`, cookie)).body.includes("Written after the template."),
        {
          timeout: 5_000,
        },
      )
      .toBe(true);
    const renamed = `renamed_${Date.now()}`;
    await db.update(users).set({ username: renamed }).where(eq(users.id, reader.id));
    expect((await visit(`/forum/topic/${topic.id}`, cookie)).body).toContain(renamed);
    expect((await fromTemplate(`/forum/topic/${topic.id}`, cookie)).body).toContain(renamed);
  });
});

describe("what a member template never stands for", () => {
  it("a member's own hidden post: they see its text, rendered for them", async () => {
    const author = await member();
    const other = await member();
    const { topic, posts } = await topicWithPosts(author, other);
    await db
      .update(forumPosts)
      .set({ hiddenAt: new Date(), hiddenBy: other.id, hiddenReason: "Off topic" })
      .where(eq(forumPosts.id, posts[0]!.id));
    const otherCookie = await cookieFor(other.id);
    const othersView = await fromTemplate(`/forum/topic/${topic.id}`, otherCookie);
    // the text in any of its spellings (React's escape, the rendered post's, the page data's)
    const firstPost = /The author(&#x27;|&#39;|'|\\u0027|\\')s first post\./;
    expect(othersView.body).not.toMatch(firstPost);
    const authorCookie = await cookieFor(author.id);
    for (let i = 0; i < 5; i++) {
      const page = await visit(`/forum/topic/${topic.id}`, authorCookie);
      expect(page.cached).toBe(false);
      expect(page.body).toMatch(firstPost);
      expect(page.body).toContain("Off topic");
    }
  });

  it("a form in the page (?edit=), a member without e-mail, an admin, a flash message", async () => {
    const author = await member();
    const { topic, posts } = await topicWithPosts(author, await member());
    const authorCookie = await cookieFor(author.id);
    await fromTemplate(`/forum/topic/${topic.id}`, authorCookie);
    const editing = await visit(`/forum/topic/${topic.id}?edit=${posts[0]!.id}`, authorCookie);
    expect(editing.cached).toBe(false);
    expect(editing.body).toContain('name="intent" value="edit"');
    const noEmail = await member({ email: null });
    const admin = await member({ admin: true });
    const toast = (await toastHeaders({ title: "Topic created" })).get("Set-Cookie")!.split(";")[0]!;
    for (const cookie of [await cookieFor(noEmail.id), await cookieFor(admin.id), `${authorCookie}; ${toast}`]) {
      for (let i = 0; i < 4; i++) expect((await visit(`/forum/topic/${topic.id}`, cookie)).cached).toBe(false);
    }
  });

  it("a session that has ended: the page is a visitor's", async () => {
    const reader = await member();
    const cookie = await cookieFor(reader.id);
    await fromTemplate("/forum", cookie);
    // Signed out (or expired, or suspended): the session's row is gone.
    await db.delete(sessions).where(eq(sessions.userId, reader.id));
    const page = await visit("/forum", cookie);
    expect(page.body).not.toContain(reader.username);
    expect(page.body).toContain("Sign In / Register");
  });
});

describe("a member's profile from a member template (decision 122)", () => {
  /** The profile's data as a template leaves it: the two holes' parts out (the cache fills them into the HTML). */
  function withoutHoles(data: unknown) {
    const copy = structuredClone(data) as { loaderData: Record<string, { browsers: unknown; user: object }> };
    const profile = copy.loaderData["routes/user-profile"]!;
    profile.browsers = null;
    profile.user = { ...profile.user, createdAt: null };
    return copy;
  }

  it("is the page rendered for them, verified or not, with a name and an address that need every escape", async () => {
    for (const verified of [true, false]) {
      const who = await member();
      const name = `Zoë O'Brien & <Co> "x"\u2028 ${verified}`;
      const email = `zoë.o'brien+a&b<c>"${who.id}"@example.test`;
      await db.update(users).set({ username: name, email, isEmailVerified: verified }).where(eq(users.id, who.id));
      const cookie = await cookieFor(who.id);
      await cookieFor(who.id); // a second browser, listed too
      const kept = await fromTemplate("/user-profile", cookie);
      const whole = await rendered("/user-profile", cookie);
      expect(whole.cached).toBe(false);
      const [a, b] = await Promise.all([split(kept), split(whole)]);
      expect(a.html, `verified: ${verified}`).toBe(b.html);
      expect(a.data).toEqual(withoutHoles(b.data));
      expect(a.data).toMatchObject({
        loaderData: { root: { user: { id: who.id, username: name } }, "routes/user-profile": { user: { email } } },
      });
      expect(kept.body).toContain("zoë.o&#x27;brien+a&amp;b&lt;c&gt;&quot;");
      expect(kept.body.match(/>This browser</g)).toHaveLength(1);
      expect(kept.body.match(/Last seen <time/g)).toHaveLength(2);
      expect(kept.body.includes("Resend verification email")).toBe(!verified);
    }
  });

  it("shows each member only their own, with what changed since their last view, and an ETag of their own", async () => {
    const first = await member();
    const second = await member();
    const [firstCookie, secondCookie] = [await cookieFor(first.id), await cookieFor(second.id)];
    const a = await fromTemplate("/user-profile", firstCookie);
    const b = await fromTemplate("/user-profile", secondCookie);
    for (const [page, own, other] of [
      [a, first, second],
      [b, second, first],
    ] as const) {
      expect(page.body).toContain(own.username);
      expect(page.body).toContain(own.email!);
      expect(page.body).not.toContain(other.username);
      expect(page.body).not.toContain(other.email!);
    }
    expect(a.headers.get("cache-control")).toBe("no-store");
    const etag = a.headers.get("etag")!;
    expect(etag).not.toBe(b.headers.get("etag"));
    expect((await visit("/user-profile", firstCookie, { "If-None-Match": etag })).status).toBe(304);
    expect((await visit("/user-profile", secondCookie, { "If-None-Match": etag })).status).toBe(200);
    // Signed in on another browser, and the address verified since: both show on the next view, with a new ETag.
    await cookieFor(first.id);
    await db.update(users).set({ isEmailVerified: false }).where(eq(users.id, first.id));
    const next = await fromTemplate("/user-profile", firstCookie);
    expect(next.body.match(/Last seen <time/g)).toHaveLength(2);
    expect(next.body).toContain("Resend verification email");
    expect(next.headers.get("etag")).not.toBe(etag);
    expect((await visit("/user-profile", firstCookie, { "If-None-Match": etag })).status).toBe(200);
  });

  it("never stands for a query, a member without e-mail, an admin, a flash message or a visitor", async () => {
    const who = await member();
    const cookie = await cookieFor(who.id);
    await fromTemplate("/user-profile", cookie);
    const noEmail = await member({ email: null });
    const admin = await member({ admin: true });
    const toast = (await toastHeaders({ title: "Email updated" })).get("Set-Cookie")!.split(";")[0]!;
    for (const [pathname, asWho] of [
      ["/user-profile?dialog=x", cookie],
      ["/user-profile", await cookieFor(noEmail.id)],
      ["/user-profile", await cookieFor(admin.id)],
      ["/user-profile", `${cookie}; ${toast}`],
    ] as const) {
      for (let i = 0; i < 4; i++) {
        const page = await visit(pathname, asWho);
        expect(page.cached, `${pathname} ${asWho}`).toBe(false);
        expect(page.status).toBe(200);
      }
    }
    expect((await visit("/user-profile", await cookieFor(noEmail.id))).body).toContain("No email address on file");
    for (let i = 0; i < 3; i++) {
      const visitor = await visit("/user-profile", "");
      expect(visitor.status).toBe(302);
      expect(visitor.cached).toBe(false);
    }
  });
});
