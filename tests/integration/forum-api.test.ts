import { describe, expect, it } from "vitest";
import { createAdminApiToken } from "~/accounts/admin-tokens.server";
import { createTopic, createPost } from "~/forum/topics.server";
import * as adminPage from "~/routes/admin.emails";
import * as emailListRoute from "~/routes/api.admin.email-list";
import * as categoryWatchRoute from "~/routes/api.forum.categories.$category.watch";
import * as postRoute from "~/routes/api.forum.posts.$postId";
import * as topicRoute from "~/routes/api.forum.topics.$id._index";
import * as postsRoute from "~/routes/api.forum.topics.$id.posts";
import * as watchRoute from "~/routes/api.forum.topics.$id.watch";
import * as topicsRoute from "~/routes/api.forum.topics._index";
import * as forumPage from "~/routes/forum._index";
import * as topicPage from "~/routes/forum.topic.$id";
import { answerOf, call, settle, statusAndBody } from "../support/routes";
import { formRequest, jsonRequest, member } from "./forum-helpers";

const ctx = { context: {} as never };
const unique = () => Math.random().toString(36).slice(2, 10);

describe("forum API", () => {
  it("creates and reads topics and posts with the spec's shapes", async () => {
    const author = await member();
    const created = await answerOf(
      await settle(async () =>
        topicsRoute.action({
          ...ctx,
          params: {},
          request: await jsonRequest("/api/forum/topics", {
            method: "POST",
            userId: author.id,
            body: { title: `API topic ${unique()}`, description: "About numbers", category: "principles" },
          }),
        }),
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      category: "principles",
      description: "About numbers",
      postCount: 0,
      authorId: author.id,
    });
    expect(created.body.author).toEqual({ username: author.username });
    const id = created.body.id as number;

    const list = await answerOf(
      await topicsRoute.loader({
        ...ctx,
        params: {},
        request: await jsonRequest("/api/forum/topics?category=principles&limit=100"),
      }),
    );
    expect(list.status).toBe(200);
    expect(list.body.find((t: { id: number }) => t.id === id)?.author.username).toBe(author.username);
    expect(list.body.every((t: { category: string }) => t.category === "principles")).toBe(true);

    const replier = await member();
    const reply = await answerOf(
      await settle(async () =>
        postsRoute.action({
          ...ctx,
          params: { id: String(id) },
          request: await jsonRequest(`/api/forum/topics/${id}/posts`, {
            method: "POST",
            userId: replier.id,
            body: { content: "  Hello <b>there</b>  " },
          }),
        }),
      ),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      number: 1,
      content: "Hello <b>there</b>",
      topicId: id,
      author: { username: replier.username },
    });

    const topic = await answerOf(
      await topicRoute.loader({
        ...ctx,
        params: { id: String(id) },
        request: await jsonRequest(`/api/forum/topics/${id}`),
      }),
    );
    expect(topic.body.postCount).toBe(1);
    const posts = await answerOf(
      await postsRoute.loader({
        ...ctx,
        params: { id: String(id) },
        request: await jsonRequest(`/api/forum/topics/${id}/posts`),
      }),
    );
    expect(posts.body.map((p: { number: number }) => p.number)).toEqual([1]);
  });

  it("answers 401 without a session, 400 with the rule's message, 404 for a missing topic, 403 for another's post", async () => {
    const anonymous = await answerOf(
      await settle(async () =>
        topicsRoute.action({
          ...ctx,
          params: {},
          request: await jsonRequest("/api/forum/topics", { method: "POST", body: { title: "Hello there" } }),
        }),
      ),
    );
    expect(anonymous.status).toBe(401);

    const author = await member();
    const short = await answerOf(
      await settle(async () =>
        topicsRoute.action({
          ...ctx,
          params: {},
          request: await jsonRequest("/api/forum/topics", { method: "POST", userId: author.id, body: { title: "Hi" } }),
        }),
      ),
    );
    expect(statusAndBody(short)).toEqual({ status: 400, body: { error: "Title must be at least 3 characters" } });
    const badCategory = await answerOf(
      await settle(async () =>
        topicsRoute.action({
          ...ctx,
          params: {},
          request: await jsonRequest("/api/forum/topics", {
            method: "POST",
            userId: author.id,
            body: { title: "Fine title", category: "cats" },
          }),
        }),
      ),
    );
    expect(statusAndBody(badCategory)).toEqual({ status: 400, body: { error: "Choose one of the forum categories" } });
    const badJson = await answerOf(
      await settle(async () =>
        topicsRoute.action({
          ...ctx,
          params: {},
          request: await jsonRequest("/api/forum/topics", { method: "POST", userId: author.id, body: "{oops" }),
        }),
      ),
    );
    expect(badJson.status).toBe(400);

    const missing = await answerOf(
      await settle(async () =>
        postsRoute.action({
          ...ctx,
          params: { id: "2000000000" },
          request: await jsonRequest("/api/forum/topics/2000000000/posts", {
            method: "POST",
            userId: author.id,
            body: { content: "hi" },
          }),
        }),
      ),
    );
    expect(missing.status).toBe(404);
    expect(
      (
        await answerOf(
          await settle(async () =>
            topicRoute.loader({
              ...ctx,
              params: { id: "abc" },
              request: await jsonRequest("/api/forum/topics/abc"),
            }),
          ),
        )
      ).status,
    ).toBe(400);

    const { topic } = await createTopic({
      authorId: author.id,
      title: `Perm ${unique()}`,
      description: null,
      category: "general",
    });
    const { post } = (await createPost({ topicId: topic.id, authorId: author.id, content: "mine" }))!;
    const stranger = await member();
    const patch = (userId: number | undefined, content: unknown) =>
      settle(async () =>
        postRoute.action({
          ...ctx,
          params: { postId: String(post.id) },
          request: await jsonRequest(`/api/forum/posts/${post.id}`, { method: "PATCH", userId, body: { content } }),
        }),
      )
        .then(answerOf)
        .then(statusAndBody);
    expect((await patch(undefined, "x")).status).toBe(401);
    expect(await patch(stranger.id, "taken over")).toEqual({
      status: 403,
      body: { error: "You can only edit your own posts." },
    });
    expect(await patch(author.id, "   ")).toEqual({ status: 400, body: { error: "Post content cannot be empty." } });
    expect(await patch(author.id, "x".repeat(2001))).toEqual({
      status: 400,
      body: { error: "Post content must be 2000 characters or less." },
    });
    const ok = await patch(author.id, "  edited words ");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ content: "edited words", edited: true });
  });
});

