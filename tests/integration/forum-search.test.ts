import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, users } from "#db/schema";
import { SEARCH_MESSAGES } from "~/forum/search";
import { createPost, createTopic } from "~/forum/topics.server";
import * as searchApi from "~/routes/api.forum.search";
import * as searchPage from "~/routes/forum.search";
import { call } from "../support/routes";
import { jsonRequest, member } from "./forum-helpers";

/**
 * Forum search (issue 35): ranking, stemming, phrases, exclusions, filters, paging, the moderation rules and the
 * refusals, through the API route and the page's loader, on the real database. Each test searches for a word of its
 * own (`token()`), so the other tests' topics never match.
 */
const token = () => `zq${Math.random().toString(36).slice(2, 9).replace(/[0-9]/g, "k")}x`;

type ApiResult = {
  topic: { id: number; title: string; category: string };
  post: { id: number; number: number } | null;
  author: { username: string };
  excerpt: string;
  excerptHtml: string;
  hidden: boolean;
};

async function api(query: string, userId?: number) {
  const answer = await call(searchApi.loader, await jsonRequest(`/api/forum/search?${query}`, { userId }));
  return { ...answer, results: (answer.status === 200 ? answer.body : []) as ApiResult[] };
}
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function topic(authorId: number, title: string, description: string | null = null, category = "general") {
  return (await createTopic({ authorId, title, description, category: category as "general" })).topic;
}
async function post(topicId: number, authorId: number, content: string) {
  return (await createPost({ topicId, authorId, content }))!.post;
}
async function moderator() {
  const user = await member();
  await db.update(users).set({ role: "moderator" }).where(eq(users.id, user.id));
  return user;
}

describe("forum search ranking and query syntax", () => {
  it("ranks a title match above a description match above a body match, and an exact title first", async () => {
    const t = token();
    const author = await member();
    const inBody = await topic(author.id, "A quiet evening");
    await post(inBody.id, author.id, `Someone mentioned ${t} twice: ${t}, and again ${t} in a long reply about it.`);
    const inDescription = await topic(author.id, "Another evening", `We talked about ${t} here`);
    const inTitle = await topic(author.id, `Thoughts on ${t} and numbers`);
    const exact = await topic(author.id, `${t} numbers`);

    const { status, results } = await api(q({ q: `${t} numbers` }));
    expect(status).toBe(200);
    // Only two topics have both words (in their titles): the one titled exactly as the search comes first.
    expect(results.map((r) => r.topic.id)).toEqual([exact.id, inTitle.id]);

    const one = await api(q({ q: t }));
    expect(one.results.map((r) => r.topic.id)).toEqual([exact.id, inTitle.id, inDescription.id, inBody.id]);
    expect(one.results[3]!.post).not.toBeNull();
    expect(one.results[0]!.post).toBeNull();
  });

  it("stems English words: remembering finds remember, and marks the matched words", async () => {
    const t = token();
    const author = await member();
    const found = await topic(author.id, `Memories ${t}`);
    await post(found.id, author.id, `I keep remembering the days of ${t}.`);
    const { results } = await api(q({ q: `remember ${t}` }));
    expect(results).toHaveLength(1);
    expect(results[0]!.post?.number).toBe(1);
    expect(results[0]!.excerptHtml).toContain("<mark>remembering</mark>");
    expect(results[0]!.excerptHtml).toContain(`<mark>${t}</mark>`);
  });

  it("searches phrases in quotes, alternatives with or, and leaves out -words", async () => {
    const t = token();
    const other = token();
    const author = await member();
    // The words are in the posts only: a topic is found by its opening or its posts, each judged on its own.
    const phrase = await topic(author.id, "Fox one");
    await post(phrase.id, author.id, `the red fox sleeps ${t}`);
    const scattered = await topic(author.id, "Fox two");
    await post(scattered.id, author.id, `the fox is red and sleeps ${t}`);
    const alternative = await topic(author.id, `Something about ${other}`);

    const quoted = await api(q({ q: `"red fox" ${t}` }));
    expect(quoted.results.map((r) => r.topic.id)).toEqual([phrase.id]);

    const excluded = await api(q({ q: `${t} -sleeps` }));
    expect(excluded.results).toEqual([]);
    const withoutPhrase = await api(q({ q: `${t} -"red fox"` }));
    expect(withoutPhrase.results.map((r) => r.topic.id)).toEqual([scattered.id]);

    const either = await api(q({ q: `${other} or "fox red ${t}"` }));
    expect(either.results.map((r) => r.topic.id)).toEqual([alternative.id]);
    const both = await api(q({ q: `${other} or ${t}` }));
    expect(new Set(both.results.map((r) => r.topic.id))).toEqual(new Set([phrase.id, scattered.id, alternative.id]));
  });
});

