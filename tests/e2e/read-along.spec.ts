import type { Page } from "@playwright/test";
import { decodeMp3, soundOnsets } from "../support/audio";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * Read-along (issue 36) and the read-aloud control's room (issue 31). Without JavaScript the listen link's page
 * plays the audio with a transcript whose sentences carry anchors and start times (`#t=` links); with JavaScript
 * the sentence heard is highlighted in the page within 150 ms of its sound (measured in the audio, decoded by
 * ffmpeg), "Read from here" starts at a paragraph, and the position is said on request. The control never covers
 * a link, a control or text at the end of a page, nor the sentence being read.
 */
const LISTEN = "/listen?path=%2Fabout&voice=en-US-natalie";
const AUDIO = "/read-aloud?path=%2Fabout&voice=en-US-natalie";
const VTT = "/read-aloud.vtt?path=%2Fabout&voice=en-US-natalie";

type Cue = { id: string; start: number; text: string };
async function cuesOf(page: Page): Promise<Cue[]> {
  const response = await page.request.get(VTT, { timeout: 150_000 });
  expect(response.status()).toBe(200);
  const blocks = (await response.text()).split("\n\n").slice(1).filter(Boolean);
  return blocks.map((block) => {
    const [id, timing, text] = block.split("\n");
    const [h, m, s] = timing!.split(" --> ")[0]!.split(":");
    return { id: id!, start: Number(h) * 3600 + Number(m) * 60 + Number(s), text: text! };
  });
}

const words = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ");

test("the listen page plays the audio with a transcript: anchors, start times and #t= links", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(180_000);
  if (!jsEnabled) {
    // The listen link is how a visitor without JavaScript gets there.
    await page.goto("/about");
    await page.getByRole("link", { name: "Listen to this page" }).click();
    await expect(page).toHaveURL(LISTEN);
  } else {
    await page.goto(LISTEN, { timeout: 150_000 });
    await waitForHydration(page, jsEnabled);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Listen to /about" })).toBeVisible();
  const audio = page.locator("audio[controls]");
  await expect(audio).toHaveAttribute("src", AUDIO);
  await expect(audio.locator('track[kind="metadata"]')).toHaveAttribute("src", VTT);

  const cues = await cuesOf(page);
  const items = page
    .getByRole("list")
    .filter({ has: page.locator("#s1") })
    .getByRole("listitem");
  await expect(items).toHaveCount(cues.length);
  for (const index of [0, 2, cues.length - 1]) {
    const cue = cues[index]!;
    const item = page.locator(`li#${cue.id}`);
    await expect(item).toContainText(cue.text);
    const link = item.getByRole("link");
    const href = (await link.getAttribute("href"))!;
    expect(href.split("#")[0]).toBe(AUDIO);
    expect(Number(/#t=([\d.]+)$/.exec(href)![1])).toBeCloseTo(cue.start, 1);
    const time = `${Math.floor(cue.start / 60)}:${String(Math.floor(cue.start % 60)).padStart(2, "0")}`;
    await expect(link).toHaveAccessibleName(`Play from ${time}`);
  }
  // The audio the links open is the clip the times belong to.
  const mp3 = await page.request.get(AUDIO);
  expect(mp3.headers()["content-type"]).toBe("audio/mpeg");
  // No floating control on this page: it is itself the read-aloud.
  await expect(page.getByRole("link", { name: "Listen to this page" })).toHaveCount(0);
  await expectAccessible(page);

  if (jsEnabled) {
    // Chromium reads the track: one cue per sentence, with the ids the anchors use.
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.textTracks[0]?.cues?.length ?? 0))
      .toBe(cues.length);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.textTracks[0]!.cues![2]!.id)).toBe("s3");
    // A time link plays the page's own player from that sentence, and the sentence is marked as current.
    await page.locator("li#s3").getByRole("link").click();
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThanOrEqual(cues[2]!.start);
    // (s3 is short: by the time this looks the player may be on a later sentence, which must then be the marked one)
    await expect
      .poll(async () => {
        const { time, marked } = await page.evaluate(() => ({
          time: document.querySelector("audio")!.currentTime,
          marked: document.querySelector("li[aria-current='true']")?.id ?? null,
        }));
        const heard = cues.filter((cue) => cue.start <= time).at(-1)!;
        return marked === heard.id || marked === cues[cues.indexOf(heard) - 1]?.id;
      })
      .toBe(true);
    await expect(page.locator("li#s3").getByRole("link")).toBeFocused();
  }
});