describe("forum API: posts' HTML and the member's watch level (decision 421)", () => {
  const getPosts = async (topicId: number, userId?: number) =>
    answerOf(
      await postsRoute.loader({
        ...ctx,
        params: { id: String(topicId) },
        request: await jsonRequest(`/api/forum/topics/${topicId}/posts`, { userId }),
      }),
    );
  const getOnePost = async (postId: number, userId?: number) =>
    answerOf(
      await postRoute.loader({
        ...ctx,
        params: { postId: String(postId) },
        request: await jsonRequest(`/api/forum/posts/${postId}`, { userId }),
      }),
    );
  const getTopic = async (topicId: number, userId?: number) =>
    answerOf(
      await topicRoute.loader({
        ...ctx,
        params: { id: String(topicId) },
        request: await jsonRequest(`/api/forum/topics/${topicId}`, { userId }),
      }),
    );
  const setWatch = async (topicId: number, userId: number | undefined, body: unknown) =>
    statusAndBody(
      await answerOf(
        await settle(async () =>
          watchRoute.action({
            ...ctx,
            params: { id: String(topicId) },
            request: await jsonRequest(`/api/forum/topics/${topicId}/watch`, { method: "POST", userId, body }),
          }),
        ),
      ),
    );

  it("gives each post its html exactly as the topic page renders it; a hidden post's only to those who may read it", async () => {
    const author = await member();
    const named = await member();
    const stranger = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `HTML ${unique()}`,
      description: null,
      category: "general",
    });
    const texts = [
      `**Bold** and a list:\n\n- one\n- two\n\nThanks @${named.username}, see [the site](https://example.test/a)`,
      "<script>alert(1)</script> [x](javascript:alert(1)) ![img](https://evil.test/i.png)",
      "The words of a post a moderator hides.",
    ];
    const posts = [];
    for (const content of texts)
      posts.push((await createPost({ topicId: topic.id, authorId: author.id, content }))!.post);
    const { db } = await import("#db/client.server");
    const { forumPosts } = await import("#db/schema");
    const { eq } = await import("drizzle-orm");
    await db
      .update(forumPosts)
      .set({ hiddenAt: new Date(), hiddenReason: "spam" })
      .where(eq(forumPosts.id, posts[2]!.id));

    // What the topic page's loader renders for the same reader is what the API answers, post by post.
    const page = await call(topicPage.loader, await jsonRequest(`/forum/topic/${topic.id}`, { userId: stranger.id }), {
      params: { id: String(topic.id) },
    });
    const listed = await getPosts(topic.id, stranger.id);
    expect(listed.status).toBe(200);
    expect(listed.body.map((p: { html: string | null }) => p.html)).toEqual(
      page.body.posts.map((p: { html: string | null }) => p.html),
    );
    const [first, hostile, hidden] = listed.body as Array<{ html: string | null; content: string }>;
    expect(first!.html).toContain("<strong>Bold</strong>");
    expect(first!.html).toContain("<li>one</li>");
    expect(first!.html).toContain(`href="/forum/u/${named.username}"`);
    expect(first!.html).toContain('<a href="https://example.test/a" rel="ugc nofollow noopener">the site</a>');
    // inert: the script is text, no javascript: link, no remote image is loaded
    expect(hostile!.html).toContain("&lt;script&gt;");
    expect(hostile!.html).not.toMatch(/<script|href="javascript:|<img/i);
    // A hidden post: the notice for a stranger, and no html; its author reads it rendered.
    expect(hidden).toMatchObject({ content: "This post was hidden by a moderator", html: null });
    expect((await getOnePost(posts[2]!.id, stranger.id)).body).toMatchObject({ html: null });
    expect((await getOnePost(posts[2]!.id)).body).toMatchObject({ html: null });
    const own = await getOnePost(posts[2]!.id, author.id);
    expect(own.body).toMatchObject({ content: texts[2], html: `<p>${texts[2]}</p>` });
    expect((await getPosts(topic.id, author.id)).body[2].html).toBe(own.body.html);

    // A new post and an edit answer with their html too.
    const created = await answerOf(
      await settle(async () =>
        postsRoute.action({
          ...ctx,
          params: { id: String(topic.id) },
          request: await jsonRequest(`/api/forum/topics/${topic.id}/posts`, {
            method: "POST",
            userId: stranger.id,
            body: { content: "*new*" },
          }),
        }),
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body.html).toBe("<p><em>new</em></p>");
    const edited = await answerOf(
      await settle(async () =>
        postRoute.action({
          ...ctx,
          params: { postId: String(created.body.id) },
          request: await jsonRequest(`/api/forum/posts/${created.body.id}`, {
            method: "PATCH",
            userId: stranger.id,
            body: { content: "`code`" },
          }),
        }),
      ),
    );
    expect(edited.body.html).toBe("<p><code>code</code></p>");
  });

  it("answers a member's watch level of a topic and the level in effect, and sets it with the page form's rule", async () => {
    const author = await member();
    const reader = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Watch ${unique()}`,
      description: null,
      category: "technology",
    });
    // A visitor gets the topic without a watch; a member who chose nothing: null, in effect tracking.
    const visitor = await getTopic(topic.id);
    expect(visitor.body.id).toBe(topic.id);
    expect(visitor.body).not.toHaveProperty("watchLevel");
    expect(visitor.body).not.toHaveProperty("effectiveWatchLevel");
    expect((await getTopic(topic.id, reader.id)).body).toMatchObject({
      watchLevel: null,
      effectiveWatchLevel: "tracking",
    });

    // The category's level reaches its topics; watching first post is not a topic's level (its topics keep the
    // default); the topic's own choice wins.
    const { setWatchLevel } = await import("~/forum/watching.server");
    await setWatchLevel({ memberId: reader.id, category: "technology", level: "muted" });
    expect((await getTopic(topic.id, reader.id)).body).toMatchObject({
      watchLevel: null,
      effectiveWatchLevel: "muted",
    });
    await setWatchLevel({ memberId: reader.id, category: "technology", level: "watching_first_post" });
    expect((await getTopic(topic.id, reader.id)).body).toMatchObject({
      watchLevel: null,
      effectiveWatchLevel: "tracking",
    });
    expect(await setWatch(topic.id, reader.id, { level: "watching" })).toEqual({
      status: 200,
      body: { watchLevel: "watching", effectiveWatchLevel: "watching" },
    });
    expect((await getTopic(topic.id, reader.id)).body).toMatchObject({
      watchLevel: "watching",
      effectiveWatchLevel: "watching",
    });
    // The topic page's form shows the same level.
    const page = await call(topicPage.loader, await jsonRequest(`/forum/topic/${topic.id}`, { userId: reader.id }), {
      params: { id: String(topic.id) },
    });
    expect(page.body.watch.level).toBe("watching");

    // Refused, with nothing changed: a category's level, an unknown one, none, signed out, a missing topic, a bad id.
    const choices = "Choose one of Watching, Tracking, Normal or Muted.";
    expect(await setWatch(topic.id, reader.id, { level: "watching_first_post" })).toEqual({
      status: 400,
      body: { error: choices },
    });
    expect(await setWatch(topic.id, reader.id, { level: "everything" })).toEqual({
      status: 400,
      body: { error: choices },
    });
    expect(await setWatch(topic.id, reader.id, {})).toEqual({ status: 400, body: { error: choices } });
    expect(await setWatch(topic.id, reader.id, "[1]")).toMatchObject({ status: 400 });
    expect(await setWatch(topic.id, undefined, { level: "muted" })).toEqual({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await setWatch(2_000_000_000, reader.id, { level: "muted" })).toEqual({
      status: 404,
      body: { error: "Topic not found" },
    });
    expect((await getTopic(topic.id, reader.id)).body.watchLevel).toBe("watching");

    // A hidden topic is not found by a member who may not see it.
    const { db } = await import("#db/client.server");
    const { forumTopics } = await import("#db/schema");
    const { eq } = await import("drizzle-orm");
    await db.update(forumTopics).set({ hiddenAt: new Date() }).where(eq(forumTopics.id, topic.id));
    expect((await setWatch(topic.id, reader.id, { level: "muted" })).status).toBe(404);
    expect((await setWatch(topic.id, author.id, { level: "muted" })).body).toEqual({
      watchLevel: "muted",
      effectiveWatchLevel: "muted",
    });
  });

  it("reads and sets a member's level of a category, watching first post included", async () => {
    const reader = await member();
    const category = async (name: string, userId: number | undefined, body?: unknown) =>
      statusAndBody(
        await answerOf(
          await settle(async () => {
            const request = await jsonRequest(`/api/forum/categories/${name}/watch`, {
              method: body === undefined ? "GET" : "POST",
              userId,
              body,
            });
            const args = { ...ctx, params: { category: name }, request };
            return body === undefined ? categoryWatchRoute.loader(args) : categoryWatchRoute.action(args);
          }),
        ),
      );
    expect(await category("principles", reader.id)).toEqual({
      status: 200,
      body: { category: "principles", watchLevel: "normal" },
    });
    expect(await category("principles", reader.id, { level: "watching_first_post" })).toEqual({
      status: 200,
      body: { category: "principles", watchLevel: "watching_first_post" },
    });
    expect((await category("principles", reader.id)).body.watchLevel).toBe("watching_first_post");
    // The category form's rule; signed out 401; an address that names no category 404.
    expect(await category("principles", reader.id, { level: "all" })).toEqual({
      status: 400,
      body: { error: "Choose one of Watching, Tracking, Watching First Post, Normal or Muted." },
    });
    expect((await category("principles", undefined)).status).toBe(401);
    expect((await category("principles", undefined, { level: "muted" })).status).toBe(401);
    expect(await category("cats", reader.id, { level: "muted" })).toEqual({
      status: 404,
      body: { error: "Category not found" },
    });
    expect((await category("principles", reader.id)).body.watchLevel).toBe("watching_first_post");
  });
});

describe("forum pages", () => {
  it("answers 'Topic Not Found': 400 for an address that names no topic, 404 for a missing one", async () => {
    for (const [id, status] of [
      ["abc", 400],
      ["12abc", 400],
      ["2000000000", 404],
    ] as const) {
      const result = await answerOf(
        await settle(async () =>
          topicPage.loader({ ...ctx, params: { id }, request: await jsonRequest(`/forum/topic/${id}`) }),
        ),
      );
      expect(result.status, id).toBe(status);
      expect(result.body).toMatch(/^Topic Not Found/);
    }
  });

  it("creates a topic from the form, and returns the messages of a bad one with status 400", async () => {
    const author = await member();
    const title = `Form topic ${unique()}`;
    const ok = await settle(async () =>
      forumPage.action({
        ...ctx,
        params: {},
        request: await formRequest(
          "/forum?index",
          { intent: "create-topic", title, category: "technology" },
          author.id,
        ),
      }),
    );
    expect(ok).toBeInstanceOf(Response);
    expect((ok as Response).status).toBe(302);
    expect((ok as Response).headers.get("Location")).toMatch(/^\/forum\/topic\/\d+$/);

    const bad = await answerOf(
      await settle(async () =>
        forumPage.action({
          ...ctx,
          params: {},
          request: await formRequest("/forum?index", { intent: "create-topic", title: "ab" }, author.id),
        }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.result.error.title).toEqual(["Title must be at least 3 characters"]);
    expect(bad.body.toast.title).toBe("Failed to create topic");

    const visitor = await settle(async () =>
      forumPage.action({
        ...ctx,
        params: {},
        request: await formRequest("/forum?index", { intent: "create-topic", title }),
      }),
    );
    expect((visitor as Response).status).toBe(302);
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("shows the edit rules' messages and refuses to edit another member's post", async () => {
    const author = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Edit page ${unique()}`,
      description: null,
      category: "general",
    });
    const { post } = (await createPost({ topicId: topic.id, authorId: author.id, content: "original" }))!;
    const edit = (fields: Record<string, string>, userId: number) =>
      settle(async () =>
        topicPage.action({
          ...ctx,
          params: { id: String(topic.id) },
          request: await formRequest(
            `/forum/topic/${topic.id}`,
            { intent: "edit", postId: String(post.id), ...fields },
            userId,
          ),
        }),
      ).then(answerOf);
    const empty = await edit({ content: "   " }, author.id);
    expect(empty.status).toBe(400);
    expect(empty.body.toast).toEqual({ title: "Content required", description: "Post content cannot be empty." });
    const long = await edit({ content: "y".repeat(2001) }, author.id);
    expect(long.body.toast).toEqual({
      title: "Content too long",
      description: "Post content must be 2000 characters or less.",
    });
    const stranger = await member();
    expect((await edit({ content: "mine now" }, stranger.id)).status).toBe(403);
    const saved = await settle(async () =>
      topicPage.action({
        ...ctx,
        params: { id: String(topic.id) },
        request: await formRequest(
          `/forum/topic/${topic.id}`,
          { intent: "edit", postId: String(post.id), content: " new text " },
          author.id,
        ),
      }),
    );
    expect((saved as Response).status).toBe(302);
    const page = await answerOf(
      await topicPage.loader({
        ...ctx,
        params: { id: String(topic.id) },
        request: await jsonRequest(`/forum/topic/${topic.id}`),
      }),
    );
    expect(page.body.posts[0]).toMatchObject({ html: "<p>new text</p>", edited: true, number: 1 });
  });
});

