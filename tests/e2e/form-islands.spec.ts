import {
  createMember,
  expect,
  expectAccessible,
  holdChunk,
  makeAdmin,
  outboxLink,
  signIn,
  test,
  typeWhenHydrated,
  waitForHydration,
  watchPage,
} from "./fixtures";

/**
 * A form on screen when its page opens hydrates on first use (decision 109): the page loads without the form's
 * code, the server's HTML works as a plain form until the code arrives, what was typed survives hydration, and a
 * submit made before the code arrives is the browser's own POST, answered by the server.
 */
test.describe.configure({ timeout: 120_000 });
type RemixWindow = { __remixManifest: { routes: Record<string, unknown> } };

const unique = () => Math.random().toString(36).slice(2, 8);

async function resetLink(email: string) {
  const { mailPasswordResetByEmail } = await import("../../app/accounts/recovery.server");
  await mailPasswordResetByEmail({ email, origin: "http://127.0.0.1" });
  return outboxLink(email, "/reset-password");
}

test("reset password: the form's code loads on first use, keeps what was typed, then answers in the page", async ({
  page,
  jsEnabled,
}) => {
  const member = await createMember();
  const link = await resetLink(member.email!);
  const { scripts, errors } = watchPage(page);
  const chunk = (url: string) => /\/reset-password-form-[A-Z0-9]+\.js$/.test(url);
  const held = await holdChunk(page, "reset-password-form");
  await page.goto(link);
  await waitForHydration(page, jsEnabled);
  const password = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  if (jsEnabled) {
    // the routes of the page's links were discovered (decision 126): a router update that is no use of the form
    await expect
      .poll(() =>
        page.evaluate(() => "routes/forum._index" in (window as unknown as RemixWindow).__remixManifest.routes),
      )
      .toBe(true);
  }
  // the page is hydrated without the form's code
  expect(scripts.filter(chunk)).toEqual([]);
  expect(held.asked()).toBe(false);
  await password.fill("Fresh456!");
  await confirm.fill("Fresh999!");
  if (jsEnabled) {
    // focusing the form asked for its code; it is held until now, so the typing happened before hydration
    await expect.poll(held.asked).toBe(true);
    held.release();
    await expect
      .poll(() => page.evaluate(() => document.querySelector("#reset-password")?.hasAttribute("novalidate")))
      .toBe(true);
  } else {
    held.release();
  }
  await expect(password).toHaveValue("Fresh456!");
  await expect(confirm).toHaveValue("Fresh999!");
  const url = page.url();
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByText("The passwords do not match").first()).toBeVisible();
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  if (jsEnabled) {
    // the answer came through Remix's fetch (no reload): the typed text is still there, hydrated form state
    expect(page.url()).toBe(url);
    expect(scripts.filter(chunk)).toHaveLength(1);
    expect(errors()).toEqual([]);
  }
  await expectAccessible(page);
  await password.fill("Fresh456!");
  await confirm.fill("Fresh456!");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await page.waitForURL("**/forum");
  await expect(page.getByText(`Signed in as ${member.username}`)).toBeVisible();
});

test("moderation roles: a submit before the form's code arrives is the browser's POST, answered by the server", async ({
  page,
  jsEnabled,
}) => {
  const admin = await createMember();
  await makeAdmin(admin.id); // with the second factor admins need (decision 291)
  const member = await createMember({ username: `future_mod_${unique()}` });
  await signIn(page, admin.id);
  const { scripts, errors } = watchPage(page);
  const chunk = (url: string) => /\/role-form-[A-Z0-9]+\.js$/.test(url);
  // the code never arrives: the form is the server's HTML throughout
  const held = await holdChunk(page, "role-form");
  await page.goto("/admin/moderation/roles");
  await waitForHydration(page, jsEnabled);
  expect(scripts.filter(chunk)).toEqual([]);
  // an unknown member: the server's answer, a new page with the form's error
  await page.getByLabel("Username").fill(`nobody_${unique()}`);
  await page.getByLabel("Reason (required)").fill("Helps keep the forum kind");
  await page.getByRole("button", { name: "Make moderator" }).click();
  await expect(page.getByText(/No member is named "nobody_/).first()).toBeVisible();
  await expectAccessible(page);
  // with JavaScript the code was asked for on first use, and never arrived
  expect(held.asked()).toBe(jsEnabled);
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Reason (required)").fill("Helps keep the forum kind");
  await page.getByRole("button", { name: "Make moderator" }).click();
  await expect(page.getByRole("list", { name: "Moderators and admins" })).toContainText(
    `${member.username} (moderator)`,
  );
  held.release();
  const { db } = await import("../../db/client.server");
  const { users } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, member.id));
  expect(row?.role).toBe("moderator");
  if (jsEnabled) expect(errors()).toEqual([]);
});

