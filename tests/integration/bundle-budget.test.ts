import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bareRemixScriptBytes, buildBareRemix } from "../../scripts/bare-remix";
import { pageScriptBytes, type PageScripts } from "../../scripts/bundle-size";

/**
 * The JavaScript budget of issue 15 (goal 3): the gzipped bytes of every script a page's document loads (the
 * manifest, its page's part inline in the document with lazy route discovery, the client entry and every route module from the root down, with their imports, and the chunk of the
 * view the page shows where its views are chunks of their own; see scripts/bundle-size.ts), read from the production build (npm test builds before vitest runs), against the bare
 * Remix v2 page (tests/fixtures/bare-remix: one route, no data, the same Remix, React and future flags) built and
 * measured alike in this run. Every page but the 3D pages: at most 1.25x the bare page (decisions 101, 108).
 */
const root = path.resolve(import.meta.dirname, "../..");
const assets = path.join(root, "public/build");

export const GOAL_RATIO = 1.25;

const THREE_D_ROUTES = new Set(["routes/3d-viewer", "routes/3d-viewer_.$urn", "routes/octahedron"]);

/**
 * NOT YET AT THE GOAL, held to its weight of 2026-11-23 09:20 UTC plus 2 %, so nothing grows meanwhile. Remove a
 * page from this list as soon as it meets the goal (the test prints which do). The forum, topic and moderation
 * queue pages left the list when their dialogs and forms began to load on demand (decision 107); /reset-password,
 * the roles page, /auth and /user-profile when their forms began to hydrate on first use (decision 109); /, /angel
 * and /birth-date when theirs did too, with the views shown only after a submit on demand (decision 113);
 * /astrology and /astrology/{planet} when each of their views became a chunk of its own, loaded only where it is
 * shown and counted there (decision 116); the topic page and the birth chart when the modules they shared with other
 * pages were cut to what they use, and the topic page's dates, links and meta tags were written by its loader
 * (decision 430).
 */
export const FORM_PAGES_OVER_GOAL: Record<string, number> = {};

/** A route is a page when its module renders something (a default export); resource routes load no script. */
function isPage(routeId: string): boolean {
  if (routeId === "root") return false;
  const file = ["tsx", "ts"].map((ext) => path.join(root, "app", `${routeId}.${ext}`)).find((f) => existsSync(f));
  return !!file && /export default function/.test(readFileSync(file, "utf8"));
}

