/**
 * `npx tsx scripts/long-tasks.ts [--runs=N] /path [/path …]`: what blocks a page's main thread after its first
 * contentful paint, the way Lighthouse's total blocking time counts it (decision 115). Lighthouse (mobile) loads
 * the page at full speed and simulates a 4x slower CPU: every task after the first contentful paint that took more
 * than 12.5 ms (50 ms at 4x) blocks for 4 x its length - 50 ms. This loads each page the same way in Debian's
 * Chromium (a fresh context, a phone-sized viewport), records a trace with JavaScript sampling, and prints each such
 * task with what it was (module evaluation, a timer, layout…) and the functions that ran in it, mapped through the
 * build's source maps to their source file and line, then the page's total as Lighthouse would estimate it.
 *
 * The figures move with the machine's load (as Lighthouse's do): compare pages in one run, and run it more than
 * once. For names and lines rather than minified ones, build with source maps first:
 * `npx remix build --sourcemap` (`npm run build` afterwards removes the maps again). Uses the production server
 * on an embedded PostgreSQL of its own (scripts/site-under-test.ts, in .data-long-tasks/); `/forum/topic/TOPIC`
 * is its benchmark topic.
 */
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { runScript } from "./bench-cli";
import { COMPILE_HINT } from "./compile-hints";
import { startSiteUnderTest } from "./site-under-test";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const pages = args.filter((a) => a.startsWith("/"));
const runs = Number(args.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 1);
/** Lighthouse's simulated CPU slowdown on mobile, and the length over which a task blocks. */
const SLOWDOWN = 4;
const BLOCKING_MS = 50;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; fileName?: string };
};
type CallFrame = { functionName: string; url?: string; lineNumber?: number; columnNumber?: number };
type ProfileNode = { id: number; callFrame: CallFrame; parent?: number };

const sourceMaps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!sourceMaps.has(url)) {
    const asset = /\/build\/(.*)$/.exec(url)?.[1];
    const file = asset ? path.join(root, "public/build", `${asset}.map`) : "";
    sourceMaps.set(url, file && existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : null);
    // the compile hint (scripts/compile-hints.ts) is a line the source map does not know about
    const hinted = asset && readFileSync(path.join(root, "public/build", asset), "utf8").startsWith(COMPILE_HINT);
    hintedLines.set(url, hinted ? 1 : 0);
  }
  return sourceMaps.get(url)!;
}
const hintedLines = new Map<string, number>();

/** "name source:line" for a sampled frame (the build's source file when a source map has it). */
function frameName({ functionName, url = "", lineNumber = -1, columnNumber = 0 }: CallFrame): string {
  const map = url ? sourceMapOf(url) : null;
  // Node's own source-map reader (an empty object where nothing maps); `name` is there since Node 20
  const line = lineNumber - (hintedLines.get(url) ?? 0);
  const entry = (map && line >= 0 ? map.findEntry(line, columnNumber) : null) as {
    originalSource?: string;
    originalLine?: number;
    name?: string;
  } | null;
  if (!entry?.originalSource) return `${functionName || "(anonymous)"} ${url.split("/").pop() ?? ""}`;
  const source = entry.originalSource.replace(/^.*node_modules\//, "").replace(/^.*\/app\//, "app/");
  return `${entry.name || functionName || "(top level)"} ${source}:${(entry.originalLine ?? 0) + 1}`;
}

function top(counts: Map<string, number>, total: number, n: number): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `${name} ${Math.round((count / Math.max(1, total)) * 100)}%`)
    .join(" | ");
}

async function tracePage(browser: import("@playwright/test").Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.start", {
      categories:
        "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,blink.user_timing,loading,toplevel",
    });
    await page.goto(url);
    await page.waitForTimeout(3500); // hydration, effects and the read-aloud text check (100 ms after it)
    await cdp.send("Tracing.end");
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

