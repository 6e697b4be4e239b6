import { createMember, expect, expectAccessible, expectToast, signIn, test, waitForHydration } from "./fixtures";

/**
 * Member pages and bookmarks (issue 44, decision 360), with JavaScript on and off, for two members: each one's page
 * (reached from an author's name) lists their posts and topics, paged, with the right counts, and leaves out a hidden
 * post for a visitor; a member bookmarks a post (the button says what it now does, keeps the focus with JavaScript,
 * and the toast says what happened), finds it on their own page and removes it there; nobody else sees it.
 */
const unique = () => Math.random().toString(36).slice(2, 8);

test.describe.configure({ timeout: 120_000 });

async function twoMembersForum() {
  const { createTopic, createPost } = await import("../../app/forum/topics.server");
  const { setLike } = await import("../../app/forum/likes.server");
  const { db } = await import("../../db/client.server");
  const { forumPosts } = await import("../../db/schema");
  const { and, eq } = await import("drizzle-orm");
  const writer = await createMember();
  const reader = await createMember();
  const { topic } = await createTopic({
    authorId: writer.id,
    title: `Writer's topic ${unique()}`,
    description: null,
    category: "general",
  });
  for (let i = 1; i <= 22; i++) {
    await createPost({ topicId: topic.id, authorId: writer.id, content: `Writer's post number ${i}.` });
  }
  const { topic: readersTopic } = await createTopic({
    authorId: reader.id,
    title: `Reader's topic ${unique()}`,
    description: null,
    category: "general",
  });
  const readersPost = (await createPost({ topicId: topic.id, authorId: reader.id, content: "The reader answers." }))!;
  await createPost({ topicId: readersTopic.id, authorId: reader.id, content: "The reader's own thread." });
  const [first] = await db
    .select({ id: forumPosts.id })
    .from(forumPosts)
    .where(and(eq(forumPosts.topicId, topic.id), eq(forumPosts.number, 1)));
  await setLike({ postId: first!.id, topicId: topic.id, memberId: reader.id, like: true });
  // Post #2 is hidden by a moderator: a visitor never sees it on the writer's page, nor counts it.
  await db
    .update(forumPosts)
    .set({ hiddenAt: new Date(), hiddenReason: "Off topic" })
    .where(and(eq(forumPosts.topicId, topic.id), eq(forumPosts.number, 2)));
  return { writer, reader, topic, readersTopic, readersPost: readersPost.post };
}