test("the sentence heard is highlighted within 150 ms of its sound; read from here; position on request", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "highlighting needs JavaScript; without it the listen page's transcript follows the audio");
  test.setTimeout(240_000);
  await page.goto("/about");
  await waitForHydration(page, jsEnabled);
  const toggle = page.getByRole("button", { name: "Read this page aloud" });
  await toggle.click();
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/tts/generate"), { timeout: 150_000 });
  // Record, frame by frame, the highlighted text and the audio's time, from before playback starts.
  await page.evaluate(() => {
    const log: Array<{ t: number; text: string }> = [];
    (window as unknown as { readAlongLog: typeof log }).readAlongLog = log;
    let last = "";
    const tick = () => {
      const audio = document.querySelector("audio");
      const highlight = CSS.highlights.get("read-along");
      const range = highlight ? ([...highlight][0] as Range | undefined) : undefined;
      const text = range?.toString() ?? "";
      if (audio && text !== last) {
        log.push({ t: audio.currentTime, text });
        last = text;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.getByRole("group", { name: "English (US)" }).getByRole("button", { name: "Natalie (female)" }).click();
  const body = (await (await answer).json()) as {
    encodedAudio: string;
    sentences: Array<{ text: string; start: number }>;
  };
  const heard = soundOnsets(await decodeMp3(Buffer.from(body.encodedAudio, "base64")), { minSilenceSeconds: 0.2 });
  const checked = body.sentences.slice(1, 5);
  const audio = page.locator("audio");
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(checked.at(-1)!.start + 0.3);
  const log = await page.evaluate(
    () => (window as unknown as { readAlongLog: Array<{ t: number; text: string }> }).readAlongLog,
  );
  for (const sentence of checked) {
    const shown = log.find((entry) => words(entry.text) === words(sentence.text));
    expect(shown, `highlight of "${sentence.text}"`).toBeDefined();
    const sound = heard.reduce((best, onset) =>
      Math.abs(onset - sentence.start) < Math.abs(best - sentence.start) ? onset : best,
    );
    expect(
      Math.abs(shown!.t - sound),
      `"${sentence.text}" highlighted at ${shown!.t}, heard at ${sound}`,
    ).toBeLessThanOrEqual(0.15);
  }
  // Nothing moved focus: it is still on the control the visitor used.
  await expect(page.getByRole("button", { name: "Change voice" })).toBeFocused();

  // The position, on request, in the polite live region.
  await page.getByRole("button", { name: "Say position" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /^Sentence \d+ of \d+, \d:\d\d of \d:\d\d\.$/ }),
  ).toBeAttached();

  // Read from here: one tab stop for all paragraphs, arrows move among them, Enter starts there.
  const readFromHere = page.getByRole("button", { name: /^Read from here:/ });
  expect(await readFromHere.count()).toBeGreaterThan(3);
  expect(await page.locator('button.read-from-here[tabindex="0"]').count()).toBe(1);
  await page.locator('button.read-from-here[tabindex="0"]').focus();
  await page.keyboard.press("End");
  const last = page.locator("button.read-from-here").last();
  await expect(last).toBeFocused();
  const lastParagraph = (await last.evaluate((b) => b.parentElement!.textContent ?? "")).replace("Read from here", "");
  const target = body.sentences.findIndex((s) =>
    words(lastParagraph).startsWith(words(s.text).split(" ").slice(0, 3).join(" ")),
  );
  expect(target).toBeGreaterThan(4);
  await page.keyboard.press("Enter");
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThanOrEqual(body.sentences[target]!.start);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeLessThan(body.sentences[target]!.start + 2);
  await expect(
    page.getByRole("status").filter({ hasText: `Reading from sentence ${target + 1} of ${body.sentences.length}.` }),
  ).toBeAttached();
  await expect(last).toBeFocused();
  await expect
    .poll(async () => words(await page.evaluate(() => ([...CSS.highlights.get("read-along")!][0] as Range).toString())))
    .toBe(words(body.sentences[target]!.text));

  // Paused, the highlight stays on the sentence; stopped, it goes.
  await page.getByRole("button", { name: "Pause reading" }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  expect(await page.evaluate(() => CSS.highlights.has("read-along"))).toBe(true);
  await page.getByRole("button", { name: "Stop reading" }).click();
  expect(await page.evaluate(() => CSS.highlights.has("read-along"))).toBe(false);
  await expect(page.getByRole("button", { name: /^Read from here:/ })).toHaveCount(0);
  await expectAccessible(page);
});

/** What on the page lies under the read-aloud control: links, controls and text, outside the control itself. */
async function coveredBy(page: Page, control: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const box = document.querySelector(selector)!.closest(".fixed")!.getBoundingClientRect();
    const overlaps = (r: DOMRect) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left < box.right &&
      r.right > box.left &&
      r.top < box.bottom &&
      r.bottom > box.top;
    const corner = document.querySelector(selector)!.closest(".fixed")!;
    const found: string[] = [];
    for (const element of document.querySelectorAll("a, button, input, select, textarea, summary, [tabindex]")) {
      if (!corner.contains(element) && overlaps(element.getBoundingClientRect()))
        found.push(`${element.tagName} ${element.textContent?.trim().slice(0, 40)}`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.nodeValue?.trim() || corner.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(overlaps)) found.push(`text "${node.nodeValue.trim().slice(0, 40)}"`);
    }
    return found;
  }, control);
}