function report(events: TraceEvent[]): number {
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) {
    console.log("  no first contentful paint in the trace");
    return 0;
  }
  const onMain = (e: TraceEvent) => e.pid === fcp.pid && e.tid === fcp.tid;
  const start = events.find((e) => onMain(e) && e.name === "navigationStart")?.ts ?? fcp.ts;
  // the JavaScript samples of the page's renderer, with their times
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const e of events) {
    if (e.pid !== fcp.pid) continue;
    const data = e.args?.data as
      | { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    if (e.name === "Profile") clock = data?.startTime ?? clock;
    if (e.name !== "ProfileChunk") continue;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += data?.timeDeltas?.[i] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  const names = new Map([...nodes].map(([id, node]) => [id, frameName(node.callFrame)]));
  const stackOf = (id: number | undefined): string[] =>
    id === undefined ? [] : [names.get(id) ?? "?", ...stackOf(nodes.get(id)?.parent)];
  const ms = (us: number) => us / 1000;
  const tasks = events
    .filter((e) => onMain(e) && e.ph === "X" && e.name === "RunTask" && e.ts > fcp.ts)
    .filter((e) => ms(e.dur ?? 0) * SLOWDOWN > BLOCKING_MS)
    .sort((a, b) => a.ts - b.ts);
  console.log(`  first contentful paint at ${ms(fcp.ts - start).toFixed(0)} ms`);
  let total = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const blocking = ms(task.dur!) * SLOWDOWN - BLOCKING_MS;
    total += blocking;
    const kinds = events
      .filter((e) => onMain(e) && e !== task && e.ph === "X" && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
      .filter((e) => (e.dur ?? 0) > 2000)
      .slice(0, 3)
      .map((e) => {
        const file = e.args?.fileName;
        return `${e.name}${file ? ` (${file.split("/").pop()})` : ""} ${ms(e.dur!).toFixed(0)} ms`;
      });
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    const self = new Map<string, number>();
    const ours = new Map<string, number>(); // the nearest frame of the site's own code
    const within = new Map<string, number>(); // every function a sample was in (its own time and its callees')
    for (const sample of inside) {
      const name = names.get(sample.node) ?? "?";
      self.set(name, (self.get(name) ?? 0) + 1);
      for (const frame of new Set(stackOf(sample.node))) within.set(frame, (within.get(frame) ?? 0) + 1);
      for (let id: number | undefined = sample.node; id !== undefined; id = nodes.get(id)?.parent) {
        const frame = names.get(id) ?? "";
        if (frame.includes(" app/")) {
          ours.set(frame, (ours.get(frame) ?? 0) + 1);
          break;
        }
      }
    }
    console.log(
      `  at ${ms(task.ts - start).toFixed(0)} ms: ${ms(task.dur!).toFixed(1)} ms (blocks ${blocking.toFixed(0)} ms at ${SLOWDOWN}x) ${kinds.join(", ")}`,
    );
    if (inside.length) console.log(`    functions: ${top(self, inside.length, 6)}`);
    if (ours.size) console.log(`    site code: ${top(ours, inside.length, 4)}`);
    if (inside.length) console.log(`    including callees: ${top(within, inside.length, 10)}`);
  }
  console.log(`  total blocking time, estimated as Lighthouse counts it: ${total.toFixed(0)} ms`);
  return total;
}

async function main() {
  if (!pages.length) throw new Error("usage: long-tasks.ts [--runs=N] /path [/path …]");
  const site = await startSiteUnderTest({ dataDir: path.join(root, ".data-long-tasks") });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const pathname of pages) {
      const url = `${site.app.base}${pathname.replace("TOPIC", String(site.topicId))}`;
      for (let i = 0; i < 2; i++) await fetch(url).then((r) => r.arrayBuffer()); // as Lighthouse: from the page cache
      for (let run = 1; run <= runs; run++) {
        console.log(`${pathname}, run ${run}:`);
        report(await tracePage(browser, url));
      }
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

runScript(main);
