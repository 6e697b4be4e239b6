import type { Page } from "@playwright/test";
import { createMember, expect, holdScripts, signIn, test } from "./fixtures";

/**
 * Issue 31: what a visitor types, chooses or picks before the page's scripts have run survives their arrival (the
 * controls read their state from the DOM when they hydrate). Each test holds back every script of the build, fills
 * a form of a member's flow in the server's HTML, releases the scripts, waits for the page to hydrate and submits
 * with them loaded, then checks that the submission carried what was typed.
 */
test.skip(({ jsEnabled }) => !jsEnabled, "without JavaScript there is no hydration to survive");

/**
 * Opens `url` with the build's scripts held (`holdScripts`: its JavaScript only; the stylesheet of a page that links
 * one arrives, as on a slow phone whose scripts are still on the way); the returned function releases them and waits
 * for hydration.
 */
async function openHeld(page: Page, url: string) {
  const { release } = await holdScripts(page);
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

// The member pages link their stylesheet (the public pages inline theirs): holding every /build/ file held it too, so
// nothing was laid out and no field could be filled. Holding the scripts alone (decision 230), the forms are there.
test("an e-mail change typed before hydration is sent as typed", async ({ page }) => {
  const member = await createMember();
  await signIn(page, member.id);
  const hydrate = await openHeld(page, "/user-profile");
  const changed = `held_${member.username}@example.test`;
  await page.getByLabel("New email address").fill(changed);
  await page.getByLabel("Current password").fill(member.password);
  await hydrate();
  await expect(page.getByLabel("New email address")).toHaveValue(changed);
  await expect(page.getByLabel("Current password")).toHaveValue(member.password);
  await expect(page.getByRole("button", { name: "Change Email" })).toBeEnabled();
  await page.getByRole("button", { name: "Change Email" }).click();
  await expect(page.getByText("Email updated").first()).toBeVisible();
  await expect(page.getByText(changed).first()).toBeVisible();
  const { db } = await import("../../db/client.server");
  const { users } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
  expect(row?.email).toBe(changed);
});

test("an e-mail added before hydration is sent as typed", async ({ page }) => {
  const member = await createMember({ email: null });
  await signIn(page, member.id);
  const hydrate = await openHeld(page, "/user-profile");
  const added = `added_${member.username}@example.test`;
  await page.getByLabel("Email address").fill(added);
  await hydrate();
  await expect(page.getByLabel("Email address")).toHaveValue(added);
  await expect(page.getByRole("button", { name: "Add Email" })).toBeEnabled();
  await page.getByRole("button", { name: "Add Email" }).click();
  await expect(page.getByText(added).first()).toBeVisible();
});

test("a reply typed before hydration stays open and is posted as typed", async ({ page }) => {
  const member = await createMember();
  const { createTopic } = await import("../../app/forum/topics.server");
  const { topic } = await createTopic({
    authorId: member.id,
    title: `Held reply ${Date.now()}`,
    description: null,
    category: "general",
  });
  await signIn(page, member.id);
  const hydrate = await openHeld(page, `/forum/topic/${topic.id}`);
  const text = `Typed before the scripts came ${Date.now()}`;
  await page.getByLabel("Your reply").fill(text);
  await hydrate();
  // the form stays open (it is not collapsed behind 'Write a Reply' over what was typed) and keeps the text, with
  // focus in it to go on writing
  await expect(page.getByRole("button", { name: "Hide Reply Form" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Your reply")).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveValue(text);
  await expect(page.getByLabel("Your reply")).toBeFocused();
  await page.keyboard.type(" and after");
  await expect(page.getByLabel("Your reply")).toHaveValue(`${text} and after`);
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Reply posted!").first()).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: `${text} and after` })).toHaveCount(1);
  // the form is emptied for the next reply
  await expect(page.getByLabel("Your reply")).toHaveValue("");
});

test("a reply typed on while the form's code is still coming is kept, with the focus", async ({ page }) => {
  const member = await createMember();
  const { createTopic } = await import("../../app/forum/topics.server");
  const { topic } = await createTopic({
    authorId: member.id,
    title: `Slow reply form ${Date.now()}`,
    description: null,
    category: "general",
  });
  await signIn(page, member.id);
  const hydrate = await openHeld(page, `/forum/topic/${topic.id}`);
  // the reply form's own module (Conform) is held after the page's have come (registered last, so matched first)
  let releaseForm = () => {};
  const formReleased = new Promise<void>((resolve) => (releaseForm = resolve));
  let formAsked = false;
  await page.route(/\/build\/.*post-forms-[^/]*\.js$/, async (route) => {
    formAsked = true;
    await formReleased;
    await route.continue();
  });
  const before = `Typed before the scripts ${Date.now()}`;
  await page.getByLabel("Your reply").fill(before);
  await hydrate();
  await expect.poll(() => formAsked).toBe(true);
  // the page has hydrated and the form's code is on its way: the text is still there, focused, and takes more keys
  const field = page.getByLabel("Your reply");
  await expect(field).toHaveValue(before);
  await expect(field).toBeFocused();
  await page.keyboard.type(" while it loads");
  releaseForm();
  await expect(page.getByRole("button", { name: "Post Reply" })).toBeVisible();
  await expect(field).toHaveValue(`${before} while it loads`);
  await expect(field).toBeFocused();
  await page.keyboard.type(" and after");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Reply posted!").first()).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: `${before} while it loads and after` })).toHaveCount(1);
});