for (const width of [390, 1280]) {
  test(`the read-aloud control covers nothing at the end of a page, ${width} px wide (WCAG 2.4.11)`, async ({
    page,
    jsEnabled,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const path of ["/", "/about", "/privacy", "/numbers"]) {
      await page.goto(path);
      await waitForHydration(page, jsEnabled);
      const control = jsEnabled ? "button[aria-expanded]" : 'a[href^="/listen?"]';
      await expect(page.locator(control).last()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.screenshot({ path: testInfo.outputPath(`end-of-${path.slice(1) || "home"}-${width}.png`) });
      expect(await coveredBy(page, control), `${path} at ${width} px`).toEqual([]);
      // The Privacy Policy link is clear of it and can be focused without being hidden.
      const privacy = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
      await privacy.focus();
      const [a, b] = [await privacy.boundingBox(), await page.locator(control).last().boundingBox()];
      expect(a!.y + a!.height <= b!.y || a!.x + a!.width <= b!.x, "Privacy Policy clear of the control").toBe(true);
    }
  });
}

test("while playing, the player does not cover the sentence being read", async ({ page, jsEnabled }, testInfo) => {
  test.skip(!jsEnabled, "the player needs JavaScript");
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/about");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: "Read this page aloud" }).click();
  await page.getByRole("group", { name: "English (US)" }).getByRole("button", { name: "Natalie (female)" }).click();
  const audio = page.locator("audio");
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 150_000 })
    .toBeGreaterThan(0.2);
  // Under reduced motion every scroll read-along makes is instant.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    const calls: unknown[] = [];
    (window as unknown as { scrolls: unknown[] }).scrolls = calls;
    const scrollTo = window.scrollTo.bind(window);
    window.scrollTo = ((options: ScrollToOptions) => {
      calls.push(options.behavior);
      scrollTo(options);
    }) as typeof window.scrollTo;
  });
  // Jump far down the page: the view follows the sentence, which stays clear of the player.
  // (pressed where it is, without the test scrolling to it first)
  await page
    .locator("button.read-from-here")
    .last()
    .evaluate((button: HTMLElement) => button.click());
  await page.waitForTimeout(500);
  await page.screenshot({ path: testInfo.outputPath("playing-390.png") });
  const [sentence, player] = await page.evaluate(() => {
    const range = [...CSS.highlights.get("read-along")!][0] as Range;
    const r = range.getBoundingClientRect();
    const p = document.querySelector("audio")!.closest(".fixed")!.getBoundingClientRect();
    return [
      { top: r.top, bottom: r.bottom },
      { top: p.top, bottom: p.bottom },
    ];
  });
  const scrolls = await page.evaluate(() => (window as unknown as { scrolls: unknown[] }).scrolls);
  expect(scrolls.length).toBeGreaterThan(0);
  expect(new Set(scrolls)).toEqual(new Set(["auto"]));
  expect(sentence.top).toBeGreaterThanOrEqual(0);
  expect(sentence.bottom, "the sentence ends above the player").toBeLessThanOrEqual(player.top);
  await page.getByRole("button", { name: "Stop reading" }).click();
});
