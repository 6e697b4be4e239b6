/**
 * `npx tsx scripts/bench-loading.ts [--runs=3] [--only=/path,/path] [--builds=name=DIR,name=DIR]`: what a visitor on
 * a phone feels while a page loads, in a real browser (issue 38; decision 270): Debian's Chromium (Playwright, the
 * flags of playwright.config.ts, tests/support/chromium.ts) with the CPU slowed down 4x (CDP `Emulation.setCPUThrottlingRate`) and a slow 4G
 * network (CDP `Network.emulateNetworkConditions`: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up), a phone-sized
 * viewport, a fresh browser context (empty cache) per load. Unlike Lighthouse, nothing is simulated: the page
 * really loads at that speed. Per page, the median of `--runs` loads of:
 *
 * - **first paint**: the browser's first contentful paint;
 * - **first control responds**: React's first commit of the page (its hydration; seen through the hook React
 *   calls on every commit, `__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot`, which React's production build
 *   calls too): from then on a click or a key press on the page's controls runs its handler. Before it, links and
 *   forms work as plain HTML (the site's forms are complete without JavaScript), but nothing of JavaScript answers;
 * - **fully interactive**: the end of the last long task (a main-thread task over 50 ms, `PerformanceObserver`
 *   `longtask`), once the page has been quiet (no long task) for 5 s, or hydration if later: after it, any input is
 *   answered within 50 ms;
 * - **total blocking time**: each long task's time over 50 ms, after the first paint (as Lighthouse counts it, but
 *   measured at 4x, not estimated from an unthrottled trace).
 *
 * The pages: the bare Remix page (tests/fixtures/bare-remix, scripts/bare-remix.ts) as the reference, then `/`,
 * `/about`, `/angel`, `/astrology`, `/forum`, the benchmark topic, `/blog`, `/numbers`, `/3d-viewer` and `/auth`
 * (the sign-in page), as a signed-out visitor meets them (each fetched twice first, so it comes from the page cache,
 * as for most visitors). The site is the production server (NODE_ENV=production) on an embedded PostgreSQL of its
 * own in .data-bench-loading/ (scripts/site-under-test.ts); needs `npm run build`.
 *
 * `--builds=name=DIR,…` compares builds in one run: each DIR holds a build (`DIR/build`, `DIR/public`, made with
 * `npm run build` and copied there; `DIR/node_modules` a link to the node_modules it needs), served by its own
 * server on the same database, and the loads alternate between the builds page by page, run by run, so the
 * machine's load falls on each alike. `this` is the checkout itself. Results go to .data-bench-loading/results.json.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { startAppServer } from "./app-server";
import { startBareRemix } from "./bare-remix";
import { SESSION_SECRET, startSiteUnderTest } from "./site-under-test";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".data-bench-loading");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const runs = Math.max(1, Number(option("runs", "3")));
const only = option("only", "").split(",").filter(Boolean);
const builds = option("builds", "this=.")
  .split(",")
  .map((entry) => {
    const [name, dir] = entry.split("=") as [string, string | undefined];
    return { name, dir: path.resolve(root, dir ?? ".") };
  });

export const PAGES = [
  "/",
  "/about",
  "/angel",
  "/astrology",
  "/forum",
  "/forum/topic/TOPIC",
  "/blog",
  "/numbers",
  "/3d-viewer",
  "/auth",
];

/** Slow 4G as Lighthouse's mobile preset names it, and its 4x slower CPU. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
  connectionType: "cellular4g",
} as const;
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const QUIET_MS = 5_000;
const GIVE_UP_MS = 45_000;

export type Load = { firstPaint: number; firstControl: number; interactive: number; blocking: number };

/**
 * Runs before any script of the page: notes long tasks, and React's first commit through the hook React looks for
 * when it loads (a minimal stand-in for the React DevTools one).
 */
const PROBE = `(() => {
  const probe = (window.__loadingProbe = { longTasks: [], firstCommit: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  let renderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return ++renderers; },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() { if (probe.firstCommit === null) probe.firstCommit = performance.now(); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();`;

