import path from "node:path";
import { pageScriptBytes } from "../../scripts/bundle-size";
import { expect, expectAccessible, holdChunk, test, waitForHydration, watchPage } from "./fixtures";

/**
 * /astrology's two views are chunks of their own (decision 116): the page loads the code of the view it shows and
 * the other's only when the visitor switches to it, the shown view staying on screen until that code is there; the
 * planet card's code loads when the card changes, the tooltip's bubble when a trigger is first pointed at or
 * focused. What the page loads is exactly what the JavaScript budget counts for that view (scripts/bundle-size.ts).
 * Without JavaScript the server's HTML of each view is whole and the tabs are links.
 */
test.describe.configure({ timeout: 90_000 });

const chunk = (name: string) => (url: string) => new RegExp(`/${name}-[A-Z0-9]+\\.js$`).test(url);
const counted = (view: "transits" | "horoscope") =>
  pageScriptBytes(path.resolve(import.meta.dirname, "../../public/build")).get("routes/astrology.($planet)")!.views![
    view
  ]!.files;

test("/astrology loads the transits' code only; the horoscope's arrives when the visitor switches to it", async ({
  page,
  jsEnabled,
}) => {
  const { scripts, errors } = watchPage(page);
  const held = await holdChunk(page, "horoscope");
  await page.goto("/astrology");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Planetary Positions" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Content Preferences" })).toHaveCount(0);
  if (jsEnabled) {
    // hydrated with the transits' chunk and without the horoscope's: exactly the scripts the budget counts
    expect([...new Set(scripts)].sort()).toEqual([...counted("transits")].sort());
    expect(scripts.filter(chunk("horoscope"))).toEqual([]);
    expect(held.asked()).toBe(false);
  } else {
    expect(scripts).toEqual([]);
  }

  await page.getByRole("link", { name: "Personalized Horoscope" }).click();
  if (jsEnabled) {
    // the horoscope's code is asked for; until it arrives the transits stay on screen (no fallback, no shift)
    await expect.poll(held.asked).toBe(true);
    await page.waitForTimeout(500);
    await expect(page.getByRole("heading", { name: "Planetary Positions" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Personalized Horoscope" })).toHaveCount(0);
  }
  held.release();
  await expect(page.getByRole("heading", { level: 2, name: "Personalized Horoscope" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Content Preferences" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Planetary Positions" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/astrology$/);
  if (jsEnabled) expect(scripts.filter(chunk("horoscope"))).toHaveLength(1);
  await expectAccessible(page);
  expect(errors()).toEqual([]);
});

test("/astrology/{planet} loads the horoscope's code without the transits' or the planet card's", async ({
  page,
  jsEnabled,
}) => {
  const { scripts, errors } = watchPage(page);
  await page.goto("/astrology/Mars");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 3, name: /^Mars in / })).toBeVisible();
  if (jsEnabled) {
    // the page hydrates with exactly what the budget counts; the Regenerate button (it needs JavaScript to do
    // anything) is shown once hydrated, and its code is fetched then, on top of the page's own scripts
    await expect(page.getByRole("button", { name: /Regenerate/ })).toBeVisible();
    const afterHydration = chunk("regenerate-button");
    expect([...new Set(scripts.filter((url) => !afterHydration(url)))].sort()).toEqual(
      [...counted("horoscope")].sort(),
    );
    expect(scripts.filter(afterHydration)).toHaveLength(1);
    for (const name of ["transits", "planet-card", "tooltip-bubble"]) expect(scripts.filter(chunk(name))).toEqual([]);
  }

  // another planet: the card's code arrives and the card shows the new planet and its reading
  await page.getByRole("link", { name: /^Venus\b/ }).click();
  await expect(page.getByRole("heading", { level: 3, name: /^Venus in / })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Reading" })).toBeVisible();
  await expect(page.getByText("Generating your personalized Venus reading…")).toHaveCount(0, { timeout: 20_000 });
  if (jsEnabled) expect(scripts.filter(chunk("planet-card"))).toHaveLength(1);

  // the transits: their code only now
  await page.getByRole("link", { name: "Transits", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Moon Phase" })).toBeVisible();
  if (jsEnabled) expect(scripts.filter(chunk("transits"))).toHaveLength(1);
  await expectAccessible(page);
  expect(errors()).toEqual([]);
});

test("from a planet's address the transits tab and a planet link work before the card or the form has hydrated", async ({
  page,
  jsEnabled,
}) => {
  const { errors } = watchPage(page);
  const card = await holdChunk(page, "planet-card");
  await page.goto("/astrology/Jupiter");
  await waitForHydration(page, jsEnabled);
  // a planet link followed before the card's code is there waits for it (its code is held back here)
  await page.getByRole("link", { name: /^Saturn\b/ }).click();
  if (jsEnabled) {
    await expect.poll(card.asked).toBe(true);
    await expect(page.getByRole("heading", { level: 3, name: /^Jupiter in / })).toBeVisible();
  }
  card.release();
  await expect(page.getByRole("heading", { level: 3, name: /^Saturn in / })).toBeVisible();
  await expect(page).toHaveURL(/\/astrology\/Saturn$/);

  // a fresh page: the transits tab while the card and the form still wait for their code
  await page.goto("/astrology/Jupiter");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("link", { name: "Transits", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Moon Phase" })).toBeVisible();
  await expect(page).toHaveURL(/\/astrology$/);
  expect(errors()).toEqual([]);
});

test("the tooltip's bubble loads when a glyph of the sky wheel is first focused", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "tooltips are a JavaScript addition: the glyph's name carries the same words");
  const { scripts, errors } = watchPage(page);
  await page.goto("/astrology?tab=transits");
  await waitForHydration(page, jsEnabled);
  expect(scripts.filter(chunk("tooltip-bubble"))).toEqual([]);
  const glyph = page.locator("[data-body='Saturn']");
  await glyph.focus();
  await expect(page.getByRole("tooltip")).toHaveText(await glyph.getAttribute("aria-label").then((label) => label!));
  expect(scripts.filter(chunk("tooltip-bubble"))).toHaveLength(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  expect(errors()).toEqual([]);
});

test("the transits hydrate without building an Eastern-time formatter: the server's times are in the page's data", async ({
  page,
  jsEnabled,
}) => {
  // Counts the Intl formatters built for the sky's zone (each costs 25-40 ms of a task while hydrating, decision 123).
  await page.addInitScript(() => {
    const Original = Intl.DateTimeFormat;
    const counter = window as unknown as { easternFormatters: number };
    counter.easternFormatters = 0;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        if (args[1]?.timeZone === "America/New_York") counter.easternFormatters += 1;
        return new target(...args);
      },
    });
  });
  const { errors } = watchPage(page);
  await page.goto("/astrology");
  await waitForHydration(page, jsEnabled);
  const lastUpdate = page.getByText(/^Last updated: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T/);
  await expect(lastUpdate).toBeVisible();
  if (jsEnabled) {
    await page.waitForFunction(() => Object.keys(document.querySelector("h1")!).some((k) => k.startsWith("__react")));
    // read-aloud's first reading and the other tasks after hydration have run too
    await page.waitForTimeout(500);
  }
  expect(await page.evaluate(() => (window as unknown as { easternFormatters: number }).easternFormatters)).toBe(0);
  expect(errors()).toEqual([]);
});