test("moderation roles: with its code, the form answers in the page", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "the no-JS path is the test above");
  const admin = await createMember();
  await makeAdmin(admin.id); // with the second factor admins need (decision 291)
  await signIn(page, admin.id);
  const { scripts, errors } = watchPage(page);
  const chunk = (url: string) => /\/role-form-[A-Z0-9]+\.js$/.test(url);
  await page.goto("/admin/moderation/roles");
  await waitForHydration(page, jsEnabled);
  expect(scripts.filter(chunk)).toEqual([]);
  const username = page.getByLabel("Username");
  await username.fill("nobody_here");
  await expect.poll(() => scripts.filter(chunk).length).toBe(1);
  await expect
    .poll(() => page.evaluate(() => document.querySelector("#role-moderator")?.hasAttribute("novalidate")))
    .toBe(true);
  await expect(username).toHaveValue("nobody_here");
  await page.getByLabel("Reason (required)").fill("Helps keep the forum kind");
  const url = page.url();
  await page.getByRole("button", { name: "Make moderator" }).click();
  await expect(page.getByText('No member is named "nobody_here".').first()).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(username).toHaveValue("nobody_here");
  expect(errors()).toEqual([]);
  await expectAccessible(page);
});

test("profile: text typed before the change-e-mail form's code arrives enables its button once hydrated", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "without JavaScript the button is never disabled (accounts.spec.ts covers the form)");
  const member = await createMember();
  await signIn(page, member.id);
  const { errors } = watchPage(page);
  const held = await holdChunk(page, "email-forms");
  await page.goto("/user-profile");
  // the form's code is asked for as the page hydrates (decision 130: the button is disabled on an untouched empty
  // form from then on), not on first use; while it is held back, the server's form stays and takes what is typed
  await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
  await expect.poll(held.asked).toBe(true);
  const newEmail = `moved_${unique()}@example.test`;
  await page.getByLabel("New email address").fill(newEmail);
  await page.getByLabel("Current password").fill("NotMine123");
  held.release();
  await expect
    .poll(() => page.evaluate(() => document.querySelector("#change-email-form")?.hasAttribute("novalidate")))
    .toBe(true);
  // the form read what was typed when it mounted: the button follows the fields, and the text is kept
  await expect(page.getByLabel("New email address")).toHaveValue(newEmail);
  await expect(page.getByRole("button", { name: "Change Email" })).toBeEnabled();
  const url = page.url();
  await page.getByRole("button", { name: "Change Email" }).click();
  await expect(page.getByRole("group").filter({ hasText: "Update failed" })).toContainText(
    "Your current password is incorrect.",
  );
  expect(page.url()).toBe(url);
  await page.getByLabel("New email address").fill("");
  await expect(page.getByRole("button", { name: "Change Email" })).toBeDisabled();
  expect(errors()).toEqual([]);
  await expectAccessible(page);
});

test("auth: the sign-in form's code loads on first use; the register tab renders its form at once", async ({
  page,
  jsEnabled,
}) => {
  const { scripts, errors } = watchPage(page);
  const chunk = (url: string) => /\/auth-forms-[A-Z0-9]+\.js$/.test(url);
  await page.goto("/auth");
  await waitForHydration(page, jsEnabled);
  expect(scripts.filter(chunk)).toEqual([]);
  await page.getByLabel("Username").fill(`nobody_${unique()}`);
  await page.getByLabel("Password", { exact: true }).fill("Wrong123!x");
  if (jsEnabled) await expect.poll(() => scripts.filter(chunk).length).toBe(1);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Invalid username or password").first()).toBeVisible();
  await page.getByRole("link", { name: "Register" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
  if (jsEnabled) expect(errors()).toEqual([]);
  await expectAccessible(page);
});

/*
 * Decision 113: the numerology forms hydrate on first use too. The birth date's Analyze button is the page's (the
 * spec's rule holds before the form's code arrives); a number chosen on the home page before the form's code
 * arrives is held and then sent by the hydrated form; a saved reading chosen on the angel page before then fills
 * the number once the form has hydrated (new props wait for it, no error 421).
 */
test("birth date: Analyze is disabled while empty before the form's code arrives; typed text is formatted on arrival", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "without JavaScript the button is never disabled (numerology.spec.ts covers the form)");
  const { scripts, errors } = watchPage(page);
  const chunk = (url: string) => /\/birth-date-form-[A-Z0-9]+\.js$/.test(url);
  const held = await holdChunk(page, "birth-date-form");
  await page.goto("/birth-date");
  await waitForHydration(page, jsEnabled);
  expect(scripts.filter(chunk)).toEqual([]);
  const analyze = page.getByRole("button", { name: "Analyze" });
  const input = page.getByLabel("Birth date (MM/DD/YYYY)");
  await expect(analyze).toBeDisabled();
  await input.pressSequentially("0315");
  // the server's HTML of the form: what was typed is there, unformatted, until the code arrives
  await expect(input).toHaveValue("0315");
  await expect.poll(held.asked).toBe(true);
  held.release();
  await expect(input).toHaveValue("03/15");
  await expect(analyze).toBeEnabled();
  await input.pressSequentially("1990");
  await expect(input).toHaveValue("03/15/1990");
  const url = page.url();
  await analyze.click();
  await expect(page.getByRole("heading", { name: "Your Cosmic Blueprint for 03/15/1990" })).toBeVisible();
  expect(page.url()).toBe(url);
  await input.fill("");
  await expect(analyze).toBeDisabled();
  expect(errors()).toEqual([]);
});

