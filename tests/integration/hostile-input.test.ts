import { and, count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, users } from "#db/schema";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE } from "~/components/honeypot";
import { createTopic } from "~/forum/topics.server";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Hostile input as a visitor sends it, through the real server (issue 14): forms posted as a browser without
 * JavaScript posts them, and JSON as API clients send it. Each hostile input gets its 4xx and message, nothing is
 * stored, and the normal input still works. Needs a build (npm test makes one).
 */
const site = serveBuildForFile({ FORUM_POST_INTERVAL_SECONDS: "5" });

const unique = () => Math.random().toString(36).slice(2, 10);

/** HTML text with React's escapes undone, so messages with quotes can be looked for. */
const unescape = (html: string) =>
  html
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

async function postForm(pathname: string, body: string, cookie?: string) {
  const response = await fetch(`${site.base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.base,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
  });
  return { status: response.status, headers: response.headers, text: unescape(await response.text()) };
}

async function postJson(pathname: string, body: string, cookie?: string) {
  const response = await fetch(`${site.base}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.base, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
  const text = await response.text();
  // Answers are JSON of every route's shape: tests read them as the client would, without declaring each one.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the test reads the text
  }
  return { status: response.status, headers: response.headers, json, text };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function topicsBy(authorId: number) {
  const [row] = await db.select({ n: count() }).from(forumTopics).where(eq(forumTopics.authorId, authorId));
  return row!.n;
}
async function postsBy(authorId: number) {
  return db.select({ content: forumPosts.content }).from(forumPosts).where(eq(forumPosts.authorId, authorId));
}

describe("the user-text rule through the forms (no JavaScript) and the JSON API", () => {
  it("refuses NUL and controls in a title or post with 400 naming the field; nothing is stored", async () => {
    const author = await member();
    const cookie = await cookieFor(author.id);
    const page = await postForm(
      "/forum?index",
      form({ intent: "create-topic", title: "Bad\u0000title", category: "general" }),
      cookie,
    );
    expect(page.status).toBe(400);
    expect(page.text).toContain("Title contains a control character (such as NUL), which is not allowed.");
    const api = await postJson(
      "/api/forum/topics",
      JSON.stringify({ title: "Bad\u0000title", category: "general" }),
      cookie,
    );
    expect(api.status).toBe(400);
    expect(api.json).toEqual({ error: "Title contains a control character (such as NUL), which is not allowed." });
    expect(await topicsBy(author.id)).toBe(0);

    const { topic } = await createTopic({
      authorId: (await member()).id,
      title: `Target ${unique()}`,
      description: null,
      category: "general",
    });
    const reply = await postForm(
      `/forum/topic/${topic.id}`,
      form({ intent: "reply", content: "nul \u0000 here" }),
      cookie,
    );
    expect(reply.status).toBe(400);
    expect(reply.text).toContain("Failed to post reply");
    expect(reply.text).toContain("Post content contains a control character (such as NUL), which is not allowed.");
    const apiReply = await postJson(
      `/api/forum/topics/${topic.id}/posts`,
      JSON.stringify({ content: "bell \u0007" }),
      cookie,
    );
    expect(apiReply.status).toBe(400);
    expect(apiReply.json.error).toBe("Post content contains a control character (such as NUL), which is not allowed.");
    expect(await postsBy(author.id)).toEqual([]);
  });

  it("refuses a lone surrogate in JSON (\\ud800) and in a form (%ED%A0%80) instead of storing U+FFFD", async () => {
    const author = await member();
    const cookie = await cookieFor(author.id);
    const api = await postJson(
      "/api/forum/topics",
      String.raw`{"title":"Lone \ud800 surrogate","category":"general"}`,
      cookie,
    );
    expect(api.status).toBe(400);
    expect(api.json.error).toBe('The field "title" contains an invalid character (a lone surrogate).');
    const page = await postForm(
      "/forum?index",
      "intent=create-topic&category=general&title=Lone%20%ED%A0%80%20surrogate",
      cookie,
    );
    expect(page.status).toBe(400);
    expect(page.text).toContain('The field "title" is not valid text');
    expect(await topicsBy(author.id)).toBe(0);
  });

  it("treats invisible-only titles as empty and refuses a letter with 1,000 combining marks", async () => {
    const author = await member();
    const cookie = await cookieFor(author.id);
    const zw = await postForm(
      "/forum?index",
      form({ intent: "create-topic", title: "\u200b".repeat(20), category: "general" }),
      cookie,
    );
    expect(zw.status).toBe(400);
    expect(zw.text).toContain("Title must be at least 3 characters");
    const zalgo = await postJson(
      "/api/forum/topics",
      JSON.stringify({ title: `Z${"\u0300".repeat(1000)}`, category: "general" }),
      cookie,
    );
    expect(zalgo.status).toBe(400);
    expect(zalgo.json.error).toBe("Title has more than 4 combining marks on one character.");
    expect(await topicsBy(author.id)).toBe(0);
  });

  it("removes a right-to-left override from titles and posts and shows member text isolated", async () => {
    const author = await member();
    const cookie = await cookieFor(author.id);
    const title = `Spoof ${unique()} \u202Egnp.exe`;
    const created = await postForm(
      "/forum?index",
      form({ intent: "create-topic", title, category: "general" }),
      cookie,
    );
    expect(created.status).toBe(302);
    const topicId = Number(/\/forum\/topic\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    const [stored] = await db.select({ title: forumTopics.title }).from(forumTopics).where(eq(forumTopics.id, topicId));
    expect(stored!.title).toBe(title.replace("\u202E", ""));

    // Another member replies: the author's next post would wait for the forum's pace (tested below).
    const replier = await member();
    const reply = await postForm(
      `/forum/topic/${topicId}`,
      form({ intent: "reply", content: "file \u202Egnp.exe" }),
      await cookieFor(replier.id),
    );
    expect(reply.status).toBe(302);
    expect(await postsBy(replier.id)).toEqual([{ content: "file gnp.exe" }]);
    const page = await fetch(`${site.base}/forum/topic/${topicId}`).then((r) => r.text());
    expect(page).toMatch(/<div dir="auto"[^>]*><p>file gnp.exe<\/p><\/div>/);
    expect(page).toContain(`<bdi>${author.username}</bdi>`);
    expect(page).toContain(`<bdi>${replier.username}</bdi>`);
  });
});

describe("a field sent twice", () => {
  it("is a 400 with a clear message on a form action and in a JSON body; nothing is stored", async () => {
    const angel = await postForm("/angel", "number=11&number=22");
    expect(angel.status).toBe(400);
    expect(angel.text).toContain('The field "number" was sent more than once. Send each field once.');
    // the same value again is not ambiguous: lynx sends every button equal to the pressed one (decision 130)
    const repeated = await postForm("/?index", "number=7&number=7&number=7");
    expect(repeated.status).toBe(302);

    const author = await member();
    const cookie = await cookieFor(author.id);
    const title = `Twice ${unique()}`;
    const page = await postForm(
      "/forum?index",
      `intent=create-topic&category=general&title=${title}&title=Other`,
      cookie,
    );
    expect(page.status).toBe(400);
    expect(page.text).toContain('The field "title" was sent more than once.');
    const api = await postJson(
      "/api/forum/topics",
      `{"title":"${title}","category":"general","title":"Other"}`,
      cookie,
    );
    expect(api.status).toBe(400);
    expect(api.json.error).toBe('The field "title" was sent more than once. Send each field once.');
    const nested = await postJson(
      "/api/generate-content",
      `{"number":3,"preferences":{"style":"poetic","style":"practical"}}`,
    );
    expect(nested.status).toBe(400);
    expect(nested.json.error).toBe('The field "style" was sent more than once. Send each field once.');
    expect(await topicsBy(author.id)).toBe(0);
  });

  it("leaves single fields alone: the same angel number form works", async () => {
    const angel = await postForm("/angel", "number=11");
    expect([200, 302, 303]).toContain(angel.status);
  });
});

describe("forum pace", () => {
  it("answers a second reply within 5 seconds 429 with Retry-After and 'Failed to post reply'; a double submit still gets the first", async () => {
    const author = await member();
    const cookie = await cookieFor(author.id);
    const { topic } = await createTopic({
      authorId: (await member()).id,
      title: `Pace ${unique()}`,
      description: null,
      category: "general",
    });
    const first = await postForm(`/forum/topic/${topic.id}`, form({ intent: "reply", content: "First reply" }), cookie);
    expect(first.status).toBe(302);
    // The same reply again (a double click) is the first one, not an error.
    const again = await postForm(`/forum/topic/${topic.id}`, form({ intent: "reply", content: "First reply" }), cookie);
    expect(again.status).toBe(302);

    const second = await postForm(
      `/forum/topic/${topic.id}`,
      form({ intent: "reply", content: "Second reply" }),
      cookie,
    );
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(second.headers.get("retry-after"))).toBeLessThanOrEqual(5);
    expect(second.text).toContain("Failed to post reply");
    expect(second.text).toMatch(/You are posting too quickly\. Please wait \d seconds? before posting again\./);

    const api = await postJson(
      `/api/forum/topics/${topic.id}/posts`,
      JSON.stringify({ content: "Third reply" }),
      cookie,
    );
    expect(api.status).toBe(429);
    expect(api.headers.get("retry-after")).toMatch(/^[1-5]$/);
    expect(await postsBy(author.id)).toEqual([{ content: "First reply" }]);

    await new Promise((r) => setTimeout(r, Number(api.headers.get("retry-after")) * 1000 + 100));
    const later = await postForm(
      `/forum/topic/${topic.id}`,
      form({ intent: "reply", content: "Second reply" }),
      cookie,
    );
    expect(later.status).toBe(302);
    expect((await postsBy(author.id)).map((p) => p.content).sort()).toEqual(["First reply", "Second reply"]);
  });
});

describe("forum pace and a new topic (issue 47)", () => {
  it("lets a member reply at once to the topic just created; the next reply, and a reply elsewhere, are paced", async () => {
    const author = await member();
    const cookie = await cookieFor(author.id);
    const title = `Own topic ${unique()}`;
    const created = await postForm(
      "/forum?index",
      form({ intent: "create-topic", title, description: "", category: "general" }),
      cookie,
    );
    expect(created.status).toBe(302);
    const [topic] = await db
      .select({ id: forumTopics.id })
      .from(forumTopics)
      .where(and(eq(forumTopics.authorId, author.id), eq(forumTopics.title, title)));
    // the topic's own creation does not count against its author's first reply (decision 092 refused it for 5 s)
    const first = await postForm(
      `/forum/topic/${topic!.id}`,
      form({ intent: "reply", content: "And one more thing" }),
      cookie,
    );
    expect(first.status).toBe(302);
    expect(await postsBy(author.id)).toEqual([{ content: "And one more thing" }]);
    // ...once: the next reply within 5 s is paced, by the form and the API alike
    const second = await postForm(`/forum/topic/${topic!.id}`, form({ intent: "reply", content: "Too soon" }), cookie);
    expect(second.status).toBe(429);
    expect(second.text).toMatch(/You are posting too quickly\. Please wait \d seconds? before posting again\./);
    const api = await postJson(`/api/forum/topics/${topic!.id}/posts`, JSON.stringify({ content: "Too soon" }), cookie);
    expect(api.status).toBe(429);
    // a reply to someone else's topic just after creating one of one's own is paced too
    const other = await member();
    const { topic: othersTopic } = await createTopic({
      authorId: other.id,
      title: `Not mine ${unique()}`,
      description: null,
      category: "general",
    });
    const nextAuthor = await member();
    const nextCookie = await cookieFor(nextAuthor.id);
    const own = await postForm(
      "/forum?index",
      form({ intent: "create-topic", title: `Mine ${unique()}`, description: "", category: "general" }),
      nextCookie,
    );
    expect(own.status).toBe(302);
    const elsewhere = await postForm(
      `/forum/topic/${othersTopic.id}`,
      form({ intent: "reply", content: "Elsewhere" }),
      nextCookie,
    );
    expect(elsewhere.status).toBe(429);
    expect(await postsBy(author.id)).toEqual([{ content: "And one more thing" }]);
  });
});

describe("the honeypot", () => {
  it("refuses a registration whose hidden field is filled (400), and registers without it", async () => {
    const username = `hp_${unique()}`;
    const fields = { intent: "register", username, email: `${username}@example.test`, password: "Passw0rd!x" };
    const bot = await postForm("/auth", form({ ...fields, [HONEYPOT_FIELD]: "http://spam.example" }));
    expect(bot.status).toBe(400);
    expect(bot.text).toContain(HONEYPOT_MESSAGE);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.username, username))).toEqual([]);

    const person = await postForm("/auth", form({ ...fields, [HONEYPOT_FIELD]: "" }));
    expect(person.status).toBe(302);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.username, username))).toHaveLength(1);
  });

  it("refuses a new topic whose hidden field is filled", async () => {
    const author = await member();
    const cookie = await cookieFor(author.id);
    const title = `Honey ${unique()}`;
    const bot = await postForm(
      "/forum?index",
      form({ intent: "create-topic", title, category: "general", [HONEYPOT_FIELD]: "x" }),
      cookie,
    );
    expect(bot.status).toBe(400);
    expect(bot.text).toContain("Failed to create topic");
    expect(bot.text).toContain(HONEYPOT_MESSAGE);
    expect(
      await db
        .select({ id: forumTopics.id })
        .from(forumTopics)
        .where(and(eq(forumTopics.authorId, author.id), like(forumTopics.title, "Honey%"))),
    ).toEqual([]);
    const person = await postForm(
      "/forum?index",
      form({ intent: "create-topic", title, category: "general", [HONEYPOT_FIELD]: "" }),
      cookie,
    );
    expect(person.status).toBe(302);
  });
});