type Probe = { longTasks: [number, number][]; firstCommit: number | null; firstPaint: number | null; now: number };

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "load", timeout: GIVE_UP_MS });
    const read = () =>
      page.evaluate(() => {
        const probe = (window as unknown as { __loadingProbe: Omit<Probe, "firstPaint" | "now"> }).__loadingProbe;
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        return { ...probe, firstPaint: paint ? paint.startTime : null, now: performance.now() } as Probe;
      });
    // Until React has committed and no long task has begun for QUIET_MS (or GIVE_UP_MS have passed).
    let seen = await read();
    for (;;) {
      const lastEnd = Math.max(0, ...seen.longTasks.map(([start, duration]) => start + duration));
      const hydratedOrNoReact = seen.firstCommit !== null || seen.now > 15_000;
      if ((hydratedOrNoReact && seen.now - lastEnd >= QUIET_MS) || seen.now > GIVE_UP_MS) break;
      await page.waitForTimeout(500);
      seen = await read();
    }
    const firstPaint = seen.firstPaint ?? NaN;
    const firstControl = seen.firstCommit ?? NaN;
    const lastEnd = Math.max(0, ...seen.longTasks.map(([start, duration]) => start + duration));
    const blocking = seen.longTasks
      .filter(([start]) => start >= firstPaint)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - LONG_TASK_MS), 0);
    return { firstPaint, firstControl, interactive: Math.max(firstPaint, firstControl || 0, lastEnd), blocking };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export function medianLoad(loads: Load[]): Load {
  return {
    firstPaint: median(loads.map((l) => l.firstPaint)),
    firstControl: median(loads.map((l) => l.firstControl)),
    interactive: median(loads.map((l) => l.interactive)),
    blocking: median(loads.map((l) => l.blocking)),
  };
}

async function main() {
  for (const build of builds) {
    if (!existsSync(path.join(build.dir, "build/server.js"))) throw new Error(`no build in ${build.dir}`);
  }
  mkdirSync(dataDir, { recursive: true });
  const bare = await startBareRemix(path.join(root, ".cache/bare-remix-loading"));
  let site: Awaited<ReturnType<typeof startSiteUnderTest>> | undefined;
  const others: Awaited<ReturnType<typeof startAppServer>>[] = [];
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    site = await startSiteUnderTest({ dataDir, cwd: builds[0]!.dir });
    const bases = [site.app.base];
    for (const [i, build] of builds.slice(1).entries()) {
      const server = await startAppServer(
        {
          NODE_ENV: "production",
          DATABASE_URL: site.databaseUrl,
          DATA_DIR: path.join(dataDir, `app-${i + 1}`),
          SESSION_SECRET,
        },
        { cwd: build.dir },
      );
      others.push(server);
      bases.push(server.base);
    }
    const pages = [
      { name: "bare Remix page (reference)", urls: builds.map(() => `${bare.base}/`) },
      ...PAGES.filter((p) => !only.length || only.includes(p)).map((p) => ({
        name: p.replace("TOPIC", "(a topic)"),
        urls: bases.map((base) => `${base}${p.replace("TOPIC", String(site!.topicId))}`),
      })),
    ];
    const results: { page: string; build: string; loads: Load[]; median: Load }[] = [];
    for (const { name, urls } of pages) {
      for (const url of urls) for (let i = 0; i < 2; i++) await fetch(url).then((r) => r.arrayBuffer());
      const loads: Load[][] = builds.map(() => []);
      for (let run = 0; run < runs; run++) {
        for (const [b, url] of urls.entries()) loads[b]!.push(await loadOnce(browser, url));
      }
      for (const [b, build] of builds.entries()) {
        const result = { page: name, build: build.name, loads: loads[b]!, median: medianLoad(loads[b]!) };
        results.push(result);
        const m = result.median;
        console.log(
          `${name}${builds.length > 1 ? ` [${build.name}]` : ""}: first paint ${ms(m.firstPaint)}, first control responds ${ms(m.firstControl)}, fully interactive ${ms(m.interactive)}, total blocking ${ms(m.blocking)} (runs: ${loads[b]!.map((l) => `${ms(l.firstPaint)}/${ms(l.firstControl)}/${ms(l.interactive)}/${ms(l.blocking)}`).join(", ")})`,
        );
      }
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\n${new Date().toISOString()}, load average ${load}, ${os.cpus().length} cores; Chromium at ${CPU_SLOWDOWN}x CPU slowdown, slow 4G (${NETWORK.latency} ms, 1.6 Mbit/s down, 750 kbit/s up); median of ${runs} loads`,
    );
    console.log(
      `\n| page |${builds.length > 1 ? " build |" : ""} first paint | first control responds | fully interactive | total blocking time |`,
    );
    console.log(`| --- |${builds.length > 1 ? " --- |" : ""} --- | --- | --- | --- |`);
    for (const r of results) {
      const m = r.median;
      console.log(
        `| ${r.page} |${builds.length > 1 ? ` ${r.build} |` : ""} ${ms(m.firstPaint)} | ${ms(m.firstControl)} | ${ms(m.interactive)} | ${ms(m.blocking)} |`,
      );
    }
    writeFileSync(
      path.join(dataDir, "results.json"),
      JSON.stringify({ date: new Date().toISOString(), load, runs, builds, results }, null, 2),
    );
  } finally {
    await browser.close();
    for (const server of others) await server.stop();
    await site?.stop();
    await bare.stop();
  }
}

/** A loading figure as the tables show it: whole milliseconds, grouped ("1,443 ms"), or "none". */
export function ms(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value).toLocaleString("en")} ms` : "none";
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
