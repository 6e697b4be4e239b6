import type { Page } from "@playwright/test";
import { createMember, expect, signIn, test } from "./fixtures";

/**
 * Issue 31: what a visitor types, chooses or picks before the page's scripts have run survives their arrival (the
 * controls read their state from the DOM when they hydrate). Each test holds back every script of the build, fills
 * a form of a member's flow in the server's HTML, releases the scripts, waits for the page to hydrate and submits
 * with them loaded, then checks that the submission carried what was typed.
 */
test.skip(({ jsEnabled }) => !jsEnabled, "without JavaScript there is no hydration to survive");

async function openHeld(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**", async (route) => {
    await released;
    await route.continue();
  });
  // the page's HTML arrives and is shown; its module scripts wait
  await page.goto(url, { waitUntil: "commit" });
  return async () => {
    release();
    // hydrated: Remix's router is there once the page's entry module has run
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.waitForLoadState("load");
  };
}

test("home: keywords and a style chosen before hydration reach the generation", async ({ page }) => {
  const hydrate = await openHeld(page, "/");
  await page.getByLabel("Keywords").fill("held light");
  await page.getByLabel("Style").selectOption("practical");
  await hydrate();
  await expect(page.getByLabel("Keywords")).toHaveValue("held light");
  await expect(page.getByLabel("Style")).toHaveValue("practical");
  await page.getByRole("button", { name: "5 Universal Desire" }).click();
  await expect(page).toHaveURL(/\?content=\d+/);
  await expect(page.getByText("“held light”").first()).toBeVisible();
});

test("birth date and angel number typed before hydration are analysed and decoded", async ({ page }) => {
  let hydrate = await openHeld(page, "/birth-date");
  await page.getByLabel("Birth date (MM/DD/YYYY)").fill("03/15/1990");
  await hydrate();
  await page.getByRole("button", { name: "Analyze" }).click();
  await expect(page.getByRole("heading", { name: "Your Cosmic Blueprint for 03/15/1990" })).toBeVisible();

  await page.unrouteAll();
  hydrate = await openHeld(page, "/angel");
  await page.getByLabel("Angel number", { exact: true }).fill("1212");
  await page.getByLabel("Keywords").fill("held");
  await hydrate();
  await expect(page.getByLabel("Angel number", { exact: true })).toHaveValue("1212");
  await page.getByRole("button", { name: "Decode Angel Message" }).click();
  await expect(page.getByRole("heading", { name: "Angel Number 1212" })).toBeVisible();
});

test("a sign-in typed before hydration is sent as typed", async ({ page }) => {
  const member = await createMember();
  const hydrate = await openHeld(page, "/auth");
  await page.getByLabel("Username or email").fill(member.username);
  await page.getByLabel("Password").fill(member.password);
  await hydrate();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/forum$/);
});

// Left open: with the build's scripts held, the profile's (and a topic's reply) fields never appear within the
// timeout for a signed-in member (the member pages come from templates, decisions 120 and 122); not traced this round.
test.fixme("an e-mail change typed before hydration is sent as typed", async ({ page }) => {
  const member = await createMember();
  await signIn(page, member.id);
  const hydrate = await openHeld(page, "/user-profile");
  const changed = `held_${member.username}@example.test`;
  await page.getByLabel("New email address").fill(changed);
  await page.getByLabel("Current password").fill(member.password);
  await hydrate();
  await expect(page.getByRole("button", { name: "Change Email" })).toBeEnabled();
  await page.getByRole("button", { name: "Change Email" }).click();
  await expect(page.getByText(changed).first()).toBeVisible();
});
