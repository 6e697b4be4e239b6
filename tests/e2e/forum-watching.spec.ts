import { createMember, expect, expectAccessible, signIn, test, waitForHydration } from "./fixtures";

/**
 * Watching and the mail settings (decisions 350, 351), with JavaScript on and off: a member changes a topic's watch
 * level and a category's with the plain forms on their pages (the saved level is shown, and with JavaScript the
 * form's status line says it and has the focus), and chooses their forum mail on the settings page, linked from the
 * notifications page. Every page passes axe.
 */
test.describe.configure({ timeout: 120_000 });

async function topicBy(authorId: number) {
  const { createTopic } = await import("../../app/forum/topics.server");
  const { topic } = await createTopic({
    authorId,
    title: `Watch me ${Math.random().toString(36).slice(2, 8)}`,
    description: "A topic to watch.",
    category: "technology",
  });
  return topic;
}

async function levels(memberId: number, topicId: number) {
  const { topicWatchLevel, categoryWatchLevel } = await import("../../app/forum/watching.server");
  return {
    topic: await topicWatchLevel({ memberId, topicId }),
    category: await categoryWatchLevel({ memberId, category: "technology" }),
  };
}

test("a member watches a topic, then mutes its category, with the forms on their pages", async ({
  page,
  jsEnabled,
}) => {
  const writer = await createMember();
  const reader = await createMember();
  const topic = await topicBy(writer.id);
  await signIn(page, reader.id);

  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  const form = page.getByRole("group", { name: "Notifications for this topic" });
  await expect(form.getByRole("radio", { name: "Tracking" })).toBeChecked();
  await expect(form.getByRole("status")).toHaveText("Notifications for this topic: Tracking.");
  await expectAccessible(page);

  await form.getByRole("radio", { name: "Watching" }).check();
  await page.getByRole("button", { name: "Set notification level" }).click();
  const status = page.getByRole("group", { name: "Notifications for this topic" }).getByRole("status");
  await expect(status).toHaveText("Notifications for this topic: Watching.");
  await expect(page).toHaveURL(new RegExp(`/forum/topic/${topic.id}(\\?page=1)?#watch$`));
  if (jsEnabled) await expect(status).toBeFocused();
  await expect(page.getByRole("radio", { name: "Watching" })).toBeChecked();
  expect(await levels(reader.id, topic.id)).toEqual({ topic: "watching", category: "normal" });
  await expectAccessible(page);

  // The category's list has its own form.
  await page.goto("/forum?category=technology");
  await waitForHydration(page, jsEnabled);
  const categoryForm = page.getByRole("group", { name: "Notifications for this category" });
  await expect(categoryForm.getByRole("status")).toHaveText("Notifications for this category: Normal.");
  await categoryForm.getByRole("radio", { name: "Muted" }).check();
  await page.getByRole("button", { name: "Set notification level" }).click();
  const categoryStatus = page.getByRole("group", { name: "Notifications for this category" }).getByRole("status");
  await expect(categoryStatus).toHaveText("Notifications for this category: Muted.");
  if (jsEnabled) await expect(categoryStatus).toBeFocused();
  await expect(page).toHaveURL(/\/forum\?category=technology#watch$/);
  expect(await levels(reader.id, topic.id)).toEqual({ topic: "watching", category: "muted" });
  await expectAccessible(page);
});

test("a member watches a category's first posts; its topics keep the topic levels (decision 420)", async ({
  page,
  jsEnabled,
}) => {
  const writer = await createMember();
  const reader = await createMember();
  const topic = await topicBy(writer.id);
  await signIn(page, reader.id);

  await page.goto("/forum?category=technology");
  await waitForHydration(page, jsEnabled);
  const form = page.getByRole("group", { name: "Notifications for this category" });
  const firstPost = form.getByRole("radio", { name: "Watching First Post" });
  await expect(firstPost).toHaveAccessibleDescription(
    "You are notified of every new topic in this category, not of the replies to it.",
  );
  await firstPost.check();
  await page.getByRole("button", { name: "Set notification level" }).click();
  const status = page.getByRole("group", { name: "Notifications for this category" }).getByRole("status");
  await expect(status).toHaveText("Notifications for this category: Watching First Post.");
  if (jsEnabled) await expect(status).toBeFocused();
  await expect(page).toHaveURL(/\/forum\?category=technology#watch$/);
  await expect(page.getByRole("radio", { name: "Watching First Post" })).toBeChecked();
  expect(await levels(reader.id, topic.id)).toEqual({ topic: "tracking", category: "watching_first_post" });
  await expectAccessible(page);

  // A topic of the category: the default level, and no first-post choice (a topic has no such level).
  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  const topicForm = page.getByRole("group", { name: "Notifications for this topic" });
  await expect(topicForm.getByRole("status")).toHaveText("Notifications for this topic: Tracking.");
  await expect(topicForm.getByRole("radio")).toHaveCount(4);
  await expect(topicForm.getByRole("radio", { name: "Watching First Post" })).toHaveCount(0);
});

test("a member chooses their forum mail on the settings page", async ({ page, jsEnabled }) => {
  const reader = await createMember();
  await signIn(page, reader.id);
  await page.goto("/forum/notifications");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: "Notification settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notification settings" })).toBeVisible();
  await waitForHydration(page, jsEnabled);
  const summary = page.getByRole("status").filter({ hasText: "Forum e-mail is" });
  await expect(summary).toContainText("In the weekly digest: likes of your posts.");
  await expect(
    page.getByRole("group", { name: "Likes of your posts" }).getByRole("radio", { name: "In the weekly digest" }),
  ).toBeChecked();
  await expectAccessible(page);

  await page.getByRole("group", { name: "Likes of your posts" }).getByRole("radio", { name: "At once" }).check();
  await page.getByRole("group", { name: "Mentions of you" }).getByRole("radio", { name: "Never" }).check();
  await page.getByRole("group", { name: "Weekly digest" }).getByRole("radio", { name: "No weekly digest" }).check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(summary).toContainText("Never: mentions of you.");
  await expect(summary).toContainText("Weekly digest: off.");
  if (jsEnabled) await expect(summary).toBeFocused();
  await expect(
    page.getByRole("group", { name: "Likes of your posts" }).getByRole("radio", { name: "At once" }),
  ).toBeChecked();

  const { mailSettingsOf } = await import("../../app/forum/mail-settings.server");
  expect(await mailSettingsOf({ memberId: reader.id })).toMatchObject({
    like: "now",
    mention: "never",
    reply: "now",
    weeklyDigest: false,
  });
  await expectAccessible(page);
});
