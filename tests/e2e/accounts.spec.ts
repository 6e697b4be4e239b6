import type { Page } from "@playwright/test";
import {
  createMember,
  expect,
  expectAccessible,
  expectToast,
  outboxLink,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";

/**
 * Member accounts in the browser, with JavaScript on and off: register, sign out, sign in, forgot password,
 * reset (the link read from the e2e server's outbox), add and change e-mail; axe on every accounts page.
 */
const unique = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;

async function expectSignedIn(page: Page, username: string) {
  await expect(page.getByText(`Signed in as ${username}`)).toBeVisible();
}

test.describe("member accounts", () => {
  test("register, sign out, sign in", async ({ page, jsEnabled }) => {
    const username = unique("seeker");
    const password = "Lotus123!";
    await page.goto("/auth");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Join Our Community" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Register" }).click();
    await expect(page).toHaveURL(/tab=register/);
    await expect(page.getByRole("heading", { name: "Register" })).toBeVisible();
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`${username}@example.test`);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/forum");
    await expectSignedIn(page, username);
    await expectToast(page, jsEnabled, "Welcome to the community!");

    await page.goto("/user-profile");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectToast(page, jsEnabled, "Signed out");
    await expect(page.getByText("Not signed in")).toBeVisible();

    await page.goto("/auth");
    await waitForHydration(page, jsEnabled);
    await page.getByLabel("Username or email").fill(username);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL("**/forum");
    await expectSignedIn(page, username);
    await expectToast(page, jsEnabled, "Welcome back!");
  });

  test("a failed sign-in shows an error summary that takes focus; axe stays clean", async ({ page, jsEnabled }) => {
    const member = await createMember();
    await page.goto("/auth");
    await waitForHydration(page, jsEnabled);
    await page.getByLabel("Username or email").fill(member.username);
    await page.getByLabel("Password").fill("WrongPass1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const summary = page.getByRole("group").filter({ hasText: "Login failed" });
    await expect(summary).toContainText("Invalid username or password");
    await expect(summary).toBeFocused();
    // The server never sends the password back (without JavaScript the field comes back empty).
    if (!jsEnabled) await expect(page.getByLabel("Password")).toHaveValue("");
    await expectAccessible(page);
  });

  test("registration errors are tied to their fields", async ({ page, jsEnabled }) => {
    await page.goto("/auth?tab=register");
    await waitForHydration(page, jsEnabled);
    await page.getByLabel("Username").fill("theAdmin99");
    await page.getByLabel("Email").fill("someone@example.test");
    await page.getByLabel("Password", { exact: true }).fill("theAdmin99");
    await page.getByRole("button", { name: "Create Account" }).click();
    const username = page.getByLabel("Username");
    await expect(username).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await username.getAttribute("aria-describedby"))!.split(" ")[0]!;
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Username contains inappropriate or reserved terms");
    await expect(page.getByRole("group").filter({ hasText: "Registration failed" })).toContainText(
      "Username contains inappropriate or reserved terms",
    );
    await expectAccessible(page);
  });

  test("the profile is guarded", async ({ page }) => {
    await page.goto("/user-profile");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fuser-profile/);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You must be logged in to view your profile")).toBeVisible();
    await expectAccessible(page);
  });

  test("forgot password by e-mail, then reset with the mailed link", async ({ page, jsEnabled }) => {
    const member = await createMember();
    await page.goto("/auth");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Your Password" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel("Email").fill(member.email!);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    const sent = page.getByRole("dialog", { name: "Password Reset Link Sent" });
    await expect(sent).toContainText(member.email!);
    await expect(sent.getByRole("link", { name: "Got it" })).toBeVisible();
    // "Resend Email" says that it sent the mail again, and the focus stays on the button (issue 47)
    const resend = sent.getByRole("button", { name: "Resend Email" });
    await resend.focus();
    await page.keyboard.press("Enter");
    await expectToast(page, jsEnabled, "Email sent again");
    await expect(page.getByRole("status").filter({ hasText: `We've sent it again to ${member.email}.` })).toHaveCount(
      1,
    );
    if (jsEnabled) await expect(resend).toBeFocused();
    // the 'Check Your Email' dialog opened after a reset says a reset link was sent, not a registration's (issue 47)
    await page.goto("/auth?dialog=check-email");
    const check = page.getByRole("dialog", { name: "Check Your Email" });
    await expect(check).toContainText(`We've sent a link to reset your password to ${member.email}.`);
    await expect(check).not.toContainText("registration");
    await expect(check).toContainText("check your spam or junk folder");

    await page.goto(await outboxLink(member.email!, "/reset-password"));
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("Fresh456!");
    await page.getByLabel("Confirm new password").fill("Fresh999!");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.getByText("The passwords do not match").first()).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("Fresh456!");
    await page.getByLabel("Confirm new password").fill("Fresh456!");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.waitForURL("**/forum");
    await expectSignedIn(page, member.username);
  });

  test("forgot password by username and forgot username show the value entered", async ({ page, jsEnabled }) => {
    const member = await createMember();
    await page.goto("/auth?dialog=reset&method=email");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("link", { name: "Use Username" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Your Password" });
    await dialog.getByLabel("Username").fill(member.username);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("dialog", { name: "Password Reset Link Sent" })).toContainText(member.username);

    await page.goto("/auth?dialog=recover-username");
    await waitForHydration(page, jsEnabled);
    const recover = page.getByRole("dialog", { name: "Recover Your Username" });
    await recover.getByLabel("Email").fill(member.email!);
    await recover.getByRole("button", { name: "Send Username" }).click();
    const sent = page.getByRole("dialog", { name: "Username Reminder Sent" });
    await expect(sent).toContainText(member.email!);
    await expectAccessible(page);
    await sent.getByRole("link", { name: "Got it" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("change e-mail on the profile (wrong password first)", async ({ page, jsEnabled }) => {
    const member = await createMember();
    await signIn(page, member.id);
    await page.goto("/user-profile");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("heading", { name: "Account Profile" })).toBeVisible();
    await expect(page.getByText("Permanent", { exact: true })).toBeVisible();
    await expect(page.getByText(member.email!)).toBeVisible();
    await expect(page.getByText("Forum Member")).toBeVisible();
    await expectAccessible(page);

    const newEmail = `${unique("moved")}@example.test`;
    await page.getByLabel("New email address").fill(newEmail);
    await page.getByLabel("Current password").fill("NotMine123");
    await page.getByRole("button", { name: "Change Email" }).click();
    await expect(page.getByRole("group").filter({ hasText: "Update failed" })).toContainText(
      "Your current password is incorrect.",
    );
    await expectAccessible(page);

    await page.getByLabel("New email address").fill(newEmail);
    await page.getByLabel("Current password").fill(member.password);
    await page.getByRole("button", { name: "Change Email" }).click();
    await expectToast(page, jsEnabled, "Email updated");
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(page.getByText("Unverified")).toBeVisible();

    // Opening the link only asks (a mail scanner's prefetch must not verify); the button's POST verifies.
    await page.goto(await outboxLink(newEmail, "/verify-email"));
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
    await expectAccessible(page);
    await waitForHydration(page, jsEnabled);
    await page.getByRole("button", { name: "Confirm my email address" }).click();
    const verified = page.getByRole("heading", { name: "Email Verified" });
    await expect(verified).toBeVisible();
    // the page's own live region (the shell has others) reads the new heading and text
    await expect(page.getByRole("status").filter({ has: verified })).toContainText("your email address is confirmed");
    if (jsEnabled) await expect(verified).toBeFocused();
    await expect(page.getByRole("button", { name: "Confirm my email address" })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto("/user-profile");
    await expect(page.getByText("Unverified")).toHaveCount(0);
  });

  test("change e-mail: the spec's titles for a missing '@', a blank password and a dropped request", async ({
    page,
    jsEnabled,
  }) => {
    const member = await createMember();
    await signIn(page, member.id);
    await page.goto("/user-profile");
    await waitForHydration(page, jsEnabled);
    // A password of spaces is sent and refused (by the server without JavaScript).
    await page.getByLabel("New email address").fill(`${unique("next")}@example.test`);
    await page.getByLabel("Current password").fill("   ");
    await page.getByRole("button", { name: "Change Email" }).click();
    const summary = page.getByRole("group").filter({ hasText: "Password required" });
    await expect(summary).toContainText("Please enter your current password to change your email.");
    if (!jsEnabled) return;
    await expect(page.getByText("Password required").first()).toBeVisible();

    await page.getByLabel("New email address").fill("no-at-sign");
    await page.getByLabel("Current password").fill(member.password);
    await page.getByRole("button", { name: "Change Email" }).click();
    await expect(page.getByRole("group").filter({ hasText: "Invalid email" }).first()).toContainText(
      "Please enter a valid email address.",
    );

    await page.route("**/user-profile.data*", (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    const lost = `${unique("lost")}@example.test`;
    await page.getByLabel("New email address").fill(lost);
    await page.getByLabel("Current password").fill(member.password);
    await page.getByRole("button", { name: "Change Email" }).click();
    await expect(page.getByText("An unexpected error occurred.", { exact: true })).toBeVisible();
    // what was typed stays, and the form's alert says what happened in the site's words and takes the focus (issue 47)
    const dropped = page.getByRole("group").filter({ hasText: "The connection to the site was lost" });
    await expect(dropped).toBeFocused();
    await expect(page.getByLabel("New email address")).toHaveValue(lost);
    await expect(page.getByLabel("Current password")).toHaveValue(member.password);
    await expect(page.locator("body")).not.toContainText(/Failed to fetch|turbo-stream/);
    // a server that answers with something other than the site's answer is said in the site's words too
    await page.unrouteAll();
    await page.route("**/user-profile.data*", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Change Email" }).click();
    await expect(page.getByRole("group").filter({ hasText: "The connection to the site was lost" })).toBeFocused();
    await expect(page.getByLabel("New email address")).toHaveValue(lost);
    await expect(page.locator("body")).not.toContainText(/Unable to decode|turbo-stream|Bad Gateway/);
    await page.unrouteAll();
  });

  test("with JavaScript, a dropped forgot-password or logout request says so", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "network failures of JavaScript requests");
    await page.goto("/auth?dialog=reset&method=email");
    await waitForHydration(page, jsEnabled);
    await page.route("**/auth.data*", (route) =>
      route.request().method() === "POST" ? route.abort() : route.continue(),
    );
    const dialog = page.getByRole("dialog", { name: "Reset Your Password" });
    await dialog.getByLabel("Email").fill(`${unique("who")}@example.test`);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(dialog.getByText("An error occurred. Please try again.").first()).toBeVisible();
    await page.unrouteAll();

    const member = await createMember();
    await signIn(page, member.id);
    await page.goto("/user-profile");
    await waitForHydration(page, jsEnabled);
    await page.route("**/logout", (route) => route.abort());
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(page.getByText("Logout failed").first()).toBeVisible();
    await page.unrouteAll();
  });

  test("add an e-mail at /user-profile#add-email", async ({ page, jsEnabled }) => {
    const member = await createMember({ email: null });
    await signIn(page, member.id);
    await page.goto("/user-profile#add-email");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByText("No email address on file")).toBeVisible();
    const section = page.locator("#add-email");
    await expect(section.getByRole("heading", { name: "Add Email" })).toBeVisible();
    const email = `${member.username}@example.test`;
    await section.getByLabel("Email address").fill(email);
    if (jsEnabled) {
      // a dropped connection keeps what was typed and says so, focused, in the site's words (issue 47)
      await page.route("**/user-profile.data*", (route) =>
        route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
      );
      await section.getByRole("button", { name: "Add Email" }).click();
      await expect(section.getByRole("group").filter({ hasText: "The connection to the site was lost" })).toBeFocused();
      await expect(section.getByLabel("Email address")).toHaveValue(email);
      await expect(page.locator("body")).not.toContainText(/Failed to fetch|turbo-stream/);
      await page.unrouteAll();
    }
    await section.getByRole("button", { name: "Add Email" }).click();
    await expectToast(page, jsEnabled, "Email added");
    await expect(page.getByText(email, { exact: true })).toBeVisible();
  });

  test("/dev/outbox does not exist in production", async ({ page }) => {
    const response = await page.goto("/dev/outbox");
    expect(response?.status()).toBe(404);
  });
});
