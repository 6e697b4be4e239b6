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
    await page.setViewportSize({ width: 700, height: 800 });
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
});
