import {
  createMember,
  expect,
  expectAccessible,
  expectToast,
  signIn,
  test,
  waitForHydration,
  watchPage,
} from "./fixtures";

/**
 * The profile's signed-in browsers (decision 012), with JavaScript on and off: the list with device labels and
 * "This browser", and "Sign out of all other devices", which ends the others (their cookies stop working) and
 * keeps this browser signed in.
 */
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

/** A session of the member in another browser (straight through the accounts domain), as its Cookie header. */
async function otherBrowser(userId: number, userAgent: string): Promise<string> {
  const { createUserSession } = await import("../../app/accounts/session.server");
  const request = new Request("http://127.0.0.1/api/login", { headers: { "User-Agent": userAgent } });
  return (await createUserSession(userId, request)).split(";")[0]!;
}

test("the profile lists the signed-in browsers and signs out all the others", async ({ page, jsEnabled, baseURL }) => {
  const member = await createMember();
  await signIn(page, member.id);
  const firefox = await otherBrowser(member.id, FIREFOX_WINDOWS);
  const safari = await otherBrowser(member.id, SAFARI_MAC);
  // Outside the browser (its own cookies would be sent with page.request): what a copied cookie gets.
  const apiUserStatus = async (cookie: string) =>
    (await fetch(`${baseURL}/api/user`, { headers: { Cookie: cookie } })).status;

  const { errors } = watchPage(page);
  await page.goto("/user-profile");
  await waitForHydration(page, jsEnabled);
  const section = page.getByRole("region", { name: "Signed-in Browsers" });
  const list = section.getByRole("list", { name: "Signed-in browsers" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").filter({ hasText: "Firefox on Windows" })).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: "Safari on macOS" })).toBeVisible();
  await expect(list.getByText("This browser")).toHaveCount(1);
  await expect(list.getByRole("listitem").filter({ hasText: "Firefox on Windows" })).toContainText(
    /Signed in .+ · Last seen .+UTC/,
  );
  await expectAccessible(page);
  expect(await apiUserStatus(firefox)).toBe(200);

  await section.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expectToast(page, jsEnabled, "You have been signed out of 2 other browsers.");
  await expect(page).toHaveURL(/\/user-profile$/);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText("This browser");
  await expect(page.getByText(`Signed in as ${member.username}`)).toBeVisible();
  // The e-mail form, not used yet (it hydrates on first use, decision 109), stays as it was: the submission did not
  // make React drop it and render it anew (error 421; decision 122).
  await expect(page.getByRole("button", { name: "Change Email" })).toBeVisible();
  expect(errors()).toEqual([]);
  await expectAccessible(page);

  expect(await apiUserStatus(firefox)).toBe(401);
  expect(await apiUserStatus(safari)).toBe(401);
});

test("signed out, the profile's sign-out button is not reachable: the page asks to sign in", async ({
  page,
  jsEnabled,
}) => {
  await page.goto("/user-profile");
  await waitForHydration(page, jsEnabled);
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fuser-profile/);
  await expect(page.getByRole("button", { name: "Sign out of all other devices" })).toHaveCount(0);
});
