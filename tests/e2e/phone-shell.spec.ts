import { TOP_BAR_LINKS } from "../../app/components/navigation";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * The header on a phone and on a desktop (decision 140): at 390 x 844 the header and navigation end within the
 * first quarter of the screen, before the page's heading, with one navigation control (the Menu panel, a
 * <details> that opens without JavaScript); at 1280 x 800 the link row and the drawer's button are there as
 * before. Screenshots of each page go to test-results/ for a person to look at.
 */
const PAGES = ["/", "/forum", "/astrology", "/3d-viewer", "/blog"];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

for (const path of PAGES) {
  test(`on a 390 x 844 phone ${path} begins its heading within the first quarter of the screen`, async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await waitForHydration(page, jsEnabled);
    const heading = page.getByRole("heading", { level: 1 }).first();
    await expect(heading).toBeVisible();
    const top = (await heading.boundingBox())!.y;
    expect(top).toBeLessThanOrEqual(PHONE.height / 4);
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(header.y + header.height).toBeLessThanOrEqual(top);
    // one navigation control: the Menu; no link row, no drawer button
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByText("Navigation drawer")).toBeHidden();
    await expect(page.getByText("Menu", { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`phone${path.replace(/\//g, "-")}.png`) });
    await expectAccessible(page);
  });
}

test("on a phone the Menu opens every link, with and without JavaScript, and leads to the page", async ({
  page,
  jsEnabled,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await waitForHydration(page, jsEnabled);
  await page.getByText("Menu", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(menu).toBeVisible();
  for (const link of [...TOP_BAR_LINKS, { to: "/privacy" }]) {
    const item = menu.locator(`a[href="${link.to}"]`);
    await expect(item).toBeVisible();
    const box = (await item.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await page.screenshot({ path: test.info().outputPath("phone-menu-open.png") });
  await expectAccessible(page);
  await menu.locator('a[href="/angel"]').click();
  await expect(page).toHaveURL((url) => url.pathname === "/angel");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
});

for (const path of PAGES) {
  test(`on a 1280 x 800 desktop ${path} keeps the link row and the drawer`, async ({ page, jsEnabled }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await waitForHydration(page, jsEnabled);
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main).toBeVisible();
    for (const link of TOP_BAR_LINKS) await expect(main.locator(`a[href="${link.to}"]`)).toBeVisible();
    await expect(page.getByText("Navigation drawer")).toBeVisible();
    await expect(page.getByText("Menu", { exact: true })).toBeVisible();
    const heading = page.getByRole("heading", { level: 1 }).first();
    const top = (await heading.boundingBox())!.y;
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(header.y + header.height).toBeLessThanOrEqual(top);
    expect(header.height).toBeLessThan(150); // the bar and one row of links, as before (132 px)
    await page.screenshot({ path: test.info().outputPath(`desktop${path.replace(/\//g, "-")}.png`) });
    await expectAccessible(page);
  });
}