describe("forum search filters, sorting and paging", () => {
  it("filters by category, author and dates, and sorts by newest", async () => {
    const t = token();
    const ann = await member();
    const bob = await member();
    const older = await topic(ann.id, `Older ${t}`, null, "principles");
    const newer = await topic(bob.id, `Newer ${t}`, null, "technology");
    await db
      .update(forumTopics)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(eq(forumTopics.id, older.id));
    await post(older.id, bob.id, `A fresh reply by bob about ${t}, the best one of all ${t} ${t}`);

    const byCategory = await api(q({ q: t, category: "technology" }));
    expect(byCategory.results.map((r) => r.topic.id)).toEqual([newer.id]);
    // Bob wrote the newer topic and a reply in the older one: the older topic is found by his reply.
    const byAuthor = await api(q({ q: t, author: bob.username.toUpperCase() }));
    expect(byAuthor.results.map((r) => r.topic.id).sort()).toEqual([older.id, newer.id].sort());
    expect(byAuthor.results.every((r) => r.author.username === bob.username)).toBe(true);
    const byAnn = await api(q({ q: t, author: ann.username }));
    expect(byAnn.results.map((r) => r.topic.id)).toEqual([older.id]);
    expect((await api(q({ q: t, author: "nobody_by_that_name" }))).results).toEqual([]);

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const until = await api(q({ q: t, to: day(-5) }));
    expect(until.results.map((r) => r.topic.id)).toEqual([older.id]);
    expect(until.results[0]!.post).toBeNull(); // the reply is too recent: the topic's opening is what matched
    const since = await api(q({ q: t, from: day(-1), author: ann.username }));
    expect(since.results).toEqual([]);

    const newest = await api(q({ q: t, sort: "newest" }));
    // The older topic's reply is the newest hit of all.
    expect(newest.results.map((r) => r.topic.id)).toEqual([older.id, newer.id]);
    expect(newest.results[0]!.post).not.toBeNull();
  });

  it("pages with real links and counts: Results 21 to 25 of 25", async () => {
    const t = token();
    const author = await member();
    for (let i = 0; i < 25; i++) await topic(author.id, `Page topic ${i} ${t}`);

    const first = await api(q({ q: t }));
    expect(first.results).toHaveLength(20);
    expect(first.headers.get("X-Total-Count")).toBe("25");
    expect(first.headers.get("Link")).toBe(`</api/forum/search?q=${t}&page=2>; rel="next"`);
    const second = await api(q({ q: t, page: "2" }));
    expect(second.results).toHaveLength(5);
    expect(second.headers.get("Link")).toBeNull();
    expect(new Set([...first.results, ...second.results].map((r) => r.topic.id)).size).toBe(25);
    // Past the last page: the last page.
    expect((await api(q({ q: t, page: "99" }))).results.map((r) => r.topic.id)).toEqual(
      second.results.map((r) => r.topic.id),
    );

    const page = await call(searchPage.loader, await jsonRequest(`/forum/search?${q({ q: t, page: "2" })}`));
    expect(page.status).toBe(200);
    expect(page.body.search).toMatchObject({ page: 2, pageCount: 2, total: 25, atLeast: false, perPage: 20 });
  });
});

describe("forum search and moderation", () => {
  it("shows hidden and pending topics and posts only to their author and moderators, deleted ones to nobody", async () => {
    const t = token();
    const author = await member();
    const reader = await member();
    const mod = await moderator();
    const visible = await topic(author.id, `Visible ${t}`);
    const hiddenPost = await post(visible.id, author.id, `hidden reply ${t} alpha`);
    const pendingPost = await post(visible.id, author.id, `pending reply ${t} beta`);
    const deletedPost = await post(visible.id, author.id, `deleted reply ${t} gamma`);
    const hiddenTopic = await topic(author.id, `Hidden topic ${t}`);
    await post(hiddenTopic.id, author.id, `reply in a hidden topic ${t} delta`);
    const deletedTopic = await topic(author.id, `Deleted topic ${t}`);

    const now = new Date();
    await db.update(forumPosts).set({ hiddenAt: now, hiddenBy: mod.id }).where(eq(forumPosts.id, hiddenPost.id));
    await db.update(forumPosts).set({ hiddenAt: now, hiddenBy: null }).where(eq(forumPosts.id, pendingPost.id));
    await db.update(forumPosts).set({ deletedAt: now }).where(eq(forumPosts.id, deletedPost.id));
    await db.update(forumTopics).set({ hiddenAt: now, hiddenBy: mod.id }).where(eq(forumTopics.id, hiddenTopic.id));
    await db.update(forumTopics).set({ deletedAt: now }).where(eq(forumTopics.id, deletedTopic.id));

    for (const word of ["alpha", "beta", "gamma", "delta"]) {
      for (const who of [undefined, reader.id]) {
        expect((await api(q({ q: `${t} ${word}` }), who)).results, `${word} as ${who}`).toEqual([]);
      }
    }
    for (const who of [undefined, reader.id]) {
      expect((await api(q({ q: t }), who)).results.map((r) => r.topic.id)).toEqual([visible.id]);
    }

    // The forum's one visibility rule (canSeeTopic, decisions 162 and 250): the author and moderators see hidden
    // items; nobody sees deleted ones.
    for (const who of [author.id, mod.id]) {
      expect((await api(q({ q: `${t} alpha` }), who)).results[0]).toMatchObject({
        post: { id: hiddenPost.id },
        hidden: true,
      });
      expect((await api(q({ q: `${t} beta` }), who)).results[0]?.post?.id).toBe(pendingPost.id);
      expect((await api(q({ q: `${t} delta` }), who)).results[0]?.topic.id).toBe(hiddenTopic.id);
      expect((await api(q({ q: `${t} gamma` }), who)).results).toEqual([]);
      const all = await api(q({ q: t }), who);
      expect(new Set(all.results.map((r) => r.topic.id))).toEqual(new Set([visible.id, hiddenTopic.id]));
    }
  });
});

