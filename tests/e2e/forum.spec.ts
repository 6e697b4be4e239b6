import { readFileSync } from "node:fs";
import {
  createMember,
  expect,
  expectAccessible,
  makeAdmin,
  signIn,
  test,
  waitForHydration,
  watchPage,
} from "./fixtures";

/** The forum and the admin e-mail export, with JavaScript on and off. */
const forum = () => import("../../app/forum/topics.server");
const unique = () => Math.random().toString(36).slice(2, 8);

// Several pages and axe runs per test on a shared 2-core machine: allow more than the default 45 s.
test.describe.configure({ timeout: 120_000 });

test("a member creates a topic from the New Topic form", async ({ page, jsEnabled }) => {
  const member = await createMember();
  await signIn(page, member.id);
  await page.goto("/forum");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Community Forum" })).toBeVisible();
  await expect(page.getByText(`Welcome, ${member.username}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "New Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Topic" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  // A too-short title is refused with the rule's message (by the server without JavaScript).
  await dialog.getByLabel("Title").fill("ab");
  await dialog.getByRole("button", { name: "Create Topic" }).click();
  await expect(dialog.getByText("Title must be at least 3 characters").first()).toBeVisible();

  const title = `Seven and harmony ${unique()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description (optional)").fill("Line one\nLine two with https://example.org/seven");
  await dialog.getByLabel("Category").selectOption("principles");
  await dialog.getByRole("button", { name: "Create Topic" }).click();
  await expect(page).toHaveURL(/\/forum\/topic\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  if (jsEnabled) await expect(page.getByText("Topic created!").first()).toBeVisible();
  await expect(page.getByText("Universal Principles").first()).toBeVisible();
  const link = page.getByRole("link", { name: "https://example.org/seven" });
  await expect(link).toHaveAttribute("rel", "ugc nofollow noopener");
  await expectAccessible(page);
});

test("members reply and edit only their own posts; visitors are asked to sign in", async ({ page, jsEnabled }) => {
  const { createTopic, createPost } = await forum();
  const other = await createMember();
  const member = await createMember();
  const { topic } = await createTopic({
    authorId: other.id,
    title: `Reply here ${unique()}`,
    description: "Tell me",
    category: "general",
  });
  await createPost({ topicId: topic.id, authorId: other.id, content: "First thoughts from the author" });

  await page.goto(`/forum/topic/${topic.id}`);
  await expect(page.getByRole("link", { name: "Sign In / Register" }).last()).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveCount(0);

  await signIn(page, member.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Join the Discussion" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
  await expectAccessible(page);

  // The reply form is collapsed with JavaScript (a button expands it) and expanded without.
  if (jsEnabled) {
    const toggle = page.getByRole("button", { name: "Write a Reply" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Your reply")).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Hide Reply Form" })).toHaveAttribute("aria-expanded", "true");
  }
  await page.getByLabel("Your reply").fill("Line A\nLine B");
  await page.getByRole("button", { name: "Post Reply" }).click();
  if (jsEnabled) await expect(page.getByText("Reply posted!").first()).toBeVisible();
  const mine = page.getByRole("article", { name: `#2 by ${member.username}` });
  await expect(mine).toContainText("Line A\nLine B");
  await expect(page.getByText("1 reply")).toHaveCount(0);
  await expect(page.getByText("2 replies")).toBeVisible();
  // Only my post has an edit control.
  await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(1);

  await expect(mine).toBeVisible();
  await mine.getByRole("link", { name: "Edit post #2" }).click();
  const editor = page.getByLabel("Edit post #2");
  await expect(editor).toHaveValue("Line A\nLine B");
  await editor.fill("   ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Post content cannot be empty.").first()).toBeVisible();
  await page.getByLabel("Edit post #2").fill("Better words");
  await page.getByRole("button", { name: "Save" }).click();
  if (jsEnabled) await expect(page.getByText("Post updated!").first()).toBeVisible();
  await expect(mine).toContainText("Better words");
  await expect(mine).toContainText("(edited)");
  await expectAccessible(page);
});

test("while a post is edited, a reply posts to the topic, not to ?edit= (issue 47)", async ({ page, jsEnabled }) => {
  const { createTopic, createPost } = await forum();
  const member = await createMember();
  const { topic } = await createTopic({
    authorId: member.id,
    title: `Edit and reply ${unique()}`,
    description: null,
    category: "general",
  });
  const created = await createPost({ topicId: topic.id, authorId: member.id, content: "Words to edit" });
  await signIn(page, member.id);
  await page.goto(`/forum/topic/${topic.id}?edit=${created!.post.id}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByLabel("Edit post #1")).toHaveValue("Words to edit");
  if (jsEnabled) await page.getByRole("button", { name: "Write a Reply" }).click();
  const reply = page.locator("form").filter({ has: page.getByLabel("Your reply") });
  await expect(reply).toHaveAttribute("action", `/forum/topic/${topic.id}`);
  await page.getByLabel("Your reply").fill("A reply while editing");
  const posted = page.waitForRequest((request) => request.method() === "POST");
  await page.getByRole("button", { name: "Post Reply" }).click();
  expect(new URL((await posted).url()).search).not.toContain("edit=");
  await expect(page.getByRole("article", { name: `#2 by ${member.username}` })).toContainText("A reply while editing");
  await expect(page).not.toHaveURL(/edit=/);
});

test("'Loading topics' and 'Loading discussion' show when the forum or a topic is opened from another page (issue 47)", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "without JavaScript the browser loads the page itself");
  const { createTopic } = await forum();
  const author = await createMember();
  const title = `Loading ${unique()}`;
  const { topic } = await createTopic({ authorId: author.id, title, description: null, category: "general" });
  await page.goto("/about");
  await waitForHydration(page, jsEnabled);
  // the forum's data is held back until the test has seen the words
  const hold = (pattern: string) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    void page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  };
  const releaseForum = hold("**/forum.data*");
  await page.getByRole("link", { name: "Forum", exact: true }).first().click();
  const loadingTopics = page.getByRole("status").filter({ hasText: "Loading topics" });
  await expect(loadingTopics).toBeVisible();
  releaseForum();
  await expect(page.getByRole("heading", { level: 1, name: "Community Forum" })).toBeVisible();
  await expect(loadingTopics).toHaveCount(0);

  await page.unrouteAll({ behavior: "wait" });
  const releaseTopic = hold(`**/forum/topic/${topic.id}.data*`);
  await page.getByRole("link", { name: title }).first().click();
  const loadingDiscussion = page.getByRole("status").filter({ hasText: "Loading discussion" });
  await expect(loadingDiscussion).toBeVisible();
  releaseTopic();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(loadingDiscussion).toHaveCount(0);
  await page.unrouteAll();
});

test("a topic page loads the reply form's code only when the form is opened (decision 107)", async ({
  page,
  jsEnabled,
}) => {
  const { createTopic } = await forum();
  const member = await createMember();
  const { topic } = await createTopic({
    authorId: member.id,
    title: `On demand ${unique()}`,
    description: null,
    category: "general",
  });
  const { scripts, errors } = watchPage(page);
  await signIn(page, member.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  const formChunk = (url: string) => /\/post-forms-[A-Z0-9]+\.js$/.test(url);
  if (!jsEnabled) {
    // without JavaScript the form is simply in the page, and works (the server's answer marks the field)
    await page.getByLabel("Your reply").fill("   ");
    await page.getByRole("button", { name: "Post Reply" }).click();
    await expect(page.getByLabel("Your reply")).toHaveAttribute("aria-invalid", "true");
    return;
  }
  await expect(page.getByRole("button", { name: "Write a Reply" })).toBeVisible();
  // the collapsed form left the page once hydrated, without its code and without a hydration error
  await expect(page.locator("#reply-panel textarea")).toHaveCount(0);
  expect(scripts.filter(formChunk)).toEqual([]);
  await page.getByRole("button", { name: "Write a Reply" }).click();
  await page.getByLabel("Your reply").fill("   ");
  await page.getByRole("button", { name: "Post Reply" }).click();
  // Conform's answer from the server, with the field marked invalid
  await expect(page.getByLabel("Your reply")).toHaveAttribute("aria-invalid", "true");
  expect(scripts.filter(formChunk)).toHaveLength(1);
  expect(errors()).toEqual([]);
  await expectAccessible(page);
});

test("the category filter shows one category's topics", async ({ page, jsEnabled }) => {
  const { createTopic } = await forum();
  const author = await createMember();
  const tech = `Circuits of light ${unique()}`;
  const general = `Tea and numbers ${unique()}`;
  await createTopic({ authorId: author.id, title: tech, description: null, category: "technology" });
  await createTopic({ authorId: author.id, title: general, description: null, category: "general" });
  await page.goto("/forum");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("link", { name: general })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Forum categories" })
    .getByRole("link", { name: "Technology & Innovation" })
    .click();
  await expect(page).toHaveURL(/category=technology/);
  await expect(page.getByRole("heading", { level: 2, name: "Technology & Innovation" })).toBeVisible();
  await expect(page.getByText("AI, tools and new ideas where technology meets the sacred.")).toBeVisible();
  await expect(page.getByRole("link", { name: tech })).toBeVisible();
  await expect(page.getByRole("link", { name: general })).toHaveCount(0);
  await expectAccessible(page);
});

test("long topics and the topic list are paginated with the right numbers", async ({ page, jsEnabled }) => {
  test.setTimeout(180_000);
  const { createTopic, createPost } = await forum();
  const author = await createMember();
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Long talk ${unique()}`,
    description: null,
    category: "general",
  });
  for (let i = 1; i <= 30; i++)
    await createPost({ topicId: topic.id, authorId: author.id, content: `Message number ${i}` });
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("article", { name: /^#25 by/ })).toContainText("Message number 25");
  await expect(page.getByRole("article", { name: /^#26 by/ })).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Post pages", exact: true })
    .getByRole("link", { name: "Next page" })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("article", { name: /^#26 by/ })).toContainText("Message number 26");
  await expect(page.getByRole("article", { name: /^#30 by/ })).toContainText("Message number 30");
  await expect(page.getByRole("article", { name: /^#1 by/ })).toHaveCount(0);
  await expectAccessible(page);

  // 21 fresh topics in one category: the oldest is on the second page.
  const titles: string[] = [];
  for (let i = 0; i < 21; i++) {
    const title = `Pattern ${i} ${unique()}`;
    titles.push(title);
    await createTopic({ authorId: author.id, title, description: null, category: "mathematical-implications" });
  }
  await page.goto("/forum?category=mathematical-implications");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("link", { name: titles[20]! })).toBeVisible();
  await expect(page.getByRole("link", { name: titles[0]! })).toHaveCount(0);
  await page.getByRole("link", { name: "Older topics" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.getByRole("link", { name: titles[0]! })).toBeVisible();
  await expect(page.getByRole("link", { name: titles[20]! })).toHaveCount(0);
  await expectAccessible(page);
});

test("HTML in titles and posts is shown as text and never runs", async ({ page, jsEnabled }) => {
  const { createTopic, createPost } = await forum();
  const author = await createMember();
  const title = `<script>window.__xss = 1</script> ${unique()}`;
  const { topic } = await createTopic({
    authorId: author.id,
    title,
    description: `<img src=x onerror="window.__xss=2">`,
    category: "emotional-growth",
  });
  const evil = `<img src=x onerror="window.__xss=3"> <a href="javascript:window.__xss=4">click</a> javascript:window.__xss=5`;
  await createPost({ topicId: topic.id, authorId: author.id, content: evil });
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(evil)).toBeVisible();
  await expect(page.locator("main img")).toHaveCount(0);
  await expect(page.locator('main a[href^="javascript"]')).toHaveCount(0);
  await expect(page.locator("main script")).toHaveCount(0);
  if (jsEnabled) expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await page.goto("/forum?category=emotional-growth");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

test("a non-numeric topic shows Topic Not Found with a 400, an unknown one with a 404", async ({ page }) => {
  for (const [id, status] of [
    ["abc", 400],
    ["2000000000", 404],
  ] as const) {
    const response = await page.goto(`/forum/topic/${id}`);
    expect(response?.status()).toBe(status);
    await expect(page.getByRole("heading", { name: "Topic Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Forum" })).toBeVisible();
  }
  await expectAccessible(page);
});

test("a member without e-mail is prompted, and Later hides the prompt for the session", async ({ page, jsEnabled }) => {
  const member = await createMember({ email: null });
  await signIn(page, member.id);
  await page.goto("/forum");
  await waitForHydration(page, jsEnabled);
  const prompt = page.getByRole("complementary", { name: "Enhance Your Account Security" });
  await expect(prompt).toBeVisible();
  // Add Email opens the add-email dialog on the forum page (issue 17; tests/e2e/spec-behaviours.spec.ts follows it)
  await expect(prompt.getByRole("link", { name: "Add Email" })).toHaveAttribute("href", "/forum?dialog=add-email");
  await expectAccessible(page);
  await prompt.getByRole("button", { name: "Later" }).click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Community Forum" })).toBeVisible();
  await expect(prompt).toHaveCount(0);
});

test("an admin downloads the e-mail list as CSV with formula cells neutralised; members get 403", async ({
  page,
  jsEnabled,
}) => {
  const tricky = await createMember({ email: `=sum${unique()}@example.test` });
  const admin = await createMember();
  await makeAdmin(admin.id);
  await signIn(page, admin.id);
  await page.goto("/admin/emails");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Admin Forum Email List" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Email addresses" }).getByText(tricky.email!).first()).toBeVisible();
  await expectAccessible(page);

  if (jsEnabled) {
    // Refresh re-reads the list in place; a failed read says why.
    await page.route("**/api/admin/email-list", (route) => route.fulfill({ status: 503, body: "down" }));
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error: HTTP 503: Service Unavailable" })).toBeVisible();
    await page.unrouteAll();
    await page.route("**/api/admin/email-list", (route) => route.abort());
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch email list" })).toBeVisible();
    await page.unrouteAll();
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch email list" })).toHaveCount(0);
  }

  if (jsEnabled) {
    // a download the connection drops says so in the site's words, not "TypeError: Failed to fetch" (issue 47)
    await page.route("**/api/admin/email-list?format=csv", (route) => route.abort("internetdisconnected"));
    await page.getByRole("link", { name: "Download CSV" }).click();
    await expect(page.getByText("Download failed: the connection was lost").first()).toBeVisible();
    await expect(page.getByText(/TypeError|Failed to fetch$/)).toHaveCount(0);
    await page.unrouteAll();
  }
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("forum-emails.csv");
  const rows = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\r\n");
  expect(rows[0]).toBe("email");
  expect(rows).toContain(`'${tricky.email}`);
  expect(rows).toContain(admin.email);
  if (jsEnabled) await expect(page.getByText("Downloaded!").first()).toBeVisible();

  const member = await createMember();
  await page.context().clearCookies();
  await signIn(page, member.id);
  const response = await page.goto("/admin/emails");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText(tricky.email!)).toHaveCount(0);
  const api = await page.request.get("/api/admin/email-list?format=csv");
  expect(api.status()).toBe(403);
  expect(await api.text()).not.toContain("@example.test");
});

test("with JavaScript, failed submissions show the spec's toasts", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "the failures simulated here are those of JavaScript requests");
  const { createTopic, createPost } = await forum();
  const member = await createMember();
  const { topic } = await createTopic({
    authorId: member.id,
    title: `Fragile ${unique()}`,
    description: "Net",
    category: "general",
  });
  const created = await createPost({ topicId: topic.id, authorId: member.id, content: "Original words" });
  await signIn(page, member.id);

  // ?reply=1 opens the reply form; a reply the network drops is 'Failed to post reply' and the text stays.
  await page.goto(`/forum/topic/${topic.id}?reply=1`);
  await waitForHydration(page, jsEnabled);
  await page.route("**/*.data*", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await page.getByLabel("Your reply").fill("Lost in transit");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Failed to post reply").first()).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveValue("Lost in transit");

  // An edit the server answers with a 500 is 'Failed to update post'.
  await page.unrouteAll();
  await page.goto(`/forum/topic/${topic.id}?edit=${created!.post.id}`);
  await waitForHydration(page, jsEnabled);
  await page.route("**/*.data*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "database down" }) : route.continue(),
  );
  await page.getByLabel("Edit post #1").fill("New words");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Failed to update post").first()).toBeVisible();

  // A new topic the network drops is 'Failed to create topic'.
  await page.unrouteAll();
  await page.goto("/forum?new=1");
  await waitForHydration(page, jsEnabled);
  await page.route("**/*.data*", (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  const dialog = page.getByRole("dialog", { name: "Create New Topic" });
  await dialog.getByLabel("Title").fill(`Never sent ${unique()}`);
  await dialog.getByRole("button", { name: "Create Topic" }).click();
  await expect(page.getByText("Failed to create topic").first()).toBeVisible();

  await page.unrouteAll();
});
