import { COOKIES } from "../../app/utils/cookies";
import { createMember, enrolledAdmin, expect, submitSignIn, test, waitForHydration } from "./fixtures";

/**
 * The cookie registry (app/utils/cookies.ts) must list every cookie the site sets. This walk visits the pages and
 * submits the forms that set cookies (first visit, astrology tab, the palindrome's link to the octahedron, a
 * forgotten password, an admin's password step before the second factor, signing in, the forum's 'Later'), collects the name of every Set-Cookie header the server
 * answers and every cookie the browser ends up holding (scripts write one too), and fails on any name the registry
 * lacks. It also fails when a registered cookie was never seen, so the walk keeps covering the whole registry.
 */
test("every cookie the site sets is in the registry that /privacy renders", async ({ page, jsEnabled }) => {
  test.setTimeout(90_000);
  const seen = new Map<string, string>(); // cookie name → the address that set it
  page.on("response", async (response) => {
    for (const header of await response.headersArray()) {
      if (header.name.toLowerCase() !== "set-cookie") continue;
      for (const line of header.value.split("\n")) {
        const name = line.split("=")[0]!.trim();
        if (name && !seen.has(name)) seen.set(name, new URL(response.url()).pathname);
      }
    }
  });
  const member = await createMember({ email: null });

  await page.goto("/");
  await page.goto("/astrology?tab=horoscope");
  await waitForHydration(page, jsEnabled);
  await page.goto("/octahedron?from=palindrome");

  await page.goto("/auth");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Your Password" });
  await dialog.getByLabel("Email").fill("nobody-here@example.test");
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("dialog", { name: "Password Reset Link Sent" })).toBeVisible();

  // an admin with a second factor (decision 210): the password step sets the pending sign-in's cookie
  const { admin } = await enrolledAdmin();
  await submitSignIn(page, jsEnabled, admin);
  await page.waitForURL("**/auth/two-factor");

  await submitSignIn(page, jsEnabled, member);
  await expect(page).toHaveURL(/\/forum$/);
  await waitForHydration(page, jsEnabled);
  await page
    .getByRole("complementary", { name: "Enhance Your Account Security" })
    .getByRole("button", { name: "Later" })
    .click();
  await expect(page.getByRole("complementary", { name: "Enhance Your Account Security" })).toHaveCount(0);

  for (const cookie of await page.context().cookies())
    if (!seen.has(cookie.name)) seen.set(cookie.name, "(held by the browser)");

  const registered = new Set<string>(Object.values(COOKIES).map((c) => c.name));
  const unregistered = [...seen]
    .filter(([name]) => !registered.has(name))
    .map(([name, where]) => `${name} (set by ${where})`);
  expect(unregistered, "cookies set but missing from app/utils/cookies.ts").toEqual([]);
  expect(
    [...registered].filter((name) => !seen.has(name)),
    "registered cookies this walk never saw",
  ).toEqual([]);

  // and the policy names each of them, with its lifetime
  await page.goto("/privacy");
  const table = page.getByRole("table", { name: "Every cookie the site sets" });
  for (const cookie of Object.values(COOKIES))
    await expect(table.getByRole("rowheader", { name: cookie.name, exact: true })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(Object.keys(COOKIES).length + 1);
});
