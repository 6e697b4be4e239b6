import { createMember, expect, expectAccessible, signIn, test, waitForHydration } from "./fixtures";

/**
 * Forum search (issue 35) in the browser, with JavaScript on and off: the header's search box, the results' count
 * as a heading and in a live region, marked excerpts, real page links, filters, refusals, the moderation rules, and
 * (with JavaScript) focus on the outcome after a search made on the page.
 */
const forum = () => import("../../app/forum/topics.server");
const token = () => `zq${Math.random().toString(36).slice(2, 9).replace(/[0-9]/g, "k")}x`;

async function seedTopics(t: string) {
  const { createTopic, createPost } = await forum();
  const author = await createMember();
  // Created first, so the newest-first tie-break would put it last anyway: it is last because a body match ranks
  // below every title match.
  const { topic: inBody } = await createTopic({
    authorId: author.id,
    title: "An evening conversation",
    description: null,
    category: "general",
  });
  await createPost({ topicId: inBody.id, authorId: author.id, content: `We spoke of ${t} until late.` });
  for (let i = 1; i <= 24; i++) {
    await createTopic({ authorId: author.id, title: `Title ${i} about ${t}`, description: null, category: "general" });
  }
  const { topic: tech } = await createTopic({
    authorId: author.id,
    title: `Machines and ${t}`,
    description: "Where technology meets the sacred",
    category: "technology",
  });
  return { author, inBody, tech };
}

test("searches from the forum's header and pages through the results with real links", async ({ page }) => {
  const t = token();
  const { inBody } = await seedTopics(t);
  await page.goto("/forum");
  await page.getByRole("searchbox", { name: "Search the forum" }).fill(t);
  await page.getByRole("search", { name: "Forum" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/forum/search\\?q=${t}$`));
  await expect(page.getByRole("heading", { level: 2, name: "Results 1 to 20 of 26" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Results 1 to 20 of 26" })).toHaveCount(1);
  const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
  await expect(results).toHaveCount(20);
  await expect(results.first().locator("mark").first()).toHaveText(t);
  await expectAccessible(page);

  await page.getByRole("navigation", { name: "Result pages" }).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`page=2`));
  await expect(page.getByRole("heading", { level: 2, name: "Results 21 to 26 of 26" })).toBeVisible();
  await expect(results).toHaveCount(6);
  const last = results.last();
  await expect(last.getByRole("link", { name: "An evening conversation" })).toHaveAttribute(
    "href",
    `/forum/topic/${inBody.id}#post-1`,
  );
  await expect(last.locator("mark")).toHaveText(t);
  await expect(last).toContainText("Post #1");
  await expectAccessible(page);
});

test("refines a search with the page's form: focus and the live region follow with JavaScript", async ({
  page,
  jsEnabled,
}) => {
  const t = token();
  const { tech } = await seedTopics(t);
  await page.goto(`/forum/search?q=${t}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("searchbox", { name: "Words to find" })).toHaveValue(t);

  await page.getByLabel("Category").selectOption("technology");
  await page.getByRole("search", { name: "Search with filters" }).getByRole("button", { name: "Search" }).click();
  const heading = page.getByRole("heading", { level: 2, name: "Results 1 to 1 of 1" });
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/category=technology/);
  await expect(page.getByRole("status").filter({ hasText: "Results 1 to 1 of 1" })).toHaveCount(1);
  await expect(page.getByRole("link", { name: `Machines and ${t}` })).toHaveAttribute(
    "href",
    `/forum/topic/${tech.id}`,
  );
  if (jsEnabled) await expect(heading).toBeFocused();
  await expectAccessible(page);

  // A refused search: the summary takes the focus (JavaScript, or autofocus on the server's page), a group named by
  // its title and described by the message, not an alert (decision 450); the field names the message too.
  await page.getByRole("searchbox", { name: "Words to find" }).fill("ab");
  await page.getByRole("search", { name: "Search with filters" }).getByRole("button", { name: "Search" }).click();
  const summary = page.getByRole("group", { name: "The search was not made" });
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAccessibleDescription("Search for at least 3 characters.");
  await expect(page.getByRole("alert")).toHaveCount(0);
  const words = page.getByRole("searchbox", { name: "Words to find" });
  await expect(words).toHaveAttribute("aria-invalid", "true");
  await expect(words).toHaveAccessibleDescription(/^At least 3 characters\..* Search for at least 3 characters\.$/);
  await expectAccessible(page);
  // refused again: focus moves to the summary again
  await words.fill("cd");
  await words.press("Enter");
  await expect(page).toHaveURL(/q=cd/);
  await expect(summary).toBeFocused();

  // Leaving a word out and sorting by newest.
  await page.getByRole("searchbox", { name: "Words to find" }).fill(`${t} -machines`);
  await page.getByLabel("Category").selectOption("");
  await page.getByLabel("Sort by").selectOption("newest");
  await page.getByRole("search", { name: "Search with filters" }).getByRole("button", { name: "Search" }).click();
  const newest = page.getByRole("heading", { level: 2, name: "Results 1 to 20 of 25" });
  await expect(newest).toBeVisible();
  await expect(page.getByRole("link", { name: `Title 24 about ${t}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("listitem").first()).toContainText(
    `Title 24 about ${t}`,
  );
  if (jsEnabled) await expect(newest).toBeFocused();
});

test("hidden posts are found by moderators only", async ({ page }) => {
  const t = token();
  const { createTopic, createPost } = await forum();
  const { db } = await import("../../db/client.server");
  const { forumPosts, users } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  const author = await createMember();
  const { topic } = await createTopic({
    authorId: author.id,
    title: "Quiet thoughts",
    description: null,
    category: "general",
  });
  const reply = (await createPost({ topicId: topic.id, authorId: author.id, content: `A hidden word: ${t}` }))!.post;
  const moderator = await createMember();
  await db.update(users).set({ role: "moderator" }).where(eq(users.id, moderator.id));
  await db.update(forumPosts).set({ hiddenAt: new Date(), hiddenBy: moderator.id }).where(eq(forumPosts.id, reply.id));

  await page.goto(`/forum/search?q=${t}`);
  await expect(page.getByRole("heading", { level: 2, name: "No results" })).toBeVisible();
  await expect(page.getByText("Nothing in the forum matches this search.")).toBeVisible();
  await expectAccessible(page);

  await signIn(page, moderator.id);
  await page.goto(`/forum/search?q=${t}`);
  await expect(page.getByRole("heading", { level: 2, name: "Results 1 to 1 of 1" })).toBeVisible();
  await expect(page.getByText("Hidden from members")).toBeVisible();
});
