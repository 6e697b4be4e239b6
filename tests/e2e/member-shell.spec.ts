import { createMember, expect, expectAccessible, signIn, test, waitForHydration, watchPage } from "./fixtures";

/**
 * A member's shell, whose links and panels the server renders once and reuses (decision 114): the same page as
 * rendered whole, so it hydrates without a mismatch, its buttons work once hydrated, and the current link follows
 * client-side navigation.
 */
test.describe("a member's shell", () => {
  test("hydrates without errors; the current link, the menu and the drawer work", async ({ page, jsEnabled }) => {
    const watched = watchPage(page);
    const member = await createMember();
    await signIn(page, member.id);
    await page.setViewportSize({ width: 600, height: 800 });
    await page.goto("/forum");
    await waitForHydration(page, jsEnabled);
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.locator('a[aria-current="page"]')).toHaveCount(1);
    await expect(main.locator('a[href="/forum"]')).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(`Signed in as ${member.username}`)).toBeVisible();

    await page.getByText("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await page.getByText("Menu", { exact: true }).click();

    await page.getByText("Navigation drawer").click();
    const drawer = page.getByRole("navigation", { name: "Drawer" });
    await expect(drawer).toBeVisible();
    await expectAccessible(page);
    if (jsEnabled) {
      // the close button's handler, attached at hydration to the server's kept HTML
      await page.getByRole("button", { name: "Close drawer" }).click();
      await expect(drawer).toBeHidden();
      await main.locator('a[href="/about"]').click();
      await expect(page).toHaveURL((url) => url.pathname === "/about");
      await expect(main.locator('a[href="/about"]')).toHaveAttribute("aria-current", "page");
      await expect(main.locator('a[aria-current="page"]')).toHaveCount(1);
    } else {
      await drawer.getByRole("link", { name: "About" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/about");
      await expect(main.locator('a[href="/about"]')).toHaveAttribute("aria-current", "page");
    }
    await page.goto("/user-profile");
    await waitForHydration(page, jsEnabled);
    await expect(main.locator('a[aria-current="page"]')).toHaveCount(0);
    expect(watched.errors()).toEqual([]);
  });

  test("the forum's topic cards and post texts, rendered once and reused, hydrate without errors", async ({
    page,
    jsEnabled,
  }) => {
    const { createTopic, createPost } = await import("../../app/forum/topics.server");
    const watched = watchPage(page);
    const member = await createMember();
    const title = `Kept <cards> & texts ${Math.random().toString(36).slice(2, 8)}`;
    const { topic } = await createTopic({ authorId: member.id, title, description: null, category: "general" });
    await createPost({
      topicId: topic.id,
      authorId: member.id,
      content: "See https://example.com/a_(b) & <b>this</b>.",
    });
    await signIn(page, member.id);
    // twice: the second view is served from the kept HTML (decision 117)
    for (const time of ["first", "kept"]) {
      await page.goto("/forum");
      await waitForHydration(page, jsEnabled);
      await expect(page.getByRole("list", { name: "Topics" }).getByRole("link", { name: title }), time).toBeVisible();
    }
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("list", { name: "Topics" }).getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}$`));
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(jsEnabled);
    const post = page.getByRole("article", { name: /#1 by/ });
    await expect(post).toContainText("& <b>this</b>.");
    await expect(post.getByRole("link", { name: "https://example.com/a_(b)" })).toHaveAttribute(
      "rel",
      "nofollow ugc noopener",
    );
    await page.reload();
    await waitForHydration(page, jsEnabled);
    await expect(post).toContainText("& <b>this</b>.");
    await expectAccessible(page);
    expect(watched.errors()).toEqual([]);
  });
});