describe("what a visitor types", () => {
  it("refuses short, empty, stop-word-only, exclusion-only and overlong searches with a 400 and a message", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ q: "ab" }, SEARCH_MESSAGES.tooShort],
      [{ q: "  é  " }, SEARCH_MESSAGES.tooShort],
      [{ q: "日本" }, SEARCH_MESSAGES.tooShort],
      [{ q: "" }, SEARCH_MESSAGES.tooShort],
      [{ q: "the and of" }, SEARCH_MESSAGES.onlyCommonWords],
      [{ q: "!!! ??? ..." }, SEARCH_MESSAGES.onlyCommonWords],
      [{ q: "-forest -river" }, SEARCH_MESSAGES.onlyExclusions],
      [{ q: "x".repeat(201) }, SEARCH_MESSAGES.tooLong],
      [{ q: "forest", category: "nope" }, SEARCH_MESSAGES.category],
      [{ q: "forest", from: "2026-02-30" }, SEARCH_MESSAGES.date],
      [{ q: "forest", to: "yesterday" }, SEARCH_MESSAGES.date],
      [{ q: "forest", from: "2026-03-02", to: "2026-03-01" }, SEARCH_MESSAGES.dateOrder],
      [{ q: "forest", sort: "random" }, SEARCH_MESSAGES.sort],
    ];
    for (const [params, message] of cases) {
      const answer = await api(q(params));
      expect({ params, status: answer.status, body: answer.body }).toEqual({
        params,
        status: 400,
        body: { error: message },
      });
      const page = await call(searchPage.loader, await jsonRequest(`/forum/search?${q(params)}`));
      expect(page.status).toBe(400);
      expect(page.body.refusal.message).toBe(message);
    }
    expect((await api("")).status).toBe(400);
  });

  it("never fails on what the query parser sees: NUL bytes, operators, quotes, unicode, lone surrogates", async () => {
    const t = token();
    const author = await member();
    const found = await topic(author.id, `Unicode ${t} ❤️ عدد 数字`);
    const inputs = [
      `${t}\u0000`,
      `\u0000\u0000${t}`,
      `${t} & | ! <-> :* ( ) ' "`,
      `"${t}`,
      `${t} or or or`,
      `${t} '); drop table forum_posts; --`,
      `${t} \\ \\\\ %_`,
      `${t} 数字`,
      `${t} عدد`,
      `${t} ❤️`,
      `${t} \uD800`,
      `${t} ${"word ".repeat(38)}`,
    ];
    for (const input of inputs) {
      const answer = await api(q({ q: input }));
      expect({ input, status: answer.status }).toEqual({ input, status: 200 });
    }
    // "- - word --" reads as a double negation: no word to look for, a 400 that says so.
    expect((await api(q({ q: `- - ${t} --` }))).body).toEqual({ error: SEARCH_MESSAGES.onlyExclusions });
    expect((await api(q({ q: `${t}\u0000` }))).results.map((r) => r.topic.id)).toEqual([found.id]);
    expect((await api(q({ q: `${t} 数字` }))).results.map((r) => r.topic.id)).toEqual([found.id]);
    const raw = await call(searchApi.loader, new Request(`http://localhost/api/forum/search?q=${t}%00%ff%fe%ED%A0%80`));
    expect(raw.status).toBe(200);
  });

  it("escapes everything in an excerpt but the marks", async () => {
    const t = token();
    const author = await member();
    const found = await topic(author.id, `Markup ${t}`);
    await post(
      found.id,
      author.id,
      `<b>bold</b> if a < b && c > "d" it's <script>alert(1)</script> ${t} \uE000 \uE001 <mark>fake</mark>`,
    );
    const [result] = (await api(q({ q: `${t} bold` }))).results;
    // PostgreSQL's headline drops what its parser reads as tags; every other character is escaped.
    expect(result!.excerptHtml).toContain("if a &lt; b &amp;&amp; c &gt; &quot;d&quot; it&#39;s");
    expect(result!.excerptHtml).toContain(`<mark>${t}</mark>`);
    expect(result!.excerptHtml).not.toContain("<script");
    expect(result!.excerptHtml.match(/<[^&]*?>/g)).toEqual(["<mark>", "</mark>", "<mark>", "</mark>"]);
    expect(result!.excerptHtml).not.toMatch(/[\uE000\uE001]/);
  });

  it("cuts excerpts from a post's words, never its Markdown (decision 340)", async () => {
    const t = token();
    const author = await member();
    const found = await topic(author.id, `Formatted ${t}`, `An **opening** in _Markdown_ ${t}`);
    await post(
      found.id,
      author.id,
      `Some **strong** and ~~gone~~ words, [a link](https://example.org/x) and \`code\` ${t}`,
    );
    const [result] = (await api(q({ q: `${t} strong` }))).results;
    expect(result!.excerptHtml).toContain(`<mark>strong</mark>`);
    expect(result!.excerpt).not.toMatch(/\*\*|~~|\]\(|`/);
    expect(result!.excerpt).toContain("a link (https://example.org/x) and code");
    const [opening] = (await api(q({ q: `${t} opening` }))).results;
    expect(opening!.post).toBeNull();
    expect(opening!.excerptHtml).toMatch(/<mark>opening<\/mark> in Markdown/);
    expect(opening!.excerpt).not.toMatch(/\*\*|_Markdown_/);
  });

  it("limits searches per person: the 31st in a minute is a 429 with Retry-After", async () => {
    const ip = "10.35.35.35";
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push(await call(searchApi.loader, await jsonRequest(`/api/forum/search?q=limits`), { ip }));
    }
    expect(answers.slice(0, 30).every((a) => a.status === 200)).toBe(true);
    expect(answers[30]!.status).toBe(429);
    expect(answers[30]!.headers.get("Retry-After")).toMatch(/^\d+$/);
    const page = await call(searchPage.loader, await jsonRequest(`/forum/search?q=limits`), { ip });
    expect(page.status).toBe(429);
    expect(page.body.refusal.message).toMatch(/^Too many requests/);
  });
});

describe("forum search on common words", () => {
  it("ranks only the newest matches of a word too common to rank every match, and says 'more than'", async () => {
    const { searchForum, NEWEST } = await import("~/forum/search.server");
    const t = token();
    const author = await member();
    const topics: Array<{ id: number }> = [];
    for (let i = 0; i < 30; i++) topics.push(await topic(author.id, `Common ${i}`));
    // NEWEST + 50 matching posts, in topic order (inserted at once): the oldest 50, in the first topics, fall
    // outside the ranked newest.
    const perTopic = Math.ceil((NEWEST + 50) / 30);
    await db.insert(forumPosts).values(
      Array.from({ length: NEWEST + 50 }, (_, n) => ({
        topicId: topics[Math.floor(n / perTopic)]!.id,
        authorId: author.id,
        number: (n % perTopic) + 1,
        content: `${t} ${n}`,
      })),
    );
    const input = { q: t, category: null, author: null, from: null, to: null, sort: "relevance" as const, page: 1 };

    const all = await searchForum({ input, reader: null, strategy: "all" });
    const newest = await searchForum({ input, reader: null, strategy: "newest" });
    if (!all.ok || !newest.ok) throw new Error("refused");
    const withPosts = Math.ceil((NEWEST + 50) / perTopic);
    expect({ total: all.total, atLeast: all.atLeast }).toEqual({ total: withPosts, atLeast: false });
    // The newest NEWEST posts are in every topic but the first floor(50 / perTopic).
    expect({ total: newest.total, atLeast: newest.atLeast }).toEqual({
      total: withPosts - Math.floor(50 / perTopic),
      atLeast: true,
    });
    // The first topics' posts are the oldest: not among the newest matches.
    const shown = new Set(newest.results.map((r) => r.topic.id));
    expect(shown.has(topics[0]!.id)).toBe(false);
    expect(shown.has(topics[withPosts - 1]!.id)).toBe(true);
  });
});
