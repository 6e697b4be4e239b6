import { generate } from "otplib";
import {
  createMember,
  enrolledAdmin,
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
 * An admin's second factor (issue 33, decision 210), with JavaScript on and off: set up from the profile (the key
 * as text, a wrong code refused with the error summary taking focus, the recovery codes shown once and focused),
 * and signing in in two steps. axe on every page. Codes are made with otplib from the key the page shows.
 */
test("an admin sets up two-factor authentication from the profile", async ({ page, jsEnabled }) => {
  const admin = await createMember();
  await makeAdmin(admin.id, { secondFactor: false });
  await signIn(page, admin.id);

  await page.goto("/user-profile");
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await expect(section).toContainText("Off");
  await section.getByRole("link", { name: "Set up two-factor authentication" }).click();
  await page.waitForURL("**/user-profile/two-factor");
  await waitForHydration(page, jsEnabled);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();

  const key = page.locator("code").first();
  await expect(key).toHaveText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = (await key.textContent())!.replace(/ /g, "");
  await expect(page.getByRole("link", { name: /^otpauth:\/\/totp\// })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the otpauth address above" })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  await expectAccessible(page);

  await page.getByLabel("6-digit code", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const setupFailed = page.getByRole("group").filter({ hasText: "Set-up failed" });
  await expect(setupFailed).toContainText("That code is not right");
  await expect(setupFailed).toBeFocused();

  // this step's code: accepted while the page takes less than a step (30 s) to send it
  await page
    .getByLabel("6-digit code", { exact: true })
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const codes = page.getByRole("region", { name: "Your recovery codes" });
  await expect(codes.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expect(codes).toBeFocused();
  await expect(codes.getByRole("status")).toHaveText(/^Two-factor authentication is on\. Here are 10 recovery codes/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication is on" })).toBeVisible();
  await expectAccessible(page);
});

test("an admin with two-factor authentication signs in with the password, then a code", async ({ page, jsEnabled }) => {
  const { admin, secret } = await enrolledAdmin();
  await submitSignIn(page, jsEnabled, admin);
  await page.waitForURL("**/auth/two-factor");
  await expect(page.getByRole("heading", { name: "Enter the 6-digit code from your authenticator app" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Use a recovery code instead" })).toBeVisible();
  await expect(page.getByText("Not signed in")).toBeVisible();
  await waitForHydration(page, jsEnabled);
  await expectAccessible(page);

  await page.getByLabel("6-digit code", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  const failed = page.getByRole("group").filter({ hasText: "Sign-in failed" });
  await expect(failed).toContainText("That code is not right");
  await expect(failed).toBeFocused();
  await expectAccessible(page);

  await page
    .getByLabel("6-digit code", { exact: true })
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL("**/forum");
  await expectToast(page, jsEnabled, "Welcome back!");
  await expect(page.getByText(`Signed in as ${admin.username}`)).toBeVisible();
});
