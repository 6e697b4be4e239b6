import type { Page } from "@playwright/test";
import { createMember, expect, signIn, test, waitForHydration } from "./fixtures";

/**
 * Issue 31, decision 130: after every in-page change focus goes where the task continues (the new reading, the
 * dialog's first real field, the post being edited), never to <body> or the honeypot, and the outcome is announced
 * once, through one live region; a dropped connection ends in the spec's messages with what was typed kept. Each
 * test reads `document.activeElement` and the live region's text after each action.
 */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      id: el?.id ?? "",
      text: el?.textContent?.trim() ?? "",
      name: el?.getAttribute("name"),
    };
  });

/** The home page's live region (progress and outcome). */
const homeStatus = (page: Page) => page.locator("main p[role=status]");

/** Every live region's text except the page's own status (the toaster's): what else a screen reader would hear. */
const toastAnnouncements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("section[aria-label^='Notifications'] [aria-live]")]
      .map((el) => el.textContent?.trim() ?? "")
      .filter(Boolean),
  );

/** POSTs held until `release()`, to see the page while it generates. */
async function holdPosts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*", async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  return { release };
}

test.describe("home generator", () => {
  test("focus moves to the new reading; Refresh is disabled while generating; one polite region says the outcome", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "without JavaScript each choice loads a new page (numerology.spec.ts)");
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("button", { name: "7 Universal Harmony" }).click();
    await expect(page).toHaveURL(/\?content=\d+/);
    const heading = page.getByRole("heading", { level: 2, name: /^Universal Harmony: / });
    await expect(heading).toBeFocused();
    expect((await focused(page)).id).toBe("result-title");
    await expect(homeStatus(page)).toHaveText("Your personalized numerology insights are ready!");
    // the toast shows the same outcome without announcing it again
    expect(await toastAnnouncements(page)).toEqual([]);

    const { release } = await holdPosts(page);
    await page.getByRole("button", { name: "Refresh insights" }).click();
    await expect(homeStatus(page)).toHaveText("Generating your insights…");
    await expect(page.getByRole("button", { name: "Refresh insights" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Generate New Insights" })).toBeDisabled();
    release();
    await expect(page.getByRole("button", { name: "Refresh insights" })).toBeEnabled();
    await expect(page.getByRole("heading", { level: 2, name: /^Universal Harmony: / })).toBeFocused();
    await expect(homeStatus(page)).toHaveText("Your personalized numerology insights are ready!");
  });

  test("a dropped connection shows 'Connection Lost' with Try Again, keeps the keywords, and takes focus", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "a dropped connection without JavaScript is the browser's own error page");
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    await page.getByLabel("Keywords").fill("quiet dawn");
    // the generation's request only (the keywords' own save goes to /api/preferences)
    await page.route("**/*", (route) =>
      route.request().method() === "POST" && !route.request().url().includes("/api/")
        ? route.abort("internetdisconnected")
        : route.continue(),
    );
    await page.getByRole("button", { name: "4 Universal Growth" }).click();
    // the failure is a group named by its heading and described by its message, taking the focus: announced once
    // there, not also an alert (decision 400)
    const alert = page.getByRole("group", { name: "Connection Lost" });
    await expect(alert.getByRole("heading", { name: "Connection Lost" })).toBeVisible();
    await expect(alert).toContainText("We're having trouble accessing the cosmic wisdom. Please try again.");
    await expect(alert).toHaveAccessibleDescription(
      "We're having trouble accessing the cosmic wisdom. Please try again.",
    );
    await expect(alert).toBeFocused();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await expect(page.getByLabel("Keywords")).toHaveValue("quiet dawn");
    // the focus announces it; the toast does not say it again
    expect(await toastAnnouncements(page)).toEqual([]);

    await page.unroute("**/*");
    await alert.getByRole("button", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\?content=\d+/);
    await expect(page.getByRole("heading", { level: 2, name: /^Universal Growth: / })).toBeFocused();
    await expect(page.getByText("“quiet dawn”").first()).toBeVisible();
  });
});

test("birth date: an error is announced once (its summary takes focus), not again by an alert or a toast", async ({
  page,
  jsEnabled,
}) => {
  await page.goto("/birth-date");
  await waitForHydration(page, jsEnabled);
  await page.getByLabel("Birth date (MM/DD/YYYY)").fill("02/30/1990");
  await page.getByRole("button", { name: "Analyze" }).click();
  const summary = page.getByRole("group", { name: "Invalid Date Format" });
  await expect(summary).toContainText("Please enter a valid date (e.g., 01/01/2011)");
  await expect(summary).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByLabel("Birth date (MM/DD/YYYY)")).toHaveAccessibleDescription(/Please enter a valid date/);
  if (jsEnabled) expect(await toastAnnouncements(page)).toEqual([]);
});

test("forum: a lost connection on a forum link shows 'Failed to fetch topics' with Try Again", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "without JavaScript a link is the browser's own request");
  await page.goto("/");
  await waitForHydration(page, jsEnabled);
  await page.route(/\/forum\.data/, (route) => route.abort("internetdisconnected"));
  await page.getByRole("navigation", { name: "Explore" }).getByRole("link", { name: "Community Forum" }).click();
  await expect(page.getByRole("heading", { name: "Failed to fetch topics" })).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await page.unroute(/\/forum\.data/);
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "Community Forum", level: 1 })).toBeVisible();
});

test("forum: New Topic opens on its Title field, never the honeypot; Edit puts focus in the post's editor", async ({
  page,
  jsEnabled,
}) => {
  const member = await createMember();
  const { createTopic, createPost } = await import("../../app/forum/topics.server");
  const { topic } = await createTopic({
    authorId: member.id,
    title: `Focus topic ${member.username}`,
    description: null,
    category: "general",
  });
  const made = await createPost({ topicId: topic.id, authorId: member.id, content: "Words to edit." });
  await signIn(page, member.id);

  await page.goto("/forum");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: "New Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Topic" });
  await expect(dialog).toBeVisible();
  if (jsEnabled) {
    await expect(dialog.getByLabel("Title")).toBeFocused();
    expect((await focused(page)).name).not.toBe("leave_this_empty");
  }

  await page.goto(`/forum/topic/${topic.id}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: `Edit post #${made!.post.number}` }).click();
  const editor = page.getByLabel(`Edit post #${made!.post.number}`);
  await expect(editor).toHaveValue("Words to edit.");
  if (jsEnabled) await expect(editor).toBeFocused();
});
