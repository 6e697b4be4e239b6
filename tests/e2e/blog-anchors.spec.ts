import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * /blog's anchors, one jump after another in the same tab (issue 31: with JavaScript only the first one used to
 * land): the "In this blog" list, a link in a post's text, then back and forward through them. Each lands with the
 * post's heading just under the page's scroll margin (6rem = 96 px).
 */
async function landsOn(page: Page, slug: string) {
  const heading = page.locator(`#${slug}-title`);
  await expect(heading).toBeInViewport();
  await expect
    .poll(async () => Math.abs(((await heading.boundingBox())?.y ?? -1000) - 96), { message: slug })
    .toBeLessThan(24);
}

test("several jumps in a row from the list of posts, then back and forward, each land on their post", async ({
  page,
  jsEnabled,
}) => {
  await page.goto("/blog");
  await waitForHydration(page, jsEnabled);
  const list = page.getByRole("navigation", { name: "Posts" });
  const slugs = await list
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).hash.slice(1)));
  expect(slugs.length).toBeGreaterThan(4);
  // far down, back up, the last, one near the top: each jump from where the previous one left the reader
  const jumps = [slugs[3]!, slugs[1]!, slugs.at(-1)!, slugs[0]!, slugs[2]!];
  for (const slug of jumps) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await list.locator(`a[href="#${slug}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/blog#${slug}$`));
    await landsOn(page, slug);
  }
  await expectAccessible(page);
  // Without JavaScript, Back and Forward between anchors are the browser's own history and scroll restoration,
  // which no code of the site takes part in (and which headless Chromium restores unreliably under load)
  if (!jsEnabled) return;
  // Back and Forward return to each anchor where the reader left it: jumps made without scrolling in between (the
  // link clicked where it is, as a keyboard user's Enter does), so each entry was left at its landing place
  await page.goto("/blog");
  await waitForHydration(page, jsEnabled);
  const visited = [slugs[4]!, slugs[1]!, slugs.at(-1)!];
  for (const slug of visited) {
    await list.locator(`a[href="#${slug}"]`).evaluate((link) => (link as HTMLAnchorElement).click());
    await expect(page).toHaveURL(new RegExp(`/blog#${slug}$`));
    await landsOn(page, slug);
  }
  for (const slug of [visited[1]!, visited[0]!]) {
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/blog#${slug}$`));
    await landsOn(page, slug);
  }
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/blog#${visited[1]}$`));
  await landsOn(page, visited[1]!);
});

test("a link in a post's text, then one in the list, then another in a post's text", async ({ page, jsEnabled }) => {
  await page.goto("/blog");
  await waitForHydration(page, jsEnabled);
  await page.locator('#four-three-six a[href="/blog#forty-three"]').click();
  await expect(page).toHaveURL(/\/blog#forty-three$/);
  await landsOn(page, "forty-three");
  await page.getByRole("navigation", { name: "Posts" }).getByRole("link", { name: "Fire / Desire" }).click();
  await expect(page).toHaveURL(/\/blog#fire-desire$/);
  await landsOn(page, "fire-desire");
  await page.locator('#four-three-six a[href="/blog#forty-three"]').click();
  await expect(page).toHaveURL(/\/blog#forty-three$/);
  await landsOn(page, "forty-three");
  await expectAccessible(page);
});
