import { createMember, expect, expectAccessible, signIn, test, waitForHydration } from "./fixtures";

/**
 * Mentions and quotes (issue 44, decision 313), with JavaScript on and off, for two members: a post's Quote link opens
 * the reply form holding the post as a quote (without JavaScript, the page with the form open and filled; with it,
 * in place, the field focused and the live region saying what it holds); the reply that quotes and mentions the
 * author makes one quote and one mention notification, none to the writer, and the author lands on the reply.
 */
const forum = () => import("../../app/forum/topics.server");
const unique = () => Math.random().toString(36).slice(2, 8);

test.describe.configure({ timeout: 120_000 });

test("a Quote link fills the reply form; the reply quoting and mentioning the author notifies them once each", async ({
  page,
  jsEnabled,
}) => {
  const { createTopic, createPost } = await forum();
  const { db } = await import("../../db/client.server");
  const { forumNotifications } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  const author = await createMember();
  const replier = await createMember();
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Quote this ${unique()}`,
    description: null,
    category: "general",
  });
  await createPost({ topicId: topic.id, authorId: author.id, content: "Saturn returns at 29.\nThen again at 58." });
  const quote = `> Saturn returns at 29.\n> Then again at 58.\n— ${author.username}, post #1 /forum/topic/${topic.id}/post/1\n\n`;

  await signIn(page, replier.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  const status = page.getByRole("status").filter({ hasText: "Your reply quotes" });
  await expect(status).toHaveCount(0);
  await page.getByRole("link", { name: "Quote post #1" }).click();
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}\\?quote=\\d+#reply$`));
  const field = page.getByRole("textbox", { name: "Your reply" });
  await expect(field).toHaveValue(quote);
  await expect(status).toHaveText(`Your reply quotes post #1 by ${author.username}.`);
  if (jsEnabled) await expect(field).toBeFocused();
  await expectAccessible(page);

  await field.fill(`${quote}Agreed, @${author.username} and @${replier.username}.`);
  await page.getByRole("button", { name: "Post Reply" }).click();
  const reply = page.getByRole("article", { name: /^#2 by/ });
  await expect(reply).toContainText("Agreed,");
  // the quote is a blockquote with its author and a link back (decision 340)
  const quoted = reply.getByRole("figure");
  await expect(quoted.locator("blockquote")).toContainText("Saturn returns at 29.");
  await expect(quoted).toContainText(`— ${author.username}, post #1`);
  await expect(quoted.getByRole("link", { name: "post #1" })).toHaveAttribute(
    "href",
    `/forum/topic/${topic.id}/post/1`,
  );
  // a member's mention links to their page; the writer's own name too (it resolves), emphasised
  await expect(reply.getByRole("link", { name: `@${author.username}` })).toHaveAttribute(
    "href",
    `/forum/u/${author.username}`,
  );
  await expect(reply.locator("strong", { hasText: `@${author.username}` })).toBeVisible();

  const kinds = async (userId: number) =>
    (await db.select().from(forumNotifications).where(eq(forumNotifications.userId, userId))).map((n) => n.kind).sort();
  expect(await kinds(author.id)).toEqual(["mention", "quote", "reply"]);
  expect(await kinds(replier.id)).toEqual([]);

  await page.context().clearCookies();
  await signIn(page, author.id);
  await page.goto("/forum/notifications");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: new RegExp(`^Unread: ${replier.username} quoted you in`) }).click();
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}#post-2$`));
  await expect(page.getByRole("article", { name: /^#2 by/ })).toBeInViewport();
});
