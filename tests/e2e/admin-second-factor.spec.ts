import {
  createMember,
  expect,
  expectAccessible,
  expectToast,
  makeAdmin,
  signIn,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Staff who prove it (issue 46, decision 291), with JavaScript on and off: an admin without a second factor is sent
 * to set one up when signing in and on reaching an admin page; an admin with one makes an API token (shown once, its
 * panel focused and announced) and revokes it. axe on every page.
 */
test("an admin without a second factor is sent to set one up, at sign-in and from an admin page", async ({
  page,
  jsEnabled,
}) => {
  const admin = await createMember();
  await makeAdmin(admin.id, { secondFactor: false });
  await submitSignIn(page, jsEnabled, admin);
  await page.waitForURL("**/user-profile/two-factor");
  await expectToast(page, jsEnabled, "Admins need two-factor authentication: set it up to continue.");
  await expect(
    page.getByText("Admins need two-factor authentication: the admin pages open once it is on."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/admin/emails");
  await page.waitForURL("**/user-profile/two-factor");
  await expectToast(page, jsEnabled, "Admins need two-factor authentication: set it up to continue.");
  expect((await page.request.get("/api/admin/email-list")).status()).toBe(403);
});

test("an admin makes an API token, sees it once, and revokes it", async ({ page, jsEnabled }) => {
  // three pages checked by axe and two API calls: 46 s once with both workers busy
  test.setTimeout(90_000);
  const admin = await createMember();
  await makeAdmin(admin.id);
  await signIn(page, admin.id);
  await page.goto("/admin/api-tokens");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  await expect(page.getByText("You have no tokens.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("What the token is for").fill("Newsletter export");
  await page.getByLabel("Works for").selectOption("7");
  await page.getByRole("button", { name: "Make a token" }).click();
  const panel = page.getByRole("region", { name: "Your new token" });
  await expect(panel).toBeFocused();
  await expect(panel.getByRole("status")).toContainText(
    "Token “Newsletter export” made. Copy it now: it is not shown again.",
  );
  const token = await panel.getByLabel("Token").inputValue();
  expect(token).toMatch(/^noat_[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);

  const exported = await page.request.get("/api/admin/email-list", { headers: { Authorization: `Bearer ${token}` } });
  expect(exported.status()).toBe(200);
  expect(((await exported.json()) as { emails: string[] }).emails).toContain(admin.email);

  await page.goto("/admin/api-tokens");
  await waitForHydration(page, jsEnabled);
  const list = page.getByRole("list", { name: "Your tokens" });
  await expect(list).toContainText("Newsletter export (active)");
  await expect(page.getByText(token)).toHaveCount(0);
  await list.getByRole("button", { name: "Revoke Newsletter export" }).click();
  await expectToast(page, jsEnabled, "It no longer opens the e-mail export.");
  await expect(page.getByRole("list", { name: "Your tokens" })).toContainText("Newsletter export (revoked)");
  await expectAccessible(page);
  const refused = await page.request.get("/api/admin/email-list", { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
});
