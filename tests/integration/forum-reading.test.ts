import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { forumPosts, forumTopics } from "#db/schema";
import { listMemberTopics, markAllRead, readMarks, recordRead } from "~/forum/reading.server";
import { createPost, createTopic } from "~/forum/topics.server";
import { setWatchLevel } from "~/forum/watching.server";
import { action as forumAction } from "~/routes/forum._index";
import { call } from "../support/routes";
import { cookieFor, formRequest, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Read tracking and post addresses (issue 44, decisions 310 and 311), for two members through the real server with
 * the page cache on: what the forum list marks for a member comes from the page they opened, whether the list is
 * their page rendered for them or the member template with its hole filled for them; a topic page opened records
 * the read (no script involved: these are plain GETs); hidden posts and one's own never count as unread; a post's
 * address lands on the page that holds it. Needs a build (npm test makes one).
 */
const site = serveBuildForFile({ PAGE_CACHE_SECONDS: "30" });

type Page = { status: number; cached: boolean; body: string; location: string | null; setCookie: string[] };

async function visit(pathname: string, cookie?: string): Promise<Page> {
  const response = await fetch(`${site.base}${pathname}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return {
    status: response.status,
    cached: response.headers.get("x-page-cache") === "hit",
    body: await response.text(),
    location: response.headers.get("location"),
    setCookie: response.headers.getSetCookie(),
  };
}

/** The list from the member template (filled for this member) and rendered for them: they must say the same. */
async function bothLists(pathname: string, cookie: string): Promise<string[]> {
  let kept: Page | null = null;
  for (let i = 0; i < 60 && !kept; i++) {
    const page = await visit(pathname, cookie);
    if (page.cached) kept = page;
    else await new Promise((r) => setTimeout(r, 50));
  }
  expect(kept, `${pathname} from a member template`).not.toBeNull();
  const rendered = await visit(pathname, `${cookie}; unrelated=1`);
  expect(rendered.cached).toBe(false);
  return [kept!.body, rendered.body];
}

/** The topic card of `title` in a list page, as HTML (from its heading to the next card). */
function card(body: string, topicId: number): string | null {
  const at = body.indexOf(`<a href="/forum/topic/${topicId}"`);
  if (at === -1) return null;
  const end = body.indexOf("</li>", at);
  return body.slice(at, end);
}

async function topicBy(authorId: number, replies: number, title = `Reading ${Date.now()} ${Math.random()}`) {
  const { topic } = await createTopic({ authorId, title, description: "Where we left off.", category: "general" });
  for (let i = 1; i <= replies; i++) await createPost({ topicId: topic.id, authorId, content: `Post number ${i}.` });
  return topic;
}

describe("read tracking for two members", () => {
  it("marks a topic new, then counts the other's posts as unread and links to the first of them", async () => {
    const reader = await member();
    const writer = await member();
    const readerCookie = await cookieFor(reader.id);
    const topic = await topicBy(writer.id, 3);

    for (const body of await bothLists("/forum?filter=new", readerCookie)) {
      const mark = card(body, topic.id);
      expect(mark, "the new topic is in the reader's New list").not.toBeNull();
      expect(mark).toContain(">New</span>");
    }
    // The writer's own topic is not new to them.
    expect(card((await visit("/forum?filter=new", `${await cookieFor(writer.id)}; unrelated=1`)).body, topic.id)).toBe(
      null,
    );

    // Opening the topic (a plain GET, served from the topic's member template or rendered) records the read.
    for (let i = 0; i < 2; i++) expect((await visit(`/forum/topic/${topic.id}`, readerCookie)).status).toBe(200);
    expect((await readMarks({ memberId: reader.id, topicIds: [topic.id] })).get(topic.id)).toBeNull();
    expect(card((await visit("/forum?filter=unread", `${readerCookie}; unrelated=1`)).body, topic.id)).toBeNull();

    // The writer posts twice more, and once a post the moderators hide: two unread, from post #4.
    await createPost({ topicId: topic.id, authorId: writer.id, content: "A fourth post." });
    await createPost({ topicId: topic.id, authorId: writer.id, content: "A fifth post." });
    const hidden = (await createPost({ topicId: topic.id, authorId: writer.id, content: "A post to hide." }))!.post;
    await db.update(forumPosts).set({ hiddenAt: new Date() }).where(eq(forumPosts.id, hidden.id));
    // The reader's own reply never counts as unread to them.
    await createPost({ topicId: topic.id, authorId: reader.id, content: "My own reply." });

    for (const list of ["/forum?filter=unread", "/forum"]) {
      const [kept, rendered] = await bothLists(list, readerCookie);
      if (list === "/forum" && !card(kept!, topic.id)) continue; // other tests' topics may have pushed it off page 1
      for (const body of [kept!, rendered!]) {
        const mark = card(body, topic.id)!;
        expect(mark, list).toContain(`<a href="/forum/topic/${topic.id}/post/4"`);
        expect(mark, list).toContain(">2 unread posts</a>");
      }
    }

    // The unread link lands on post 4.
    const landing = await visit(`/forum/topic/${topic.id}/post/4`, readerCookie);
    expect(landing.status).toBe(302);
    expect(landing.location).toBe(`/forum/topic/${topic.id}#post-4`);

    // Reading the page clears the mark; the writer has nothing unread in their own topic.
    await visit(`/forum/topic/${topic.id}`, readerCookie);
    expect((await readMarks({ memberId: reader.id, topicIds: [topic.id] })).get(topic.id)).toBeNull();
    expect((await readMarks({ memberId: writer.id, topicIds: [topic.id] })).get(topic.id)).toBeNull();
  });

  it("records the page a member opened, never a later one; a hidden post is never the first unread", async () => {
    const reader = await member();
    const writer = await member();
    const topic = await topicBy(writer.id, 60);
    await visit(`/forum/topic/${topic.id}?page=2`, `${await cookieFor(reader.id)}; unrelated=1`);
    let mark = (await readMarks({ memberId: reader.id, topicIds: [topic.id] })).get(topic.id);
    expect(mark).toEqual({ state: "unread", unread: 10, firstUnread: 51 });
    // Going back to page 1 does not move the read position back.
    await visit(`/forum/topic/${topic.id}`, await cookieFor(reader.id));
    await db
      .update(forumPosts)
      .set({ deletedAt: new Date() })
      .where(eq(forumPosts.id, (await firstPostNumbered(topic.id, 51))!));
    mark = (await readMarks({ memberId: reader.id, topicIds: [topic.id] })).get(topic.id);
    expect(mark).toEqual({ state: "unread", unread: 9, firstUnread: 52 });
  });

  it("Mark all read clears every mark and the New list, as a plain form POST", async () => {
    const reader = await member();
    const writer = await member();
    const opened = await topicBy(writer.id, 2);
    await visit(`/forum/topic/${opened.id}`, `${await cookieFor(reader.id)}; unrelated=1`);
    await createPost({ topicId: opened.id, authorId: writer.id, content: "After the reader left." });
    const fresh = await topicBy(writer.id, 1);
    let marks = await readMarks({ memberId: reader.id, topicIds: [opened.id, fresh.id] });
    expect(marks.get(opened.id)?.state).toBe("unread");
    expect(marks.get(fresh.id)?.state).toBe("new");

    const answer = await call(
      forumAction,
      await formRequest("/forum?index", { intent: "mark-all-read", redirectTo: "/forum?filter=unread" }, reader.id),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/forum?filter=unread");
    expect(answer.headers.get("set-cookie")).toContain("toast");
    marks = await readMarks({ memberId: reader.id, topicIds: [opened.id, fresh.id] });
    expect(marks.get(opened.id)).toBeNull();
    expect(marks.get(fresh.id)).toBeNull();
    const cookie = `${await cookieFor(reader.id)}; unrelated=1`;
    expect((await visit("/forum?filter=unread", cookie)).body).toContain("No unread topics");
    expect(card((await visit("/forum?filter=new", cookie)).body, fresh.id)).toBeNull();
    // A topic started after "Mark all read" is new again; a reply in the opened topic is unread again.
    await createPost({ topicId: opened.id, authorId: writer.id, content: "Later still." });
    const later = await topicBy(writer.id, 0);
    marks = await readMarks({ memberId: reader.id, topicIds: [opened.id, later.id] });
    expect(marks.get(opened.id)).toEqual({ state: "unread", unread: 1, firstUnread: 4 });
    expect(marks.get(later.id)?.state).toBe("new");
    await markAllRead({ memberId: reader.id });
    expect((await readMarks({ memberId: reader.id, topicIds: [opened.id] })).get(opened.id)).toBeNull();
  });

  it("asks a signed-out visitor to sign in for New and Unread, and shows them no marks", async () => {
    const page = await visit("/forum?filter=unread");
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/auth?redirectTo=${encodeURIComponent("/forum?filter=unread")}`);
    const list = await visit("/forum");
    expect(list.body).not.toContain("unread post");
    expect(list.body).not.toContain("Mark all read");
  });
});

describe("the Unread list's pages (decision 440)", () => {
  it("lists the opened topics with posts since that show counts, page by page, all and in one category", async () => {
    const reader = await member();
    const writer = await member();
    const topics: number[] = [];
    for (let i = 0; i < 30; i++) {
      const category = i % 10 === 4 ? "technology" : "general";
      const { topic } = await createTopic({
        authorId: writer.id,
        title: `Unread ${i} ${Date.now()}`,
        description: "One.",
        category,
      });
      await recordRead({ memberId: reader.id, topicId: topic.id, number: 0 }); // opened before any reply
      topics.push(topic.id);
    }
    const at = (i: number) => topics[i]!;
    // Left out: muted topics (29, 2), a normal one (28, no count), a muted category (4, 14; but 24 is watched, and a
    // topic's own level wins), a hidden topic (26), the reader's own reply (25), and a topic read since (0).
    await setWatchLevel({ memberId: reader.id, category: "technology", level: "muted" });
    for (const i of [29, 2]) await setWatchLevel({ memberId: reader.id, topicId: at(i), level: "muted" });
    await setWatchLevel({ memberId: reader.id, topicId: at(28), level: "normal" });
    await setWatchLevel({ memberId: reader.id, topicId: at(24), level: "watching" });
    for (let i = 0; i < 30; i++) {
      await createPost({ topicId: at(i), authorId: i === 25 ? reader.id : writer.id, content: `Since ${i}.` });
    }
    await recordRead({ memberId: reader.id, topicId: at(0), number: 1 });
    await db
      .update(forumTopics)
      .set({ hiddenAt: new Date() })
      .where(inArray(forumTopics.id, [at(26)]));

    const left = new Set([29, 2, 28, 4, 14, 26, 25, 0]);
    const expected = [...topics.keys()]
      .reverse()
      .filter((i) => !left.has(i))
      .map(at);
    expect(expected).toHaveLength(22);
    // More than a page: the first comes from the latest topics, the rest (fewer than a page) from the reader's rows.
    for (const category of [null, "general"] as const) {
      const wanted = category ? expected.filter((id) => id !== at(24)) : expected;
      const listed: number[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 3; page++) {
        const { topics: shown, nextCursor } = await listMemberTopics({
          memberId: reader.id,
          filter: "unread",
          category,
          cursor,
        });
        listed.push(...shown.map((topic) => topic.id));
        cursor = nextCursor;
        if (!cursor) break;
        expect(shown).toHaveLength(20);
      }
      expect(cursor).toBeNull();
      expect(listed, category ?? "all").toEqual(wanted);
    }
  });
});

async function firstPostNumbered(topicId: number, number: number) {
  const rows = await db
    .select({ id: forumPosts.id, number: forumPosts.number })
    .from(forumPosts)
    .where(eq(forumPosts.topicId, topicId));
  return rows.find((row) => row.number === number)?.id;
}

describe("a post's address (decision 311)", () => {
  it("lands on the page that holds the post, for /post/N and ?post=N, without JavaScript", async () => {
    const writer = await member();
    const topic = await topicBy(writer.id, 50);
    for (const address of [`/forum/topic/${topic.id}/post/45`, `/forum/topic/${topic.id}?post=45`]) {
      const answer = await visit(address);
      expect(answer.status, address).toBe(302);
      expect(answer.location, address).toBe(`/forum/topic/${topic.id}?page=2#post-45`);
    }
    const page2 = await visit(`/forum/topic/${topic.id}?page=2`);
    expect(page2.body).toContain('id="post-45"');
    // Past the last post: the last post. Post 25 is on page 1.
    expect((await visit(`/forum/topic/${topic.id}/post/999`)).location).toBe(`/forum/topic/${topic.id}?page=2#post-50`);
    expect((await visit(`/forum/topic/${topic.id}/post/25`)).location).toBe(`/forum/topic/${topic.id}#post-25`);
    // Not a number: the topic's first page with a message, never an error page.
    const wrong = await visit(`/forum/topic/${topic.id}?post=forty`);
    expect(wrong.status).toBe(302);
    expect(wrong.location).toBe(`/forum/topic/${topic.id}`);
    expect(wrong.setCookie.join(";")).toContain("toast");
    expect((await visit(`/forum/topic/nope/post/3`)).status).toBe(400);
    expect((await visit(`/forum/topic/2147483000/post/3`)).status).toBe(404);
  });

  it("offers a jump-to-post form on a topic with posts", async () => {
    const writer = await member();
    const topic = await topicBy(writer.id, 30);
    const page = await visit(`/forum/topic/${topic.id}`);
    expect(page.body).toMatch(new RegExp(`<form method="get" action="/forum/topic/${topic.id}"`));
    expect(page.body).toContain('name="post"');
    expect(page.body).toContain("Jump to post");
  });
});
