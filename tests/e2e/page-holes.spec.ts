import type { Page, Response } from "@playwright/test";
import {
  createMember,
  decodeAngelNumber,
  expect,
  expectAccessible,
  expectToast,
  keptAngelPage,
  signIn,
  test,
  waitForHydration,
  watchPage,
} from "./fixtures";

/**
 * A returning visitor's angel page comes from the page cache (decision 112): the page kept per preference set,
 * with the visitor's own list of saved readings filled in for each response. With JavaScript React hydrates the
 * page and leaves that list as the server sent it (no hydration error); its links open a reading like any link;
 * after the next revalidation React renders the list itself. A signed-in member's forum page comes from a member
 * template (decision 120), with their name, id and own posts' links filled in, and hydrates as theirs.
 */
test("a returning visitor's kept angel page lists their own readings, kept as sent while hydrating", async ({
  page,
  jsEnabled,
}) => {
  const { errors } = watchPage(page);
  await decodeAngelNumber(page, jsEnabled, "4004");
  await decodeAngelNumber(page, jsEnabled, "5005");

  const kept = await keptAngelPage(page);
  expect(await kept.text()).toContain('<div data-page-hole="saved-readings"><section aria-labelledby="history-title"');
  await waitForHydration(page, jsEnabled);
  if (jsEnabled) {
    // React has hydrated the page (its nodes carry React's fiber): the list the server filled in is still there.
    await page.waitForFunction(() => Object.keys(document.querySelector("h1")!).some((k) => k.startsWith("__react")));
  }
  const history = page.getByRole("region", { name: "Your Saved Readings" });
  await expect(history.getByRole("link")).toHaveCount(2);
  await expect(history.getByRole("link").first()).toContainText("5005");
  await expect(page.getByRole("heading", { name: /^Angel Number \d/ })).toHaveCount(0);
  await expectAccessible(page);

  // A kept link opens the reading at its address (with JavaScript through the router, without as a page load).
  await history.getByRole("link", { name: /^4004/ }).click();
  await expect(page).toHaveURL(/\/angel\?reading=\d+$/);
  await expect(page.getByRole("heading", { name: "Angel Number 4004" })).toBeVisible();
  await expect(history.getByRole("link")).toHaveCount(2);
  await expect(history.getByRole("link", { name: /^4004/ })).toHaveAttribute("aria-current", "true");

  // The next decode: the loader's data brings the history, and the list shows the new reading.
  await page.getByRole("button", { name: "Generate Fresh Reading" }).click();
  await expect(history.getByRole("link")).toHaveCount(3);
  await expectAccessible(page);
  expect(errors()).toEqual([]);
});

test("a returning visitor without saved readings gets the kept page with no list", async ({ page, jsEnabled }) => {
  const { errors } = watchPage(page);
  // Any rendered page gives the browser its visitor id; this one has no readings.
  await page.goto("/about");
  const kept = await keptAngelPage(page);
  expect(await kept.text()).toContain('<div data-page-hole="saved-readings"></div>');
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("region", { name: "Your Saved Readings" })).toHaveCount(0);
  await expectAccessible(page);
  await decodeAngelNumber(page, jsEnabled, "6116");
  await expect(page.getByRole("region", { name: "Your Saved Readings" }).getByRole("link")).toHaveCount(1);
  expect(errors()).toEqual([]);
});

/** Views a page until it comes from memory (for a member: from the member template the first view had rendered). */
async function keptPage(page: Page, pathname: string): Promise<Response> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await page.goto(pathname);
    if (response?.headers()["x-page-cache"] === "hit") return response;
  }
  throw new Error(`${pathname} was never served from the page cache`);
}

test("a member's topic page from the member template hydrates as theirs: their name, their posts' Edit links", async ({
  page,
  jsEnabled,
}) => {
  const { createTopic, createPost } = await import("../../app/forum/topics.server");
  const author = await createMember();
  const other = await createMember();
  const { topic } = await createTopic({
    authorId: other.id,
    title: `Kept for members ${Date.now()}`,
    description: null,
    category: "general",
  });
  const { post: theirs } = (await createPost({
    topicId: topic.id,
    authorId: other.id,
    content: "Someone else's post.",
  }))!;
  const { post: mine } = (await createPost({ topicId: topic.id, authorId: author.id, content: "A post of mine." }))!;
  await signIn(page, author.id);
  const { errors } = watchPage(page);

  await keptPage(page, `/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  if (jsEnabled) {
    await page.waitForFunction(() => Object.keys(document.querySelector("h1")!).some((k) => k.startsWith("__react")));
  }
  await expect(page.getByRole("banner").getByText(author.username)).toBeVisible();
  await expect(page.getByRole("link", { name: `Edit post #${mine.number}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Edit post #${theirs.number}` })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Flag post #${theirs.number}` })).toBeVisible();
  await expectAccessible(page);

  // Its links work as on a page rendered for the member: Edit opens the form with the post's text.
  await page.getByRole("link", { name: `Edit post #${mine.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edit=${mine.id}`));
  await expect(page.getByRole("textbox", { name: `Edit post #${mine.number}` })).toHaveValue("A post of mine.");
  expect(errors()).toEqual([]);
});

test("a member's profile from the member template hydrates as theirs: their address, when they joined, their browsers", async ({
  page,
  jsEnabled,
}) => {
  const { createUserSession } = await import("../../app/accounts/session.server");
  const member = await createMember();
  await signIn(page, member.id);
  const other = (await createUserSession(member.id)).split(";")[0]!;
  const { errors } = watchPage(page);

  const kept = await keptPage(page, "/user-profile");
  expect(await kept.text()).toContain('<div data-page-hole="signed-in-browsers"><ul');
  await waitForHydration(page, jsEnabled);
  if (jsEnabled) {
    await page.waitForFunction(() => Object.keys(document.querySelector("h1")!).some((k) => k.startsWith("__react")));
  }
  await expect(page.getByRole("textbox", { name: "Username" })).toHaveValue(member.username);
  await expect(page.getByText(member.email!, { exact: true })).toBeVisible();
  await expect(page.getByText("Member Since")).toBeVisible();
  const list = page.getByRole("list", { name: "Signed-in browsers" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByText("This browser")).toHaveCount(1);
  await expectAccessible(page);

  // Its form works as on a page rendered for the member: the other browser is signed out, and the list shows it.
  await page.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expectToast(page, jsEnabled, "You have been signed out of 1 other browser.");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText("This browser");
  expect((await fetch(`${new URL(page.url()).origin}/api/user`, { headers: { Cookie: other } })).status).toBe(401);
  await expectAccessible(page);
  expect(errors()).toEqual([]);
});
