import { createMember, expect, expectAccessible, expectToast, signIn, test, waitForHydration } from "./fixtures";

/**
 * Read tracking and post addresses (issue 44, decisions 310 and 311), with JavaScript on and off, for two members: the
 * reader's New and Unread lists, the unread count after the other posts, the unread link landing on the first unread
 * post, the jump form, a link to post 45 landing on the page that holds it, and Mark all read.
 */
const forum = () => import("../../app/forum/topics.server");
const unique = () => Math.random().toString(36).slice(2, 8);

test.describe.configure({ timeout: 120_000 });

async function topicWithPosts(authorId: number, count: number) {
  const { createTopic, createPost } = await forum();
  const { topic } = await createTopic({
    authorId,
    title: `Where were we ${unique()}`,
    description: "A long conversation.",
    category: "general",
  });
  for (let i = 1; i <= count; i++) await createPost({ topicId: topic.id, authorId, content: `Thought number ${i}.` });
  return topic;
}

test("a returning member sees what is new and unread and lands on the first unread post", async ({
  page,
  jsEnabled,
}) => {
  const { createPost } = await forum();
  const reader = await createMember();
  const writer = await createMember();
  const topic = await topicWithPosts(writer.id, 30);
  await signIn(page, reader.id);

  await page.goto("/forum?filter=new");
  await waitForHydration(page, jsEnabled);
  const lists = page.getByRole("navigation", { name: "Topic lists" });
  await expect(lists.getByRole("link", { name: "New" })).toHaveAttribute("aria-current", "page");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: topic.title }) });
  await expect(card.getByText("New", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Opening the topic (page 1: posts 1 to 25) records the read.
  await card.getByRole("link", { name: topic.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: topic.title })).toBeVisible();
  await createPost({ topicId: topic.id, authorId: writer.id, content: "One more after the reader left." });

  await page.goto("/forum?filter=unread");
  await waitForHydration(page, jsEnabled);
  const unread = page.getByRole("link", { name: "6 unread posts" });
  await expect(unread).toBeVisible();
  await expect(unread).toHaveAttribute("href", `/forum/topic/${topic.id}/post/26`);
  await expectAccessible(page);
  await unread.click();
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}\\?page=2#post-26$`));
  const post26 = page.getByRole("article", { name: /^#26 by/ });
  await expect(post26).toBeInViewport();
  if (jsEnabled) await expect(post26).toBeFocused();

  // Having read page 2, nothing is unread; Mark all read then also empties the New list.
  await page.goto("/forum?filter=unread");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByText("No unread topics")).toBeVisible();
  await createPost({ topicId: topic.id, authorId: writer.id, content: "And another." });
  await page.reload();
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("link", { name: "1 unread post" })).toBeVisible();
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expectToast(page, jsEnabled, "All topics marked as read");
  await expect(page.getByText("No unread topics")).toBeVisible();
  await expect(page).toHaveURL(/\/forum\?filter=unread$/);
  await expectAccessible(page);
});

test("a link to post 45 lands on the page that holds it, and the jump form goes to any post", async ({
  page,
  jsEnabled,
}) => {
  const writer = await createMember();
  const topic = await topicWithPosts(writer.id, 50);

  await page.goto(`/forum/topic/${topic.id}/post/45`);
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}\\?page=2#post-45$`));
  await expect(page.getByRole("article", { name: /^#45 by/ })).toBeInViewport();
  await waitForHydration(page, jsEnabled);
  await expectAccessible(page);

  await page.getByLabel("Jump to post").first().fill("3");
  await page.getByRole("button", { name: "Go" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}#post-3$`));
  const post3 = page.getByRole("article", { name: /^#3 by/ });
  await expect(post3).toBeInViewport();
  if (jsEnabled) await expect(post3).toBeFocused();
});

test("a like makes one notification; the author opens it and lands on the post", async ({ page, jsEnabled }) => {
  const { createTopic, createPost } = await forum();
  const author = await createMember();
  const liker = await createMember();
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Like this ${unique()}`,
    description: null,
    category: "general",
  });
  await createPost({ topicId: topic.id, authorId: author.id, content: "A post worth liking." });

  await signIn(page, liker.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  const like = page.getByRole("button", { name: "Like post #1" });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(page.getByText(`1 like: liked by ${liker.username}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Like post #1" })).toHaveAttribute("aria-pressed", "true");
  if (jsEnabled) await expect(page.getByRole("button", { name: "Like post #1" })).toBeFocused();
  await expectAccessible(page);

  await page.context().clearCookies();
  await signIn(page, author.id);
  await page.goto("/forum");
  await waitForHydration(page, jsEnabled);
  // The author cannot like their own post; the header counts the one notification.
  await page.getByRole("link", { name: "Notifications (1 unread)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: new RegExp(`^Unread: ${liker.username} liked your post in`) }).click();
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}#post-1$`));
  await expect(page.getByRole("button", { name: "Like post #1" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
});
