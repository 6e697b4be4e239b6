import { readMp3 } from "../../app/speech/mp3";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * Read-aloud in the browser. With JavaScript: the floating button opens the voice menu (axe-clean while open),
 * choosing a voice closes it and plays; pause, resume and stop drive the audio element. Without JavaScript the
 * same corner holds a link to the listen page; its audio answers audio/mpeg.
 */
type AudioState = { paused: boolean; currentTime: number; src: string; ended: boolean };
const audioState = (page: import("@playwright/test").Page) =>
  page.locator("audio").evaluate((a: HTMLAudioElement): AudioState => ({
    paused: a.paused,
    currentTime: a.currentTime,
    src: a.currentSrc,
    ended: a.ended,
  }));

test("read the home page aloud", async ({ page, jsEnabled }) => {
  // The first synthesis of a page takes seconds (more on a busy machine); replays come from the cache.
  test.setTimeout(180_000);
  await page.goto("/");
  await waitForHydration(page, jsEnabled);

  if (!jsEnabled) {
    const link = page.getByRole("link", { name: "Listen to this page" });
    await expect(link).toBeVisible();
    // The link opens the listen page (the audio with its transcript: read-along.spec.ts); the audio itself:
    expect(await link.getAttribute("href")).toBe("/listen?path=%2F&voice=en-US-natalie");
    const href = "/read-aloud?path=%2F&voice=en-US-natalie";
    await expectAccessible(page);
    const response = await page.request.get(href!, { timeout: 150_000 });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("audio/mpeg");
    const info = readMp3(new Uint8Array(await response.body()));
    expect(info).not.toBeNull();
    expect(info!.durationSeconds).toBeGreaterThan(5);
    // A repeat with the ETag is answered from the cache without a body.
    const again = await page.request.get(href!, { headers: { "If-None-Match": response.headers()["etag"]! } });
    expect(again.status()).toBe(304);
    return;
  }

  const toggle = page.getByRole("button", { name: "Read this page aloud" });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole("link", { name: "Listen to this page" })).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("group", { name: "Choose a voice" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("group", { name: "English (US)" }).getByRole("button")).toHaveCount(5);
  await expect(menu.getByRole("group", { name: "Japanese" })).toBeVisible();
  await expectAccessible(page);

  // Escape closes the menu and leaves focus on the button.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await menu.getByRole("group", { name: "English (UK)" }).getByRole("button", { name: "Theo (male)" }).click();
  await expect(menu).toBeHidden();
  await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 150_000 }).toBeGreaterThan(0.3);
  expect((await audioState(page)).paused).toBe(false);
  await expect(page.getByRole("status").filter({ hasText: "Reading the page with Theo." })).toBeAttached();
  await expect(page.getByRole("progressbar", { name: "Reading progress" })).toBeVisible();

  await page.getByRole("button", { name: "Pause reading" }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  const pausedAt = (await audioState(page)).currentTime;
  await expect(page.getByRole("status").filter({ hasText: "Reading paused." })).toBeAttached();

  await page.getByRole("button", { name: "Resume reading" }).click();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(pausedAt + 0.2);
  expect((await audioState(page)).paused).toBe(false);

  await page.getByLabel("Speed").selectOption("1.5");
  expect(await page.locator("audio").evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
  // the menu's options are bare numbers: a tooltip (on focus, dismissed with Escape) and the label say what they are
  await expect(page.getByLabel("Speed")).toHaveAccessibleName("Speed (Reading speed, times normal)");
  await page.getByLabel("Speed").focus();
  await expect(page.getByRole("tooltip")).toHaveText("Reading speed, times normal");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  await page.getByRole("button", { name: "Stop reading" }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  expect((await audioState(page)).currentTime).toBe(0);
  await expect(page.getByRole("button", { name: "Read this page aloud" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Reading stopped." })).toBeAttached();
  await expectAccessible(page);
});

test("pause and resume work at any moment, even before the audio has started (issue 31)", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "the player needs JavaScript; without it the browser's own controls play the audio");
  test.setTimeout(180_000);
  await page.goto("/about");
  await waitForHydration(page, jsEnabled);
  const toggle = page.getByRole("button", { name: "Read this page aloud" });
  await toggle.click();
  const menu = page.getByRole("group", { name: "Choose a voice" });
  await menu.getByRole("group", { name: "English (US)" }).getByRole("button", { name: "Miles (male)" }).click();
  // At once, while the audio is still being made: Pause is offered and works.
  await page.getByRole("button", { name: "Pause reading" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reading paused." })).toBeAttached();
  const resume = page.getByRole("button", { name: "Resume reading" });
  await expect(resume).toBeVisible();
  await expect(page.getByRole("group", { name: "The page could not be read aloud" })).toHaveCount(0);
  // The audio arrives and waits for Resume.
  await expect.poll(async () => (await audioState(page)).src, { timeout: 150_000 }).toMatch(/^blob:/);
  await page.waitForTimeout(500);
  expect((await audioState(page)).paused).toBe(true);
  await resume.click();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0);
  // Pause again within the first moments of playback: no failure, the controls stay.
  await page.getByRole("button", { name: "Pause reading" }).click();
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  await expect(page.getByRole("status").filter({ hasText: "Reading paused." })).toBeAttached();
  await expect(page.getByRole("group", { name: "The page could not be read aloud" })).toHaveCount(0);
  const pausedAt = (await audioState(page)).currentTime;
  await page.getByRole("button", { name: "Resume reading" }).click();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(pausedAt + 0.2);
  await expect(page.getByRole("status").filter({ hasText: "Reading resumed." })).toBeAttached();
  // Focus stays where the visitor put it: on the control they pressed last.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Pause reading");
  await expect(page.getByRole("button", { name: "Stop reading" })).toBeVisible();
  await expectAccessible(page);
});

test("a failed reading aloud: its summary takes the focus, said by it alone (decision 450)", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "the player needs JavaScript; without it the corner holds a link to the listen page");
  await page.route("**/api/tts/generate", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"Speech is resting"}' }),
  );
  await page.goto("/about");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: "Read this page aloud" }).click();
  const menu = page.getByRole("group", { name: "Choose a voice" });
  await menu.getByRole("group", { name: "English (US)" }).getByRole("button", { name: "Miles (male)" }).click();
  const summary = page.getByRole("group", { name: "The page could not be read aloud" });
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAccessibleDescription("TTS API failed: 503 - Speech is resting");
  await expect(page.getByRole("alert")).toHaveCount(0);
  // the live region said the start, not the failure again
  await expect(page.getByRole("status").filter({ hasText: "TTS API failed" })).toHaveCount(0);
  await expectAccessible(page);
  // a second voice, failing too: the focus goes to the summary again
  await page.getByRole("button", { name: "Read this page aloud" }).click();
  await menu.getByRole("group", { name: "English (US)" }).getByRole("button", { name: "Miles (male)" }).click();
  await expect(summary).toBeFocused();
});

test("the read-aloud route refuses what it cannot read", async ({ request }) => {
  const unknownVoice = await request.get("/read-aloud?path=/&voice=xx-XX-nobody");
  expect(unknownVoice.status()).toBe(400);
  expect(await unknownVoice.text()).toContain("Unknown voice");
  const foreign = await request.get("/read-aloud?path=https://example.com/");
  expect(foreign.status()).toBe(400);
  const api = await request.post("/api/tts/generate", { data: { text: "", voiceId: "en-US-natalie" } });
  expect(api.status()).toBe(400);
  expect(await api.json()).toEqual({ error: "text is required: the words to read aloud." });
});
