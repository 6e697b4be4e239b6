import type { Page } from "@playwright/test";
import { createMember, expect, expectAccessible, signIn, test, waitForHydration } from "./fixtures";

/** Forum moderation (decision 026) in the browser, with JavaScript on and off: flagging, the queue, hide, lock. */
const unique = () => Math.random().toString(36).slice(2, 8);
test.describe.configure({ timeout: 120_000 });

async function setRole(userId: number, role: "moderator" | "admin") {
  const { db } = await import("../../db/client.server");
  const { users } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

async function topicWithPost(content: string) {
  const { createTopic, createPost } = await import("../../app/forum/topics.server");
  const author = await createMember();
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Moderate me ${unique()}`,
    description: null,
    category: "general",
  });
  const { post } = (await createPost({ topicId: topic.id, authorId: author.id, content }))!;
  return { author, topic, post };
}

/** A flash toast: a Radix toast with JavaScript; without, the status block the server renders in the page. */
async function expectToast(page: Page, jsEnabled: boolean, text: string) {
  if (jsEnabled) await expect(page.getByText(text).first()).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

test("a member flags someone else's post once, with a reason and a note", async ({ page, jsEnabled }) => {
  const { topic } = await topicWithPost(`Cheap pills here ${unique()}`);
  const reader = await createMember();
  await signIn(page, reader.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: "Flag post #1" }).click();
  await expect(page).toHaveURL(/confirm=flag-post-\d+/);
  const form = page
    .getByRole("form")
    .or(page.locator("form").filter({ has: page.getByRole("button", { name: "Send flag" }) }));
  await expect(page.getByRole("heading", { name: "Flag post #1 for the moderators" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("radio", { name: "Spam" }).check();
  await page.getByLabel(/Note for the moderators/).fill("Links to a pharmacy");
  await form.getByRole("button", { name: "Send flag" }).click();
  await expectToast(page, jsEnabled, "Thank you for flagging");
  await expect(page).not.toHaveURL(/confirm=/);

  // A second flag on the same post is refused with a clear message.
  await page.getByRole("link", { name: "Flag post #1" }).click();
  await page.getByRole("radio", { name: "Off-topic" }).check();
  await page.getByRole("button", { name: "Send flag" }).click();
  await expect(page.getByText("You have already flagged this.").first()).toBeVisible();
  await expectAccessible(page);
});

test("a post's Edit link opens its form where the reader is: in the page with JavaScript, as a page without", async ({
  page,
  jsEnabled,
}) => {
  const { createPost } = await import("../../app/forum/topics.server");
  const { topic, author } = await topicWithPost(`First ${unique()}`);
  for (let n = 2; n <= 12; n++)
    await createPost({
      topicId: topic.id,
      authorId: author.id,
      content: `Reply ${n}\n${"A long line of text. ".repeat(30)}`,
    });
  await signIn(page, author.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  const link = page.getByRole("link", { name: "Edit post #10" });
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await link.click();
  await expect(page).toHaveURL(/edit=\d+$/);
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  // a plain link, navigated in the page by the topic page's one handler with the scroll kept (decision 117): with
  // JavaScript the same document, still at the post; without, a new page, opened at its top
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(jsEnabled);
  if (jsEnabled) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expectAccessible(page);
});

test("a moderator reviews the queue and hides a flagged post with a reason", async ({ page, jsEnabled }) => {
  const { flagItem } = await import("../../app/moderation/flags.server");
  const content = `Buy followers now ${unique()}`;
  const { topic, post } = await topicWithPost(content);
  for (let i = 0; i < 3; i++) {
    const flagger = await createMember();
    await flagItem({
      flaggerId: flagger.id,
      input: { targetType: "post", targetId: post.id, reason: "spam", note: `Note ${i}` },
    });
  }
  const moderator = await createMember();
  await setRole(moderator.id, "moderator");
  await signIn(page, moderator.id);
  await page.goto("/admin/moderation");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Moderation queue" })).toBeVisible();
  const entry = page.getByRole("article", { name: `Post #1 in “${topic.title}”` });
  await expect(entry).toContainText(content);
  await expect(entry).toContainText("3 flags");
  await expect(entry).toContainText("Hidden by members' flags, pending review");
  await expect(entry).toContainText("Note 2");
  await expectAccessible(page);

  await entry.getByRole("link", { name: /^Hide/ }).click();
  await expect(page).toHaveURL(/confirm=hide-post-\d+/);
  await expect(entry.getByRole("heading", { name: `Hide: Post #1 in “${topic.title}”` })).toBeVisible();
  await expectAccessible(page);
  await entry.getByLabel(/Reason/).fill("Advertising");
  await entry.getByRole("button", { name: "Confirm: Hide" }).click();
  await expectToast(page, jsEnabled, "Post hidden.");
  await expect(page.getByRole("article", { name: `Post #1 in “${topic.title}”` })).toHaveCount(0);

  // A member is refused the queue.
  const plain = await createMember();
  await page.context().clearCookies();
  await signIn(page, plain.id);
  const response = await page.goto("/admin/moderation");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("a moderator lifts an author's silence from the queue before its period ends", async ({ page, jsEnabled }) => {
  const { flagItem } = await import("../../app/moderation/flags.server");
  const { db } = await import("../../db/client.server");
  const { users } = await import("../../db/schema");
  const { eq, sql } = await import("drizzle-orm");
  const { author, topic, post } = await topicWithPost(`Heated words ${unique()}`);
  const flagger = await createMember();
  await flagItem({
    flaggerId: flagger.id,
    input: { targetType: "post", targetId: post.id, reason: "abuse", note: null },
  });
  await db
    .update(users)
    .set({ silencedUntil: sql`now() + interval '7 days'` })
    .where(eq(users.id, author.id));
  const moderator = await createMember();
  await setRole(moderator.id, "moderator");
  await signIn(page, moderator.id);
  await page.goto("/admin/moderation");
  await waitForHydration(page, jsEnabled);
  const entry = page.getByRole("article", { name: `Post #1 in “${topic.title}”` });
  await expect(entry.getByText(/Silenced until/)).toBeAttached();

  await entry.getByRole("link", { name: /^Lift silence/ }).click();
  await expect(page).toHaveURL(/confirm=unsilence-post-\d+/);
  await expect(entry.getByRole("heading", { name: `Lift silence: ${author.username}` })).toBeVisible();
  await expect(entry).toContainText("The author can write topics and replies again from now");
  await expectAccessible(page);
  await entry.getByLabel(/Reason/).fill("Appeal upheld");
  await entry.getByRole("button", { name: "Confirm: Lift silence" }).click();
  await expectToast(page, jsEnabled, `${author.username} can write topics and replies again.`);
  // Still flagged, so still in the queue; nothing left to lift.
  await expect(entry.getByRole("link", { name: /^Hide/ })).toBeVisible();
  await expect(entry.getByRole("link", { name: /^Lift silence/ })).toHaveCount(0);
  const [row] = await db.select({ until: users.silencedUntil }).from(users).where(eq(users.id, author.id));
  expect(row?.until).toBeNull();
});

test("a moderator hides and unhides a post from the topic page; readers see the notice in its place", async ({
  page,
  browser,
  jsEnabled,
}) => {
  const content = `Rude words ${unique()}`;
  const { topic } = await topicWithPost(content);
  const moderator = await createMember();
  await setRole(moderator.id, "moderator");
  await signIn(page, moderator.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: "Hide post #1" }).click();
  await expect(page.getByRole("heading", { name: "Hide: post #1" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/Reason/).fill("Insults another member");
  await page.getByRole("button", { name: "Confirm: Hide" }).click();
  await expectToast(page, jsEnabled, "Post hidden.");
  const post = page.getByRole("article", { name: /^#1 by/ });
  await expect(post).toContainText("This post was hidden by a moderator. Reason: Insults another member");
  await expectAccessible(page);

  // A signed-out reader sees the notice, numbered #1, and not the text.
  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL: test.info().project.use.baseURL });
  const other = await visitor.newPage();
  await other.goto(`/forum/topic/${topic.id}`);
  const hidden = other.getByRole("article", { name: /^#1 by/ });
  await expect(hidden).toContainText("This post was hidden by a moderator");
  await expect(hidden).not.toContainText(content);
  await expect(other.getByText("Insults another member")).toHaveCount(0);
  await visitor.close();

  await page.getByRole("link", { name: "Unhide post #1" }).click();
  await page.getByLabel(/Reason/).fill("Apologised");
  await page.getByRole("button", { name: "Confirm: Unhide" }).click();
  await expectToast(page, jsEnabled, "Post visible again.");
  await expect(page.getByRole("article", { name: /^#1 by/ })).toContainText(content);
});

test("a moderator locks a topic: the page says so and offers no reply form", async ({ page, jsEnabled }) => {
  const { topic, author } = await topicWithPost(`Heated debate ${unique()}`);
  const moderator = await createMember();
  await setRole(moderator.id, "moderator");
  await signIn(page, moderator.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: "Lock topic" }).click();
  await expect(page.getByRole("heading", { name: "Lock topic: this topic" })).toBeVisible();
  await page.getByLabel(/Reason/).fill("Going in circles");
  await page.getByRole("button", { name: "Confirm: Lock topic" }).click();
  await expectToast(page, jsEnabled, "Topic locked.");
  await expect(page.getByText("This topic is locked: it takes no new replies.").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Unlock topic" })).toBeVisible();
  await expectAccessible(page);

  // The author finds no reply form.
  await page.context().clearCookies();
  await signIn(page, author.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByText("This topic is locked: it takes no new replies.").first()).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Write a Reply" })).toHaveCount(0);
  await expectAccessible(page);
});