describe("admin e-mail export", () => {
  it("serves JSON, CSV (formula cells neutralised) and TXT to admins and their API tokens only", async () => {
    const tricky = `=cmd${unique()}@example.test`;
    await member({ email: tricky });
    const admin = await member({ admin: true });
    const plain = await member();
    // an admin's own token (decision 291; made on /admin/api-tokens, see staff-second-factor.test.ts)
    const { token: TOKEN } = await createAdminApiToken({ userId: admin.id, name: "export", days: 7 });

    const anonymous = await emailListRoute.loader({
      ...ctx,
      params: {},
      request: await jsonRequest("/api/admin/email-list"),
    });
    expect(anonymous.status).toBe(401);
    const forbidden = await emailListRoute.loader({
      ...ctx,
      params: {},
      request: await jsonRequest("/api/admin/email-list?format=csv", { userId: plain.id }),
    });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).not.toContain("@example.test");
    const wrongToken = await emailListRoute.loader({
      ...ctx,
      params: {},
      request: await jsonRequest("/api/admin/email-list", {
        headers: { Authorization: "Bearer wrong-token-wrong-token" },
      }),
    });
    expect(wrongToken.status).toBe(403);

    const json = await emailListRoute.loader({
      ...ctx,
      params: {},
      request: await jsonRequest("/api/admin/email-list", { headers: { Authorization: `Bearer ${TOKEN}` } }),
    });
    expect(json.status).toBe(200);
    const body = (await json.json()) as { emails: string[]; totalEmails: number; exportedAt: string };
    expect(body.emails).toContain(tricky);
    expect(body.emails).toContain(plain.email);
    expect(body.totalEmails).toBe(body.emails.length);
    expect(new Date(body.exportedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const csv = await emailListRoute.loader({
      ...ctx,
      params: {},
      request: await jsonRequest("/api/admin/email-list?format=csv", { userId: admin.id }),
    });
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="forum-emails.csv"');
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0]).toBe("email");
    expect(rows).toContain(`'${tricky}`);
    expect(rows).not.toContain(tricky);
    expect(rows).toContain(plain.email);

    const txt = await emailListRoute.loader({
      ...ctx,
      params: {},
      request: await jsonRequest("/api/admin/email-list?format=txt", { userId: admin.id }),
    });
    expect(txt.headers.get("Content-Disposition")).toBe('attachment; filename="forum-emails.txt"');
    expect((await txt.text()).split("\n")).toContain(tricky);
  });

  it("refuses the page to members (403) and sends visitors to sign in", async () => {
    const plain = await member();
    const forbidden = await settle(async () =>
      adminPage.loader({ ...ctx, params: {}, request: await jsonRequest("/admin/emails", { userId: plain.id }) }),
    );
    expect((forbidden as Response).status).toBe(403);
    const visitor = await settle(async () =>
      adminPage.loader({ ...ctx, params: {}, request: await jsonRequest("/admin/emails") }),
    );
    expect((visitor as Response).status).toBe(302);
    const admin = await member({ admin: true });
    const page = (await adminPage.loader({
      ...ctx,
      params: {},
      request: await jsonRequest("/admin/emails", { userId: admin.id }),
    })) as { emails: string[] };
    expect(page.emails).toContain(admin.email);
  });
});