const carriesZod = (files: string[]) =>
  files.some((url) => readFileSync(path.join(assets, url.replace(/^\/build\//, "")), "utf8").includes("ZodError"));

let bareDir = "";
let bareBytes = 0;

beforeAll(() => {
  bareDir = mkdtempSync(path.join(os.tmpdir(), "bare-remix-"));
  buildBareRemix(bareDir);
  bareBytes = bareRemixScriptBytes(bareDir);
}, 120_000);

afterAll(() => {
  if (bareDir) rmSync(bareDir, { recursive: true, force: true });
});

describe("the JavaScript budget", () => {
  it("holds every page but the 3D pages to 1.25x the bare Remix page", () => {
    expect(existsSync(assets), "run `npm run build` first").toBe(true);
    const goal = Math.floor(GOAL_RATIO * bareBytes);
    const pages = [...pageScriptBytes(assets)].filter(([id]) => isPage(id) && !THREE_D_ROUTES.has(id));
    expect(pages.map(([id]) => id)).toEqual(
      expect.arrayContaining(["routes/_index", "routes/about", "routes/forum._index", "routes/numbers"]),
    );
    const report: string[] = [];
    const over: string[] = [];
    const nowAtGoal: string[] = [];
    // a page with views counts each: what it loads when it shows that view (decision 116)
    const measured: Array<[id: string, name: string, scripts: PageScripts]> = pages.flatMap(([id, page]) =>
      page.views
        ? Object.entries(page.views).map(([view, scripts]): [string, string, PageScripts] => [
            id,
            `${id} (${view})`,
            scripts,
          ])
        : [[id, id, page]],
    );
    for (const [id, name, { bytes, files }] of measured) {
      const waiting = FORM_PAGES_OVER_GOAL[id];
      const budget = waiting ?? goal;
      const zod = carriesZod(files);
      report.push(
        `${name}: ${bytes} B (${(bytes / bareBytes).toFixed(2)}x bare; goal ${goal}${waiting ? `, held to ${waiting} (over the goal)` : ""}${zod ? ", carries zod" : ""})`,
      );
      if (bytes > budget) over.push(`${name}: ${bytes} > ${budget}`);
      if (waiting && bytes <= goal) nowAtGoal.push(id);
      // no page may carry zod: forms validate on the server (decisions 064, 102)
      if (zod) over.push(`${name}: carries zod`);
    }
    console.log(`[bundle-budget] bare Remix page: ${bareBytes} B, goal ${goal} B\n  ${report.join("\n  ")}`);
    if (nowAtGoal.length) console.log(`[bundle-budget] at the goal now, drop from the waiting list: ${nowAtGoal}`);
    expect(over).toEqual([]);
  });

  it("counts what a page really loads: the bare page's figure is below every page's", () => {
    const home = pageScriptBytes(assets).get("routes/_index")!;
    // the page's part of the route manifest, inline in its document (lazy route discovery, decision 126), the
    // client entry first among the files; tests/integration/route-discovery.test.ts compares it with the documents
    expect(home.inline).toBeGreaterThan(200);
    expect(home.files[0]).toMatch(/^\/build\/entry\.client-/);
    expect(home.files).toContain(pageScriptBytes(assets).get("routes/about")!.files[0]);
    expect(home.bytes).toBeGreaterThan(bareBytes);
    // the bare page is what Remix and React alone cost: 80-95 KB gzipped with Remix 2.17 and React 18.3
    expect(bareBytes).toBeGreaterThan(80_000);
    expect(bareBytes).toBeLessThan(95_000);
  });

  it("loads the read-aloud player and the voice catalogue only when the visitor opens read-aloud", () => {
    const about = pageScriptBytes(assets).get("routes/about")!;
    const loaded = about.files.map((url) => readFileSync(path.join(assets, url.replace(/^\/build\//, "")), "utf8"));
    // a voice of the catalogue and a player text are in no script the page loads, but in the build
    expect(loaded.some((code) => code.includes("en-UK-theo"))).toBe(false);
    expect(loaded.some((code) => code.includes("Choose a voice to read this page"))).toBe(false);
    expect(loaded.some((code) => code.includes("Read this page aloud"))).toBe(true);
  });

  it("loads the forms of the pages only when one is opened or used (decisions 107, 109, 113)", () => {
    const loaded = (id: string) =>
      pageScriptBytes(assets)
        .get(id)!
        .files.map((url) => readFileSync(path.join(assets, url.replace(/^\/build\//, "")), "utf8"));
    const built = readdirSync(path.join(assets, "_shared")).map((f) =>
      readFileSync(path.join(assets, "_shared", f), "utf8"),
    );
    // Conform's browser side, the new-topic dialog and the reply form are in the build, in no script these pages load
    const conform = "are reserved by Conform";
    for (const text of [conform, "Create New Topic", "Post Reply"])
      expect(built.some((c) => c.includes(text))).toBe(true);
    for (const id of [
      "routes/forum._index",
      "routes/forum.topic.$id",
      "routes/admin.moderation._index",
      // their form is on screen, and hydrates on first use (decision 109)
      "routes/reset-password",
      "routes/admin.moderation.roles",
      "routes/auth",
      "routes/user-profile",
      // and the numerology and astrology forms (decision 113)
      "routes/_index",
      "routes/angel",
      "routes/birth-date",
      "routes/astrology.($planet)",
    ]) {
      expect(
        loaded(id).some((code) => code.includes(conform)),
        id,
      ).toBe(false);
    }
    expect(loaded("routes/forum._index").some((code) => code.includes("Create New Topic"))).toBe(false);
    expect(loaded("routes/forum.topic.$id").some((code) => code.includes("Post Reply"))).toBe(false);
  });

  it("carries on the topic page and the birth chart only the shared code they use (decision 430)", () => {
    const text = (id: string) =>
      pageScriptBytes(assets)
        .get(id)!
        .files.map((url) => readFileSync(path.join(assets, url.replace(/^\/build\//, "")), "utf8"))
        .join("\n");
    const topic = text("routes/forum.topic.$id");
    const list = text("routes/forum._index");
    // the list of categories, the meta tags' code: the forum list has them, the topic page does not (its loader writes
    // its category's label and its meta tags)
    for (const code of ["Mathematical Implications", "og:site_name"]) {
      expect(list, code).toContain(code);
      expect(topic, code).not.toContain(code);
    }
    // the dates' code (the loader writes the dates) and the moderation links' words (the loader writes the links)
    for (const code of ["Sep", "Unlock topic"]) expect(topic, code).not.toMatch(new RegExp(`"${code}"`));
    // the birth chart's fields say what they accept; it carries no date formatting, Eastern or UTC
    const chart = text("routes/birth-chart");
    expect(chart).toContain("Type the date as year-month-day");
    for (const code of ['"America/New_York"', '"Sep"', '"September"']) expect(chart, code).not.toContain(code);
  });

  it("loads the views shown only after a submit or a choice when they are shown (decision 113)", () => {
    const loaded = (id: string) =>
      pageScriptBytes(assets)
        .get(id)!
        .files.map((url) => readFileSync(path.join(assets, url.replace(/^\/build\//, "")), "utf8"));
    // the birth date's analysis, the home page's reading and relation cards: in the build, not in the page
    const built = readdirSync(path.join(assets, "_shared")).map((f) =>
      readFileSync(path.join(assets, "_shared", f), "utf8"),
    );
    for (const text of ["Life Path Summary", "Your Affirmation", "meets the others"])
      expect(built.some((c) => c.includes(text))).toBe(true);
    expect(loaded("routes/birth-date").some((code) => code.includes("Life Path Summary"))).toBe(false);
    expect(loaded("routes/_index").some((code) => code.includes("Your Affirmation"))).toBe(false);
    expect(loaded("routes/_index").some((code) => code.includes("meets the others"))).toBe(false);
  });

  it("counts the view the astrology page shows, and loads neither the other view nor the planet card (decision 116)", () => {
    const page = pageScriptBytes(assets).get("routes/astrology.($planet)")!;
    const text = (files: string[]) =>
      files.map((url) => readFileSync(path.join(assets, url.replace(/^\/build\//, "")), "utf8")).join("\n");
    const { transits, horoscope } = page.views!;
    // each view's figure has the page's scripts and its view's chunk, which the other's lacks
    expect(transits!.files.some((url) => /\/transits-[A-Z0-9]+\.js$/.test(url))).toBe(true);
    expect(horoscope!.files.some((url) => /\/horoscope-[A-Z0-9]+\.js$/.test(url))).toBe(true);
    expect(text(transits!.files)).toContain("Planetary Positions");
    expect(text(transits!.files)).not.toContain("Select a Planet Above");
    expect(text(horoscope!.files)).toContain("Select a Planet Above");
    expect(text(horoscope!.files)).not.toContain("Planetary Positions");
    expect(page.bytes).toBe(Math.max(transits!.bytes, horoscope!.bytes));
    // the planet card (loaded on use) and the tooltip's bubble (on demand) are in the build, in neither view's scripts
    const built = readdirSync(path.join(assets, "_shared")).map((f) =>
      readFileSync(path.join(assets, "_shared", f), "utf8"),
    );
    for (const code of ["Readings are reflections for contemplation", 'role:"tooltip"']) {
      expect(built.some((c) => c.includes(code))).toBe(true);
      expect(text(transits!.files)).not.toContain(code);
      expect(text(horoscope!.files)).not.toContain(code);
    }
  });
});
