import { createMember, expect, expectAccessible, signIn, test, waitForHydration } from "./fixtures";

/**
 * Hostile input as a person meets its messages (issue 14), with JavaScript on and off: the forum's pace, the
 * user-text rule on a title of invisible characters, and the honeypot that people never see.
 */
const forum = () => import("../../app/forum/topics.server");
const unique = () => Math.random().toString(36).slice(2, 8);

test.describe.configure({ timeout: 120_000 });

test("a second reply within seconds is 'Failed to post reply' with the wait; the first one stands", async ({
  page,
  jsEnabled,
}) => {
  const author = await createMember();
  const replier = await createMember();
  const { createTopic } = await forum();
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Paced ${unique()}`,
    description: null,
    category: "general",
  });
  await signIn(page, replier.id);

  await page.goto(`/forum/topic/${topic.id}?reply=1`);
  await waitForHydration(page, jsEnabled);
  await page.getByLabel("Your reply").fill("The first thought");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("The first thought")).toBeVisible();

  await page.goto(`/forum/topic/${topic.id}?reply=1`);
  await waitForHydration(page, jsEnabled);
  await page.getByLabel("Your reply").fill("A second thought, too soon");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Failed to post reply").first()).toBeVisible();
  await expect(
    page.getByText(/You are posting too quickly\. Please wait \d seconds? before posting again\./).first(),
  ).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveValue("A second thought, too soon");
  await expectAccessible(page);
});

test("a title made of zero-width spaces is empty to the rule: the title's own message", async ({ page, jsEnabled }) => {
  const member = await createMember();
  await signIn(page, member.id);
  await page.goto("/forum?new=1");
  await waitForHydration(page, jsEnabled);
  const dialog = page.getByRole("dialog", { name: "Create New Topic" });
  await dialog.getByLabel("Title", { exact: true }).fill("\u200b\u200b\u200b\u200b\u200b");
  await dialog.getByRole("button", { name: "Create Topic" }).click();
  await expect(dialog.getByText("Title must be at least 3 characters").first()).toBeVisible();
  await expectAccessible(page);
});

test("the honeypot is off-screen, out of the tab order and hidden from screen readers, on registration and new topics", async ({
  page,
  jsEnabled,
}) => {
  await page.goto("/auth?tab=register");
  await waitForHydration(page, jsEnabled);
  const trap = page.getByLabel("Leave this field empty (it catches spam robots)");
  await expect(trap).toHaveCount(1);
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).toHaveValue("");
  // hidden from screen readers (Orca read it in browse mode, decision 400): not in the accessibility tree
  await expect(page.getByRole("textbox", { name: "Leave this field empty (it catches spam robots)" })).toHaveCount(0);
  const box = await trap.boundingBox();
  expect(box === null || box.x + box.width <= 0).toBe(true);
  await expectAccessible(page);

  const member = await createMember();
  await signIn(page, member.id);
  await page.goto("/forum?new=1");
  await waitForHydration(page, jsEnabled);
  const topicTrap = page
    .getByRole("dialog", { name: "Create New Topic" })
    .getByLabel("Leave this field empty (it catches spam robots)");
  await expect(topicTrap).toHaveAttribute("tabindex", "-1");
  const topicBox = await topicTrap.boundingBox();
  expect(topicBox === null || topicBox.x + topicBox.width <= 0).toBe(true);
  await expectAccessible(page);
});
