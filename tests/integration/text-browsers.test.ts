import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";
import { mailsTo } from "./edge-client";
import { useOwnDatabase } from "./helpers/accounts";
import { lynx, w3m, type Shown, type TextBrowser } from "./helpers/text-browsers";

/**
 * Every flow a member has, in Debian's lynx and w3m (issue 31, decision 130), against the production build on the
 * default configuration (http://localhost:$PORT: no Secure cookies), with a database and a data folder of its own (its
 * jobs send the mail to the outbox there). Each step asserts what the server did (the database, the outbox, the
 * saved file) and what the browser shows (its own rendering of the page, saved by the browser).
 */
const PASSWORD = "Text1-browser";
const NEW_PASSWORD = "Fresh2-browser";

let server: Awaited<ReturnType<typeof startAppServer>>;
let dataDir: string;
let work: string;
// the database, reached once useOwnDatabase has pointed DATABASE_URL at this file's own
let db: typeof import("#db/client.server").db;
let schema: typeof import("#db/schema");
let orm: typeof import("drizzle-orm");
/** another member's post, for the flag */
let othersPost: { topicId: number; postId: number };

beforeAll(async () => {
  await useOwnDatabase("test_text_browsers");
  ({ db } = await import("#db/client.server"));
  schema = await import("#db/schema");
  orm = await import("drizzle-orm");
  const { createUser } = await import("~/accounts/users.server");
  const { createTopic, createPost } = await import("~/forum/topics.server");
  const other = await createUser({ username: "tb_other", email: "tb_other@example.test", password: PASSWORD });
  const { topic } = await createTopic({ authorId: other.id, title: "Flag me", description: null, category: "general" });
  const made = await createPost({
    topicId: topic.id,
    authorId: other.id,
    content: "A post for the text browsers to flag.",
  });
  othersPost = { topicId: topic.id, postId: made!.post.id };
  dataDir = await mkdtemp(path.join(tmpdir(), "text-browsers-data-"));
  await chmod(dataDir, 0o755);
  work = await mkdtemp(path.join(tmpdir(), "text-browsers-"));
  server = await startAppServer(
    { DATA_DIR: dataDir, RUN_JOBS: "true", PUBLIC_URL: undefined, FORUM_POST_INTERVAL_SECONDS: "0" },
    { stderr: "inherit" },
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** The page's main text as the browser shows it, from its heading on (the header and drawer links left out). */
const main = (shown: Shown) => shown.text.replace(/\s+/g, " ");

async function userNamed(username: string) {
  const [row] = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(orm.eq(schema.users.username, username));
  return row;
}

const CLIENTS: Array<[string, (dir: string) => Promise<TextBrowser>]> = [
  ["lynx", async (dir) => lynx(server.base, dir)],
  ["w3m", (dir) => w3m(server.base, dir)],
];

// A flow is several sessions of a real browser in a terminal: w3m's two-factor flow takes 20 s on a quiet machine
// (it types key by key), so each test has 90 s, not the suite's 30.
describe.each(CLIENTS)("in %s", { timeout: 90_000 }, (name, open) => {
  let browser: TextBrowser;
  const username = `tb_${name}_${Math.random().toString(36).slice(2, 7)}`;
  const email = `${username}@example.test`;
  let topicUrl = "";

  beforeAll(async () => {
    browser = await open(path.join(work, name));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("registers", async () => {
    const shown = await browser.visit("/auth?tab=register", [
      { fill: "Username", value: username },
      { fill: "Email", value: email },
      { fill: "Password", value: PASSWORD },
      { press: "Create Account" },
    ]);
    expect(await userNamed(username)).toMatchObject({ email });
    expect(main(shown)).toContain(username); // the header names the member: the session cookie was kept
  });

  it("signs out", async () => {
    const shown = await browser.visit("/user-profile", [{ press: "Sign Out" }]);
    expect(main(shown)).toContain("Signed out"); // the toast, carried by its cookie over the redirect
    expect(main(shown)).toContain("Not signed in");
    const member = await userNamed(username);
    const left = await db.select().from(schema.sessions).where(orm.eq(schema.sessions.userId, member!.id));
    expect(left).toEqual([]);
  });

  it("signs in", async () => {
    const shown = await browser.visit("/auth", [
      { fill: "Username or email", value: username },
      { fill: "Password", value: PASSWORD },
      { press: "Sign In" },
    ]);
    expect(main(shown)).toContain(username);
    expect(main(shown)).not.toContain("Not signed in");
  });

  it("chooses 7 on the home page, then Refresh", async () => {
    const first = await browser.visit("/", [{ press: "7 Universal Harmony" }]);
    const firstId = Number(new URL(first.url).searchParams.get("content"));
    expect(firstId).toBeGreaterThan(0);
    expect(main(first)).toContain("Your Affirmation");
    expect(main(first)).toContain("Universal Harmony (chosen)");
    const again = await browser.visit(first.url, [{ press: "↻ Refresh" }]);
    const againId = Number(new URL(again.url).searchParams.get("content"));
    expect(againId).toBeGreaterThan(firstId);
    expect(main(again)).toContain("Your Affirmation");
    const rows = await db
      .select({ id: schema.generatedContents.id, number: schema.generatedContents.number })
      .from(schema.generatedContents)
      .where(orm.inArray(schema.generatedContents.id, [firstId, againId]));
    expect(rows.map((r) => r.number)).toEqual([7, 7]);
  });

  it("decodes angel number 1111, then Generate Fresh Reading", async () => {
    const first = await browser.visit("/angel", [
      { fill: "Angel number", value: "1111" },
      { press: "Decode Angel Message" },
    ]);
    const firstId = Number(new URL(first.url).searchParams.get("reading"));
    expect(firstId).toBeGreaterThan(0);
    expect(main(first)).toContain("1111");
    const fresh = await browser.visit(first.url, [{ press: "Generate Fresh Reading" }]);
    const freshId = Number(new URL(fresh.url).searchParams.get("reading"));
    expect(freshId).toBeGreaterThan(firstId);
    expect(main(fresh)).toContain("1111");
  });

  it("analyses a birth date", async () => {
    const shown = await browser.visit("/birth-date", [
      { fill: "Birth date (MM/DD/YYYY)", value: "03/15/1990" },
      { press: "Analyze" },
    ]);
    expect(main(shown)).toContain("Your Cosmic Blueprint for 03/15/1990");
    expect(main(shown)).toContain("Life path number: 1");
  });

  it("works out the name numbers, the birth date typed in the format the page gives (issue 47)", async () => {
    const page = await browser.visit("/birth-date");
    // the date field is a plain text box here: the page says what to type
    expect(main(page)).toContain("Type the date as year-month-day, YYYY-MM-DD (for example 1990-03-15).");
    const shown = await browser.visit("/birth-date", [
      { fill: "Full birth name", value: "John Smith" },
      { fill: "Birth date, for your personal year", value: "1992-05-15" },
      { press: "Work out my name numbers" },
    ]);
    // the form's action held #name-numbers, and w3m sent a bare GET /birth-date without the fields (lynx's information
    // page cuts a long address short: the birth date shows in the answer instead)
    expect(new URL(shown.url).searchParams.get("name")).toBe("John Smith");
    expect(main(shown)).toContain("Expression: 8, Universal Remembrance");
    expect(main(shown)).toContain("birth month 5 → 5, birth day 15 → 6");
  });

  it("casts a birth chart typed in the formats the page gives, saves it, and follows the calendar's address (issue 47)", async () => {
    const form = await browser.visit("/birth-chart");
    expect(main(form)).toContain("Type the date as year-month-day, YYYY-MM-DD (for example 1990-03-15).");
    expect(main(form)).toContain("Type the time as HH:MM on the 24-hour clock (for example 14:30).");
    const places = await browser.visit("/birth-chart", [
      { after: "Your birth" },
      { fill: "Birth date", value: "1879-03-14" },
      { fill: "Birth time (optional)", value: "11:30" },
      { fill: "Birthplace (town or city)", value: "Ulm" },
      { press: "Cast the chart" },
    ]);
    expect(main(places)).toContain("Choose your birthplace");
    expect(main(places)).not.toContain("The chart could not be cast yet");
    const typed = new URL(places.url).searchParams;
    expect([typed.get("date"), typed.get("time")]).toEqual(["1879-03-14", "11:30"]);
    // lynx's information page cuts long addresses short: the next steps open the addresses the forms send
    const chart = await browser.visit("/birth-chart?date=1879-03-14&time=11%3A30&q=Ulm", [
      { press: "Cast the chart for the chosen place" },
    ]);
    expect(main(chart)).toContain("Birth chart: 1879-03-14 at 11:30, Ulm");
    const profile = await browser.visit(
      "/birth-chart?date=1879-03-14&time=11%3A30&q=Ulm&place=2820256&houses=placidus",
      [{ press: "Save this chart to my account" }],
    );
    expect(new URL(profile.url).pathname).toBe("/user-profile/birth-data");
    // the calendar's address is a link whose text is the address: shown whole (to copy) and followed
    const address = /http:\/\/localhost:\d+\/astrology\/calendar\.ics\?member=\d+&key=[\w-]{32}/.exec(
      profile.text.replace(/\s+/g, ""),
    )?.[0];
    expect(address, "the calendar's address, shown whole").toBeDefined();
    const calendar = await browser.visit("/user-profile/birth-data", [{ follow: "http://localhost:" }]);
    expect(address!.startsWith(calendar.url)).toBe(true);
    expect(new URL(calendar.url).pathname).toBe("/astrology/calendar.ics");
    expect(calendar.text).toContain("BEGIN:VCALENDAR");
    expect(calendar.text).toContain("BEGIN:VEVENT");
  });

  it("creates a topic", async () => {
    const title = `Text browser topic from ${name}`;
    const shown = await browser.visit("/forum?new=1", [
      { fill: "Title", value: title },
      { fill: "Description (optional)", value: "Posted without a script." },
      { press: "Create Topic" },
    ]);
    const [topic] = await db
      .select({ id: schema.forumTopics.id })
      .from(schema.forumTopics)
      .where(orm.eq(schema.forumTopics.title, title));
    expect(topic).toBeDefined();
    topicUrl = `/forum/topic/${topic!.id}`;
    expect(main(shown)).toContain(title);
  });

  it("replies, edits the reply and flags a post", async () => {
    const reply = `A reply typed in ${name}`;
    const replied = await browser.visit(topicUrl, [{ fill: "Your reply", value: reply }, { press: "Post Reply" }]);
    expect(main(replied)).toContain(reply);
    const [post] = await db
      .select({ id: schema.forumPosts.id })
      .from(schema.forumPosts)
      .where(orm.eq(schema.forumPosts.content, reply));
    expect(post).toBeDefined();

    const edited = `${reply}, edited`;
    const afterEdit = await browser.visit(`${topicUrl}?edit=${post!.id}`, [
      { fill: "Edit post #", value: edited },
      { press: "Save" },
    ]);
    expect(main(afterEdit)).toContain(edited);
    const [row] = await db
      .select({ content: schema.forumPosts.content })
      .from(schema.forumPosts)
      .where(orm.eq(schema.forumPosts.id, post!.id));
    expect(row!.content).toBe(edited);

    const member = await userNamed(username);
    const flagged = await browser.visit(`/forum/topic/${othersPost.topicId}?confirm=flag-post-${othersPost.postId}`, [
      { check: "Spam" },
      { press: "Send flag" },
    ]);
    const flags = await db
      .select({ reason: schema.moderationFlags.reason })
      .from(schema.moderationFlags)
      .where(
        orm.and(
          orm.eq(schema.moderationFlags.postId, othersPost.postId),
          orm.eq(schema.moderationFlags.flaggerId, member!.id),
        ),
      );
    expect(flags).toEqual([{ reason: "spam" }]);
    expect(main(flagged)).toMatch(/flag/i);
  });

  it("previews a Markdown reply (the form keeps the text), then posts it and sees it rendered (decision 340)", async () => {
    const reply = `In ${name} *stars* and **suns** shine, see https://example.org/tb`;
    const previewed = await browser.visit(topicUrl, [{ fill: "Your reply", value: reply }, { press: "Preview" }]);
    const text = main(previewed);
    // the field still holds what was typed, Markdown and all; nothing was posted
    expect(text).toContain(`In ${name} *stars*`); // w3m shows the field's first characters only
    const rows = () =>
      db.select({ id: schema.forumPosts.id }).from(schema.forumPosts).where(orm.eq(schema.forumPosts.content, reply));
    expect(await rows()).toEqual([]);
    // the preview (the page's last "Preview": after the form's buttons) shows the words without their markup
    const shown = text.slice(text.lastIndexOf("Preview"));
    expect(shown).toMatch(new RegExp(`In ${name} _?stars_? and _?suns_? shine`));
    expect(shown).not.toContain("*stars*");
    expect(shown).toContain("https://example.org/tb");

    const posted = await browser.visit(topicUrl, [{ fill: "Your reply", value: reply }, { press: "Post Reply" }]);
    expect(await rows()).toHaveLength(1);
    expect(main(posted)).toMatch(new RegExp(`In ${name} _?stars_? and _?suns_? shine`));
    expect(main(posted)).not.toContain("*stars*");
  });

  it("sees another member's posts as unread, follows the unread link, jumps to a post and marks all read", async () => {
    // The flag above opened the other member's topic (post #1 read); they now write 30 more.
    const { createPost } = await import("~/forum/topics.server");
    const other = await userNamed("tb_other");
    for (let i = 0; i < 30; i++) {
      await createPost({ topicId: othersPost.topicId, authorId: other!.id, content: `More from ${name} ${i}.` });
    }
    const list = await browser.visit("/forum?filter=unread");
    expect(main(list)).toMatch(/Flag me.*\d+ unread posts/);
    const unread = /(\d+) unread posts/.exec(main(list))![1]!;
    const landed = await browser.visit("/forum?filter=unread", [{ follow: `${unread} unread posts` }]);
    expect(landed.url).toContain(`/forum/topic/${othersPost.topicId}`);
    expect(main(landed)).toContain("More from");
    const jumped = await browser.visit(`/forum/topic/${othersPost.topicId}`, [
      { fill: "Jump to post", value: "28" },
      { press: "Go" },
    ]);
    expect(jumped.url).toContain("page=2");
    expect(main(jumped)).toContain("#28");
    const marked = await browser.visit("/forum?filter=unread", [{ press: "Mark all read" }]);
    expect(main(marked)).toContain("No unread topics");
    expect(main(marked)).toContain("All topics marked as read");
  });

  it("bookmarks a post, finds it on the own member page and removes it there; follows an author to theirs (decision 360)", async () => {
    const topicPage = `/forum/topic/${othersPost.topicId}`;
    const member = await userNamed(username);
    const rows = () =>
      db
        .select({ postId: schema.forumBookmarks.postId })
        .from(schema.forumBookmarks)
        .where(orm.eq(schema.forumBookmarks.userId, member!.id));
    const kept = await browser.visit(topicPage, [{ press: "Bookmark post #1" }]);
    expect(main(kept)).toContain("Post #1 bookmarked");
    expect(main(kept)).toContain("Remove bookmark from post #1");
    expect(await rows()).toEqual([{ postId: othersPost.postId }]);

    const own = await browser.visit(`/forum/u/${username}`);
    expect(main(own)).toContain("Your bookmarks (1)");
    expect(main(own)).toContain("Post #1 in Flag me by tb_other");
    const removed = await browser.visit(`/forum/u/${username}`, [{ press: "Remove bookmark" }]);
    expect(main(removed)).toContain("Bookmark removed from post #1");
    expect(main(removed)).toContain("Your bookmarks (0)");
    expect(await rows()).toEqual([]);

    const author = await browser.visit(topicPage, [{ follow: "tb_other" }]);
    expect(author.url).toContain("/forum/u/tb_other");
    // (the author's own posts: others reply in this topic too)
    const other = await userNamed("tb_other");
    const [{ posts, newest } = { posts: 0, newest: 0 }] = await db
      .select({ posts: orm.sql<number>`count(*)::int`, newest: orm.sql<number>`max(number)` })
      .from(schema.forumPosts)
      .where(
        orm.and(orm.eq(schema.forumPosts.topicId, othersPost.topicId), orm.eq(schema.forumPosts.authorId, other!.id)),
      );
    expect(main(author)).toContain(`Posts (${posts})`);
    expect(main(author)).toContain("Topics started (1)");
    expect(main(author)).toContain(`Post #${newest} in Flag me`);
    expect(main(author)).not.toContain("Your bookmarks");
  });

  it("mutes a topic with its watch form, and the topic leaves the Unread list; watches a category's first posts (decisions 350, 420)", async () => {
    const { createPost } = await import("~/forum/topics.server");
    const other = await userNamed("tb_other");
    const me = await userNamed(username);
    await createPost({ topicId: othersPost.topicId, authorId: other!.id, content: `Once more for ${name}.` });
    const before = await browser.visit("/forum?filter=unread");
    expect(main(before)).toMatch(/Flag me.*1 unread post/);
    const shown = await browser.visit(`/forum/topic/${othersPost.topicId}`, [
      { after: "Notifications for this topic" },
      { check: "Muted" },
      { press: "Set notification level" },
    ]);
    expect(main(shown)).toContain("Notifications for this topic: Muted.");
    const [row] = await db
      .select({ level: schema.forumTopicWatches.level })
      .from(schema.forumTopicWatches)
      .where(
        orm.and(
          orm.eq(schema.forumTopicWatches.userId, me!.id),
          orm.eq(schema.forumTopicWatches.topicId, othersPost.topicId),
        ),
      );
    expect(row?.level).toBe("muted");
    await createPost({ topicId: othersPost.topicId, authorId: other!.id, content: `And again for ${name}.` });
    const after = await browser.visit("/forum?filter=unread");
    expect(main(after)).not.toContain("Flag me");
    // Back to tracking, for the flows after this one.
    const back = await browser.visit(`/forum/topic/${othersPost.topicId}`, [
      { after: "Notifications for this topic" },
      { check: "Tracking" },
      { press: "Set notification level" },
    ]);
    expect(main(back)).toContain("Notifications for this topic: Tracking.");
    // A category's first posts (decision 420): its list's form has the fifth level; then back to normal.
    const firstPosts = await browser.visit("/forum?category=general", [
      { after: "Notifications for this category" },
      { check: "Watching First Post" },
      { press: "Set notification level" },
    ]);
    expect(main(firstPosts)).toContain("Notifications for this category: Watching First Post.");
    const normal = await browser.visit("/forum?category=general", [
      { after: "Notifications for this category" },
      { check: "Normal" },
      { press: "Set notification level" },
    ]);
    expect(main(normal)).toContain("Notifications for this category: Normal.");
  });

  it("likes, quotes and mentions another member's post: one notification of each kind for them, none for oneself (issue 44)", async () => {
    const topicPage = `/forum/topic/${othersPost.topicId}`;
    const [me, other] = [await userNamed(username), await userNamed("tb_other")];
    const { forumNotifications: n } = schema;
    const kinds = async (userId: number, actorId: number) =>
      (
        await db
          .select({ kind: n.kind })
          .from(n)
          .where(orm.and(orm.eq(n.userId, userId), orm.eq(n.actorId, actorId)))
      )
        .map((row) => row.kind)
        .sort();
    const before = await kinds(other!.id, me!.id);

    const liked = await browser.visit(topicPage, [{ press: "Like post #1" }]);
    expect(main(liked)).toMatch(new RegExp(`\\d+ likes?: liked by .*${username}`));
    // The Quote link (a plain link to the reply form holding the quote), its address visited as following it does.
    expect(main(liked)).toContain("Quote post #1");
    const quoted = await browser.visit(`${topicPage}?quote=${othersPost.postId}`, [{ press: "Post Reply" }]);
    // (lynx numbers the links: "[105]post #1")
    expect(main(quoted)).toMatch(/A post for the text browsers to flag\. — tb_other, (\[\d+\])?post #1/);
    const mentioned = await browser.visit(topicPage, [
      { fill: "Your reply", value: `Thank you @tb_other, from ${name}.` },
      { press: "Post Reply" },
    ]);
    expect(main(mentioned)).toMatch(new RegExp(`Thank you (\\[\\d+\\])?@tb_other, from ${name}\\.`));

    // Each act one notification of its kind (the two replies in their topic one reply each), none to oneself.
    const after = await kinds(other!.id, me!.id);
    const added = [...after];
    for (const kind of before) added.splice(added.indexOf(kind), 1);
    expect(added).toEqual(["like", "mention", "quote", "reply", "reply"]);
    expect(await kinds(me!.id, me!.id)).toEqual([]);
  });

  it("adds an e-mail address (a member who has none)", async () => {
    const { createUser } = await import("~/accounts/users.server");
    const bare = `tb_${name}_bare`;
    await createUser({ username: bare, email: null, password: PASSWORD });
    await browser.visit("/user-profile", [{ press: "Sign Out" }]);
    await browser.visit("/auth", [
      { fill: "Username or email", value: bare },
      { fill: "Password", value: PASSWORD },
      { press: "Sign In" },
    ]);
    const added = `${bare}@example.test`;
    const shown = await browser.visit("/user-profile", [
      { fill: "Email address", value: added },
      { press: "Add Email" },
    ]);
    expect((await userNamed(bare))!.email).toBe(added);
    expect(main(shown)).toContain(added);
    // back to the member of this flow
    await browser.visit("/user-profile", [{ press: "Sign Out" }]);
    const back = await browser.visit("/auth", [
      { fill: "Username or email", value: username },
      { fill: "Password", value: PASSWORD },
      { press: "Sign In" },
    ]);
    expect(main(back)).toContain(username);
  });

  it("changes the e-mail address", async () => {
    const changed = `changed_${email}`;
    const shown = await browser.visit("/user-profile", [
      { fill: "New email address", value: changed },
      { fill: "Current password", value: PASSWORD },
      { press: "Change Email" },
    ]);
    expect((await userNamed(username))!.email).toBe(changed);
    expect(main(shown)).toContain(changed);
  });

  it("confirms the changed address with the mailed link's button (decision 295)", async () => {
    const member = await userNamed(username);
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      const mails = await mailsTo(dataDir, member!.email!, 1, 200);
      link = mails.map((m) => m.text.match(/https?:\/\/\S*\/verify-email\?token=\S+/)?.[0]).find(Boolean);
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link, "the verification mail's link").toBeDefined();
    const { pathname, search } = new URL(link!);
    const verified = async () =>
      (
        await db
          .select({ v: schema.users.isEmailVerified })
          .from(schema.users)
          .where(orm.eq(schema.users.username, username))
      )[0]!.v;
    // Opening the link only asks.
    const opened = await browser.visit(`${pathname}${search}`);
    expect(main(opened)).toContain("Confirm your email address");
    expect(await verified()).toBe(false);
    const confirmed = await browser.visit(`${pathname}${search}`, [{ press: "Confirm my email address" }]);
    expect(main(confirmed)).toContain("Email Verified");
    expect(await verified()).toBe(true);
  });

  it("resets the password from the mailed link", async () => {
    const member = await userNamed(username);
    const out = await browser.visit("/user-profile", [{ press: "Sign Out" }]);
    expect(main(out)).toContain("Not signed in");
    await browser.visit("/auth?dialog=reset&method=email", [
      { after: "Use Username" },
      { fill: "Email", value: member!.email! },
      { press: "Send Reset Link" },
    ]);
    // the address also got the change's verification mail: wait for the one with the reset link
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      const mails = await mailsTo(dataDir, member!.email!, 1, 200);
      link = mails.map((m) => m.text.match(/https?:\/\/\S*\/reset-password\?token=\S+/)?.[0]).find(Boolean);
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link, "the reset mail's link").toBeDefined();
    const { pathname, search } = new URL(link!);
    const reset = await browser.visit(`${pathname}${search}`, [
      { fill: "New password", value: NEW_PASSWORD },
      { fill: "Confirm new password", value: NEW_PASSWORD },
      { press: "Set New Password" },
    ]);
    expect(main(reset)).not.toMatch(/invalid or has expired/i);
    expect(main(reset)).toContain(`Signed in as ${username}`); // a reset signs the member in
    await browser.visit("/user-profile", [{ press: "Sign Out" }]);
    const signedIn = await browser.visit("/auth", [
      { fill: "Username or email", value: username },
      { fill: "Password", value: NEW_PASSWORD },
      { press: "Sign In" },
    ]);
    expect(main(signedIn)).toContain(username);
  });

  it("follows the Listen link to the transcript and fetches the read-aloud audio from it", async () => {
    const file = path.join(work, `${name}-listen.mp3`);
    // the Listen link opens the listen page (decision 193): the audio, its transcript, and the MP3 one link further
    const listen = await browser.visit("/about", [{ follow: "Listen to this page" }]);
    expect(new URL(listen.url).pathname).toBe("/listen");
    expect(listen.text).toContain("Listen to /about");
    const listenAddress = new URL(listen.url);
    // each sentence of the transcript links to the audio at its time: the first one, from the start
    await browser.download(listenAddress.pathname + listenAddress.search, "Play from 0:00", file);
    const audio = await readFile(file);
    expect((await stat(file)).size).toBeGreaterThan(10_000);
    // an MP3: an ID3 tag or an MPEG frame sync
    expect(
      audio.subarray(0, 3).toString("latin1") === "ID3" || (audio[0] === 0xff && (audio[1]! & 0xe0) === 0xe0),
    ).toBe(true);
  });

  it("shows the sky calendar as text, and lynx the blog's RSS feed (decision 230)", async () => {
    // lynx asks for compressed answers and names text/plain, not the feed's type: it gets text/plain and shows it
    // (as application/rss+xml it offered "application/x-gzip D)ownload, or C)ancel"). w3m names application/*, so it
    // gets the feed's own type, which it offers to save like any file it cannot show.
    if (name === "lynx") {
      const feed = await browser.visit("/blog/rss.xml");
      expect(feed.text).toContain('<rss version="2.0"');
      expect(feed.text).toContain("<title>Ontology Blog | Numerology Ontology</title>");
    }
    const calendar = await browser.visit("/astrology/calendar.ics");
    expect(calendar.text).toContain("BEGIN:VCALENDAR");
    expect(calendar.text).toContain("BEGIN:VEVENT");
  });

  it("uploads a 3D model from a file input", async () => {
    const { cubeObj } = await import("../fixtures/models3d/cubes");
    const file = path.join(work, `${name}-cube.obj`);
    await writeFile(file, cubeObj());
    const shown = await browser.visit("/3d-viewer", [
      { fill: "3D model file", value: file },
      { press: "Upload Model" },
    ]);
    const [model] = await db
      .select({ urn: schema.models3d.urn, sizeBytes: schema.models3d.sizeBytes })
      .from(schema.models3d)
      .where(orm.eq(schema.models3d.originalName, `${name}-cube.obj`));
    expect(model).toBeDefined();
    expect(model!.sizeBytes).toBe(cubeObj().byteLength);
    expect(shown.url).toContain(model!.urn);
    expect(main(shown)).toContain(`${name}-cube.obj`);
  });

  it("an admin sets up two-factor authentication and signs in with a code", async () => {
    const { createUser } = await import("~/accounts/users.server");
    const { generate } = await import("otplib");
    const adminName = `tb_${name}_2fa`;
    const admin = await createUser({ username: adminName, email: null, password: PASSWORD });
    await db.update(schema.users).set({ role: "admin" }).where(orm.eq(schema.users.id, admin.id));
    // the flow's member, when the steps before ran
    if (!main(await browser.visit("/")).includes("Not signed in")) {
      await browser.visit("/user-profile", [{ press: "Sign Out" }]);
    }
    const first = await browser.visit("/auth", [
      { fill: "Username or email", value: adminName },
      { fill: "Password", value: PASSWORD },
      { press: "Sign In" },
    ]);
    // an admin without a second factor is sent to set one up (decision 291)
    expect(new URL(first.url).pathname).toBe("/user-profile/two-factor");
    expect(main(first)).toContain("Admins need two-factor authentication");
    // the profile links to the page; the key is shown as text, in groups of four
    const profile = await browser.visit("/user-profile", [{ follow: "Set up two-factor authentication" }]);
    expect(new URL(profile.url).pathname).toBe("/user-profile/two-factor");
    const started = await browser.visit("/user-profile/two-factor", [{ press: "Set up two-factor authentication" }]);
    const key = main(started).match(/Key: ((?:[A-Z2-7]{4} ){7}[A-Z2-7]{4})/)?.[1];
    expect(key).toBeDefined();
    expect(main(started)).toContain("otpauth://totp/");
    const secret = key!.replace(/ /g, "");
    // This step's code: accepted while the browser takes less than a step (30 s) to send it. (A code a step back
    // was refused whenever a step began on the way, a run in three under load.)
    const enrolCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const confirmed = await browser.visit("/user-profile/two-factor", [
      { after: "2. Enter the code the app shows" },
      { fill: "6-digit code", value: enrolCode },
      { press: "Turn on two-factor authentication" },
    ]);
    expect(main(confirmed)).toContain("Your recovery codes");
    expect(main(confirmed).match(/\b[a-z2-9]{4}(?:-[a-z2-9]{4}){6}\b/g)).toHaveLength(10);
    const [totp] = await db.select().from(schema.userTotp).where(orm.eq(schema.userTotp.userId, admin.id));
    expect(totp!.enabledAt).not.toBeNull();

    await browser.visit("/user-profile", [{ press: "Sign Out" }]);
    const password = await browser.visit("/auth", [
      { fill: "Username or email", value: adminName },
      { fill: "Password", value: PASSWORD },
      { press: "Sign In" },
    ]);
    expect(new URL(password.url).pathname).toBe("/auth/two-factor");
    expect(main(password)).toContain("Enter the 6-digit code from your authenticator app");
    expect(main(password)).toContain("Not signed in");
    const wrong = await browser.visit("/auth/two-factor", [
      { fill: "6-digit code", value: "000000" },
      { press: "Verify" },
    ]);
    expect(main(wrong)).toContain("That code is not right");
    // the next step's code (accepted one step early): always of a later step than the enrolment's, which a code is
    // never accepted again after
    const signedIn = await browser.visit("/auth/two-factor", [
      { fill: "6-digit code", value: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) },
      { press: "Verify" },
    ]);
    expect(main(signedIn)).toContain(adminName);
    expect(main(signedIn)).not.toContain("Not signed in");
    const [session] = await db.select().from(schema.sessions).where(orm.eq(schema.sessions.userId, admin.id));
    expect(session).toBeDefined();
  });
});
