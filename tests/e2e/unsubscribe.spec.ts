import { randomBytes } from "node:crypto";
import { createMember, expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * The unsubscribe link of a reply notification (decision 153): opening it changes nothing and asks to confirm;
 * the button unsubscribes (with JavaScript and without), and the page says so; it offers to turn them back on.
 */
async function memberWithToken() {
  const member = await createMember();
  const { db } = await import("../../db/client.server");
  const { users } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
  const token = randomBytes(24).toString("base64url");
  await db.update(users).set({ unsubscribeToken: token }).where(eq(users.id, member.id));
  const notifications = async () =>
    (await db.select({ on: users.forumNotifications }).from(users).where(eq(users.id, member.id)))[0]!.on;
  return { token, notifications };
}

test("the mailed link asks to confirm; the button unsubscribes and can turn it back on", async ({
  page,
  jsEnabled,
}) => {
  const { token, notifications } = await memberWithToken();
  await page.goto(`/unsubscribe?token=${token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Stop forum e-mails?" })).toBeVisible();
  expect(await notifications(), "opening the link changes nothing").toBe(true);
  await expectAccessible(page);
  await waitForHydration(page, jsEnabled);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  const done = page.getByRole("heading", { level: 1, name: "You are unsubscribed" });
  await expect(done).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are unsubscribed" })).toHaveText(
    "You are unsubscribedYou will no longer get e-mails from the community forum.",
  );
  if (jsEnabled) await expect(done).toBeFocused();
  expect(await notifications()).toBe(false);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Turn notifications back on" }).click();
  const on = page.getByRole("heading", { level: 1, name: "Notifications on" });
  await expect(on).toBeVisible();
  if (jsEnabled) await expect(on).toBeFocused();
  expect(await notifications()).toBe(true);
});

test("a link with an unknown token says so", async ({ page }) => {
  const response = await page.goto("/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await expectAccessible(page);
});
