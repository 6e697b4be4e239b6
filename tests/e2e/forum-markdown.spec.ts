import { inertProblems, XSS_VECTORS } from "../fixtures/xss-vectors";
import { createMember, expect, expectAccessible, signIn, test, waitForHydration } from "./fixtures";

/**
 * Forum posts in Markdown (issue 44, decision 340), with JavaScript on and off: a member previews a reply (the form
 * keeps the text; with JavaScript the preview takes the focus and the live region says so), posts it and sees the
 * emphasis, the list, the quote and the autolink rendered; the new-topic and edit forms preview too; every XSS vector
 * of the hostile-input suite, posted as a post, renders inert.
 */
const forum = () => import("../../app/forum/topics.server");
const unique = () => Math.random().toString(36).slice(2, 8);

test.describe.configure({ timeout: 120_000 });

const MARKDOWN = [
  "Some *emphasis* and **strong** words.",
  "",
  "- first item",
  "- second item",
  "",
  "> A wise quote",
  "",
  "See https://example.org/nine for more.",
].join("\n");

test("a member previews a Markdown reply, keeps the text, posts it and sees it rendered", async ({
  page,
  jsEnabled,
}) => {
  const { createTopic } = await forum();
  const author = await createMember();
  const member = await createMember();
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Markdown here ${unique()}`,
    description: "Tell me in **Markdown**",
    category: "general",
  });
  await signIn(page, member.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("article", { name: topic.title }).locator("strong")).toHaveText("Markdown");
  if (jsEnabled) await page.getByRole("button", { name: "Write a Reply" }).click();

  const field = page.getByRole("textbox", { name: "Your reply" });
  await field.fill(MARKDOWN);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toBeVisible();
  // the form keeps what was typed, with and without JavaScript; nothing was posted
  await expect(field).toHaveValue(MARKDOWN);
  await expect(page.getByRole("article", { name: /^#1 by/ })).toHaveCount(0);
  await expect(preview.locator("em")).toHaveText("emphasis");
  await expect(preview.getByRole("listitem")).toHaveText(["first item", "second item"]);
  await expect(preview.locator("blockquote")).toHaveText("A wise quote");
  await expect(preview.getByRole("link", { name: "https://example.org/nine" })).toHaveAttribute(
    "rel",
    "ugc nofollow noopener",
  );
  if (jsEnabled) {
    await expect(preview).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Preview shown" }).first()).toBeVisible();
  }
  await expectAccessible(page);

  await page.getByRole("button", { name: "Post Reply" }).click();
  const reply = page.getByRole("article", { name: `#1 by ${member.username}` });
  await expect(reply).toBeVisible();
  await expect(reply.locator("em")).toHaveText("emphasis");
  await expect(reply.locator("strong")).toHaveText("strong");
  await expect(reply.getByRole("listitem")).toHaveText(["first item", "second item"]);
  await expect(reply.locator("blockquote")).toHaveText("A wise quote");
  const link = reply.getByRole("link", { name: "https://example.org/nine" });
  await expect(link).toHaveAttribute("href", "https://example.org/nine");
  await expect(link).toHaveAttribute("rel", "ugc nofollow noopener");
  await expect(reply).not.toContainText("*emphasis*");
  // the text keeps its direction isolated (decision 090)
  await expect(reply.locator('[dir="auto"]')).toHaveCount(1);
  await expectAccessible(page);
});

test("the new-topic and edit forms preview the text and keep it", async ({ page, jsEnabled }) => {
  const { createTopic, createPost } = await forum();
  const member = await createMember();
  await signIn(page, member.id);
  await page.goto("/forum?new=1");
  await waitForHydration(page, jsEnabled);
  const dialog = page.getByRole("dialog", { name: "Create New Topic" });
  const title = `Previewed ${unique()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description (optional)").fill("An _opening_ with\n1. one\n2. two");
  await dialog.getByRole("button", { name: "Preview" }).click();
  const preview = dialog.getByRole("region", { name: "Preview" });
  await expect(preview.locator("em")).toHaveText("opening");
  await expect(preview.getByRole("listitem")).toHaveText(["one", "two"]);
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect(dialog.getByLabel("Description (optional)")).toHaveValue("An _opening_ with\n1. one\n2. two");
  if (jsEnabled) await expect(preview).toBeFocused();
  await expectAccessible(page);

  const { topic } = await createTopic({
    authorId: member.id,
    title: `Edit ${unique()}`,
    description: null,
    category: "general",
  });
  const created = await createPost({ topicId: topic.id, authorId: member.id, content: "plain words" });
  await page.goto(`/forum/topic/${topic.id}?edit=${created!.post.id}`);
  await waitForHydration(page, jsEnabled);
  const editor = page.getByLabel("Edit post #1");
  await editor.fill("now ~~plain~~ **bold** words");
  await page.getByRole("button", { name: "Preview" }).first().click();
  const editPreview = page.getByRole("region", { name: "Preview" });
  await expect(editPreview.locator("del")).toHaveText("plain");
  await expect(editPreview.locator("strong")).toHaveText("bold");
  await expect(page.getByLabel("Edit post #1")).toHaveValue("now ~~plain~~ **bold** words");
  if (jsEnabled) await expect(editPreview).toBeFocused();
  await page.getByRole("button", { name: "Save" }).click();
  const post = page.getByRole("article", { name: `#1 by ${member.username}` });
  await expect(post.locator("del")).toHaveText("plain");
  await expect(post).toContainText("(edited)");
});