/*
 * Decision 125: a key pressed just as the form's code has hydrated it reaches a field whose value is the page's state.
 * The part adopts what was typed before, and takes the page's live props, while React commits the hydration, so
 * such a key is formatted like any other (it used to be undone: the field still held the value the server rendered).
 */
test("birth date: keys typed while the form hydrates are formatted with those typed before (a fast typist)", async ({
  page,
  jsEnabled,
}) => {
  const input = page.getByLabel("Birth date (MM/DD/YYYY)");
  const analyze = page.getByRole("button", { name: "Analyze" });
  if (!jsEnabled) {
    // the server's form: what is typed stays as typed, and the server reads it
    await page.goto("/birth-date");
    await input.pressSequentially("3/15/1990");
    await expect(input).toHaveValue("3/15/1990");
    await analyze.click();
    await expect(page.getByRole("heading", { name: "Your Cosmic Blueprint for 03/15/1990" })).toBeVisible();
    await expect(input).toHaveValue("03/15/1990");
    await expectAccessible(page);
    return;
  }
  const { errors } = watchPage(page);
  const held = await holdChunk(page, "birth-date-form");
  const keys = await typeWhenHydrated(page, "#birth-date-form input[name=birthDate]", "1990");
  await page.goto("/birth-date");
  await waitForHydration(page, jsEnabled);
  await input.pressSequentially("0315");
  await expect.poll(held.asked).toBe(true);
  await expect(input).toHaveValue("0315");
  expect(await keys.typed()).toBeNull();
  held.release();
  await expect.poll(keys.typed).toBe("03/15/1990");
  await expect(input).toHaveValue("03/15/1990");
  await expect(analyze).toBeEnabled();
  const url = page.url();
  await analyze.click();
  await expect(page.getByRole("heading", { name: "Your Cosmic Blueprint for 03/15/1990" })).toBeVisible();
  expect(page.url()).toBe(url);
  expect(errors()).toEqual([]);
  await expectAccessible(page);
});

test("home: a number chosen before the form's code arrives is sent by the form once it has (no reload)", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "without JavaScript every choice is the browser's POST (numerology.spec.ts)");
  const { scripts, errors } = watchPage(page);
  const chunk = (url: string) => /\/generator-form-[A-Z0-9]+\.js$/.test(url);
  const held = await holdChunk(page, "generator-form");
  await page.goto("/");
  await waitForHydration(page, jsEnabled);
  expect(scripts.filter(chunk)).toEqual([]);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("button", { name: "6 Universal Refinement of Pace" }).click();
  await expect.poll(held.asked).toBe(true);
  // held: nothing was sent yet, the page is the same
  await expect(page).toHaveURL(/\/$/);
  held.release();
  await expect(page.getByRole("heading", { level: 2, name: /^Universal Refinement of Pace: / })).toBeVisible();
  await expect(page).toHaveURL(/\?content=\d+/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors()).toEqual([]);
  await expectAccessible(page);
});

test("angel: a saved reading chosen before the form's code arrives fills the number once it has (no error 421)", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "without JavaScript a saved reading is a link to its page (numerology.spec.ts)");
  await page.goto("/angel?number=808");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: "Decode Angel Message" }).click();
  await expect(page.getByRole("heading", { name: "Angel Number 808" })).toBeVisible();
  const { scripts, errors } = watchPage(page);
  const chunk = (url: string) => /\/angel-form-[A-Z0-9]+\.js$/.test(url);
  const held = await holdChunk(page, "angel-form");
  await page.goto("/angel");
  await waitForHydration(page, jsEnabled);
  expect(scripts.filter(chunk)).toEqual([]);
  const number = page.getByLabel("Angel number", { exact: true });
  await expect(number).toHaveValue("");
  // rendered by React, the list sets the reading and the number (which waits for the form); kept by the page cache
  // (decision 112), its link navigates, and the navigation waits for the form (error 421 otherwise)
  await page.getByRole("region", { name: "Your Saved Readings" }).getByRole("link", { name: /^808/ }).click();
  await expect.poll(held.asked).toBe(true);
  await expect(number).toHaveValue("");
  held.release();
  await expect(page.getByRole("heading", { name: "Angel Number 808" })).toBeVisible();
  await expect(number).toHaveValue("808");
  expect(errors()).toEqual([]);
});