test("two members' pages: posts and topics listed and paged, counts right, a hidden post absent for a visitor", async ({
  page,
  jsEnabled,
}) => {
  const { writer, reader, topic, readersTopic } = await twoMembersForum();

  // A visitor follows the topic's author to their page.
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("article", { name: topic.title }).getByRole("link", { name: writer.username }).click();
  await expect(page).toHaveURL(new RegExp(`/forum/u/${writer.username}$`));
  await expect(page).toHaveTitle(new RegExp(`^${writer.username}: forum member`));
  await expect(page.getByRole("heading", { level: 1, name: writer.username })).toBeVisible();
  const summary = page.getByRole("definition");
  await expect(summary).toHaveText([/\d{4}$/, "21", "1", "0", "1"]);
  const posts = page.getByRole("list", { name: "Posts" });
  await expect(posts.getByRole("listitem")).toHaveCount(20);
  await expect(page.getByRole("heading", { name: "Posts (21)" })).toBeVisible();
  await expect(posts.getByRole("listitem").first()).toContainText("Writer's post number 22.");
  await expect(page.getByText("Writer's post number 2.", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Your bookmarks")).toHaveCount(0);
  await expectAccessible(page);

  // Page 2 of the posts holds the oldest, #1; the hidden #2 is on neither page.
  await page
    .getByRole("navigation", { name: "Post pages", exact: true })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(page).toHaveURL(/\?posts=2$/);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(posts.getByRole("listitem")).toHaveCount(1);
  await expect(posts.getByRole("listitem")).toContainText("Writer's post number 1.");
  await expect(page.getByText("Writer's post number 2.", { exact: true })).toHaveCount(0);
  // Each post links to its own address, which lands on the page that holds it.
  await posts.getByRole("link", { name: `Post #1 in ${topic.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}#post-1$`));

  // The other member's page, reached from their name on a post.
  await page.goto(`/forum/topic/${topic.id}?page=last`);
  await waitForHydration(page, jsEnabled);
  await page
    .getByRole("article", { name: `#23 by ${reader.username}` })
    .getByRole("link", { name: reader.username })
    .click();
  await expect(page).toHaveURL(new RegExp(`/forum/u/${reader.username}$`));
  await expect(page.getByRole("definition")).toHaveText([/\d{4}$/, "2", "1", "1", "0"]);
  await expect(page.getByRole("list", { name: "Topics started" }).getByRole("link")).toHaveText([readersTopic.title]);
  await expect(page.getByRole("list", { name: "Posts" }).getByRole("listitem")).toHaveCount(2);
  await expectAccessible(page);

  // A name nobody has: the site's own 404.
  const missing = await page.goto(`/forum/u/nobody_${unique()}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Member Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Forum" })).toBeVisible();
});

test("a member bookmarks a post, finds it on their own page and removes it; nobody else sees it", async ({
  page,
  jsEnabled,
}) => {
  const { writer, reader, topic } = await twoMembersForum();
  await signIn(page, reader.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: "Bookmark post #1", exact: true }).click();
  const remove = page.getByRole("button", { name: "Remove bookmark from post #1", exact: true });
  await expect(remove).toBeVisible();
  await expectToast(page, jsEnabled, "Post #1 bookmarked");
  if (jsEnabled) await expect(remove).toBeFocused();
  await expect(page.getByRole("button", { name: "Bookmark post #3", exact: true })).toBeVisible();
  await expectAccessible(page);

  // On their own page: the bookmark, and links to their notifications and notification settings.
  await page.goto(`/forum/u/${reader.username}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Your bookmarks (1)" })).toBeVisible();
  const bookmarks = page.getByRole("list", { name: "Bookmarks" });
  await expect(bookmarks.getByRole("link", { name: `Post #1 in ${topic.title}` })).toHaveAttribute(
    "href",
    `/forum/topic/${topic.id}/post/1`,
  );
  await expect(page.getByRole("link", { name: "Notification settings" })).toHaveAttribute(
    "href",
    "/forum/notifications/settings",
  );
  await expect(page.getByRole("link", { name: "Your notifications" })).toHaveAttribute("href", "/forum/notifications");
  await expectAccessible(page);

  // The writer sees neither the reader's bookmarks on the reader's page nor any on their own.
  await page.context().clearCookies();
  await signIn(page, writer.id);
  await page.goto(`/forum/u/${reader.username}`);
  await expect(page.getByRole("heading", { level: 1, name: reader.username })).toBeVisible();
  await expect(page.getByText(/bookmark/i)).toHaveCount(0);
  await page.goto(`/forum/u/${writer.username}`);
  await expect(page.getByRole("heading", { name: "Your bookmarks (0)" })).toBeVisible();

  // The reader removes it on their page: the list says it is gone, the toast says which, the focus is on the list.
  await page.context().clearCookies();
  await signIn(page, reader.id);
  await page.goto(`/forum/u/${reader.username}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: `Remove bookmark from post #1 in ${topic.title}` }).click();
  const heading = page.getByRole("heading", { name: "Your bookmarks (0)" });
  await expect(heading).toBeVisible();
  await expectToast(page, jsEnabled, "Bookmark removed from post #1");
  if (jsEnabled) await expect(heading).toBeFocused();
  await page.goto(`/forum/topic/${topic.id}`);
  await expect(page.getByRole("button", { name: "Bookmark post #1", exact: true })).toBeVisible();
});