const HINT =
  "Formatting: Markdown. *italic*, **bold**, - lists, > quotes, [words](https://address); HTML shows as text.";

test("the Markdown hint describes the reply, edit and new-topic fields, beside a field's error", async ({
  page,
  jsEnabled,
}) => {
  const { createTopic, createPost } = await forum();
  const member = await createMember();
  const { topic } = await createTopic({
    authorId: member.id,
    title: `Hinted ${unique()}`,
    description: null,
    category: "general",
  });
  const created = await createPost({ topicId: topic.id, authorId: member.id, content: "first words" });
  await signIn(page, member.id);
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  if (jsEnabled) await page.getByRole("button", { name: "Write a Reply" }).click();
  const reply = page.getByRole("textbox", { name: "Your reply" });
  await expect(reply).toHaveAccessibleDescription(HINT);
  // A refused reply (only spaces: the browser lets it through, the server refuses it): the error and the hint.
  await reply.fill("   ");
  await page.getByRole("button", { name: "Post Reply" }).click();
  const refused = page.getByRole("textbox", { name: "Your reply" });
  await expect(refused).toHaveAttribute("aria-invalid", "true");
  await expect(refused).toHaveAccessibleDescription(`Post content cannot be empty. ${HINT}`);
  await expectAccessible(page);

  await page.goto(`/forum/topic/${topic.id}?edit=${created!.post.id}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("textbox", { name: "Edit post #1" })).toHaveAccessibleDescription(HINT);
  await expectAccessible(page);

  await page.goto("/forum?new=1");
  await waitForHydration(page, jsEnabled);
  const dialog = page.getByRole("dialog", { name: "Create New Topic" });
  await expect(dialog.getByRole("textbox", { name: "Description (optional)" })).toHaveAccessibleDescription(HINT);
  await expectAccessible(page);
});

test("every XSS vector of the hostile-input suite, posted as a post, renders inert", async ({ page, jsEnabled }) => {
  const { createTopic, createPost } = await forum();
  const author = await createMember();
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const offSite: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).hostname !== "127.0.0.1") offSite.push(request.url());
  });
  // 25 posts a page: the vectors go into topics of at most 20 posts each
  for (let start = 0; start < XSS_VECTORS.length; start += 20) {
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Hostile ${unique()}`,
      description: XSS_VECTORS[start]!,
      category: "general",
    });
    for (const vector of XSS_VECTORS.slice(start, start + 20))
      await createPost({ topicId: topic.id, authorId: author.id, content: vector });
    await page.goto(`/forum/topic/${topic.id}`);
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("article", { name: /^#1 by/ })).toBeVisible();
    const bodies = page.locator('main article [dir="auto"]');
    await expect(bodies).toHaveCount(Math.min(20, XSS_VECTORS.length - start) + 1);
    // (with JavaScript, Remix's route discovery marks the site's own links data-discover: the router's, not the post's)
    for (const html of await bodies.evaluateAll((nodes) => nodes.map((node) => node.innerHTML)))
      expect(inertProblems(html.replaceAll(' data-discover="true"', "")), html).toEqual([]);
    const posts = 'main article [dir="auto"]';
    await expect(page.locator(`${posts} :is(img, svg, iframe, object, embed, script, style, form, input)`)).toHaveCount(
      0,
    );
    await expect(page.locator("main script")).toHaveCount(0);
    const handlers = await page
      .locator("main *")
      .evaluateAll((nodes) => nodes.flatMap((node) => node.getAttributeNames().filter((name) => /^on/i.test(name))));
    expect(handlers).toEqual([]);
    const hrefs = await page.locator("main a[href]").evaluateAll((nodes) => nodes.map((a) => a.getAttribute("href")!));
    expect(hrefs.filter((href) => !/^(https?:|mailto:|\/(?![/\\])|#|\?)/i.test(href.trim()))).toEqual([]);
    if (jsEnabled) expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
  expect(offSite).toEqual([]);
});
