import type { Page, Response } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration, watchPage } from "./fixtures";

/**
 * A returning visitor's angel page comes from the page cache (decision 112): the page kept per preference set,
 * with the visitor's own list of saved readings filled in for each response. With JavaScript React hydrates the
 * page and leaves that list as the server sent it (no hydration error); its links open a reading like any link;
 * after the next revalidation React renders the list itself.
 */
async function decode(page: Page, jsEnabled: boolean, number: string) {
  await page.goto(`/angel?number=${number}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: "Decode Angel Message" }).click();
  await expect(page.getByRole("heading", { name: `Angel Number ${number}` })).toBeVisible();
}

/** Views /angel until it comes from memory (the first view may be the one that renders and keeps the page). */
async function keptAngelPage(page: Page): Promise<Response> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await page.goto("/angel");
    if (response?.headers()["x-page-cache"] === "hit") return response;
  }
  throw new Error("/angel was never served from the page cache");
}

test("a returning visitor's kept angel page lists their own readings, kept as sent while hydrating", async ({
  page,
  jsEnabled,
}) => {
  const { errors } = watchPage(page);
  await decode(page, jsEnabled, "4004");
  await decode(page, jsEnabled, "5005");

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
  await decode(page, jsEnabled, "6116");
  await expect(page.getByRole("region", { name: "Your Saved Readings" }).getByRole("link")).toHaveCount(1);
  expect(errors()).toEqual([]);
});
