import { createMember, expect, signIn, test, waitForHydration } from "./fixtures";

/**
 * Spec rows of issue 31 (part A): the tooltip's skip delay (section 9: delay 700 ms, skip delay 300 ms) and the
 * e-mail forms (section 4, "Email change/add": disabled while empty, cleared after a success). Timers run on
 * Playwright's paused clock, so the delays are measured, not waited for.
 */
test("tooltips: 700 ms to open; the next one at once while one is open or within 300 ms of its closing", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "tooltips are a JavaScript addition: each digit's name is in its button");
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page, jsEnabled);
  // The installed clock still moves with real time; paused, it moves only by runFor, so a slow machine cannot
  // slip the 50 ms between a hover and the check past the 700 ms delay.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const tooltip = page.getByRole("tooltip");

  await page.getByRole("button", { name: "1 Universal Change" }).hover();
  await page.clock.runFor(650);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(tooltip).toHaveText("Universal Change");

  // straight onto the next digit: no second 700 ms wait
  await page.getByRole("button", { name: "2 Universal Uniqueness" }).hover();
  await page.clock.runFor(50);
  await expect(tooltip).toHaveText("Universal Uniqueness");

  // away, then back within the skip delay: at once
  await page.getByRole("heading", { level: 1 }).hover();
  await page.clock.runFor(200); // the hover grace (120 ms) closes it; 80 ms into the skip delay
  await expect(tooltip).toHaveCount(0);
  await page.getByRole("button", { name: "3 Universal Joining" }).hover();
  await page.clock.runFor(50);
  await expect(tooltip).toHaveText("Universal Joining");

  // away for longer than the skip delay: the full delay again
  await page.getByRole("heading", { level: 1 }).hover();
  await page.clock.runFor(120 + 400);
  await expect(tooltip).toHaveCount(0);
  await page.getByRole("button", { name: "4 Universal Growth" }).hover();
  await page.clock.runFor(300);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(450);
  await expect(tooltip).toHaveText("Universal Growth");
});

test("e-mail forms: the button is disabled on an untouched empty form; a successful change clears the form", async ({
  page,
  jsEnabled,
}) => {
  const member = await createMember({ email: null });
  await signIn(page, member.id);
  await page.goto("/user-profile");
  await waitForHydration(page, jsEnabled);
  const add = page.getByRole("button", { name: "Add Email" });
  if (jsEnabled) await expect(add).toBeDisabled();
  else await expect(add).toBeEnabled(); // without JavaScript the server answers an empty form with its message
  const address = `${member.username}@example.test`;
  await page.getByLabel("Email address").fill(address);
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText(address).first()).toBeVisible();

  const change = page.getByRole("button", { name: "Change Email" });
  if (jsEnabled) await expect(change).toBeDisabled();
  const changed = `new_${address}`;
  await page.getByLabel("New email address").fill(changed);
  if (jsEnabled) await expect(change).toBeDisabled(); // the password is still empty
  await page.getByLabel("Current password").fill(member.password);
  await expect(change).toBeEnabled();
  await change.click();
  await expect(page.getByText(changed).first()).toBeVisible();
  await expect(page.getByLabel("New email address")).toHaveValue("");
  await expect(page.getByLabel("Current password")).toHaveValue("");
  if (jsEnabled) await expect(change).toBeDisabled();
});
