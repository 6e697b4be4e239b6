/**
 * `npx tsx scripts/bench-pages.ts [--duration=S] [--rounds=R] [--connections=N] [--workers=N] [--only=/path,/path] [--cwd=DIR]`:
 * every public page against a bare Remix v2 page, in the same run (issue 15, goals 1-3; docs/performance.md).
 * `--cwd=DIR` serves another build (`DIR/build`, `DIR/public`, `DIR/node_modules`: a copy with a patch taken out,
 * decision 270) instead of this checkout's.
 *
 * Builds the bare page (tests/fixtures/bare-remix: one route, no data, Remix's default entry, the same installed
 * @remix-run packages and future flags) into .cache/bare-remix/ and serves it with Express + compression, as
 * Remix's Express template does. Starts the site's production server (needs `npm run build`) on an embedded
 * PostgreSQL of its own in .data-bench-pages/, with a recorded sky (what the astrology monitor keeps), a topic, a
 * member and a visitor with five saved angel readings. Then, for each page, autocannon at N connections on the bare
 * page and on the page in turn, `--rounds=R` times each (default 3, `--duration` seconds per turn, default 2), in
 * the order bare, page, page, bare, bare, page…: a machine that speeds up or slows down during the row weighs on
 * both sides alike, where one long turn each put the whole drift on one side (the bare page's figure moved between
 * 834 and 1639 req/s within one run of the old way). Each side's requests a second are its requests over its
 * seconds; the ratio is the page's over the bare page's; p95 latency is over all of a side's requests; the spread
 * of the ratios turn by turn goes into the results. Then the gzipped JavaScript each page's documents load
 * (scripts/bundle-size.ts). Each against its goal (issue 38's, which stand):
 *   1. public pages as a signed-out or returning visitor meets them: ≥ 2x the bare page's requests a second;
 *   2. a signed-in member's /forum, topic and /user-profile: ≥ 1x;
 *   3. JavaScript ≤ 1.25x the bare page's (the 3D pages excepted).
 * Results also go to .data-bench-pages/results.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bareRemixScriptBytes, startBareRemix } from "./bare-remix";
import { autocannon, option, runScript } from "./bench-cli";
import { pageScriptBytes } from "./bundle-size";
import { newVisitorCookie, startSiteUnderTest } from "./site-under-test";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".data-bench-pages");
const bareOut = path.join(root, ".cache/bare-remix");
const duration = Number(option("duration", "2"));
const rounds = Number(option("rounds", "3"));
const connections = Number(option("connections", "10"));
const workers = Number(option("workers", "1"));
const only = option("only", "").split(",").filter(Boolean);
const cwd = path.resolve(root, option("cwd", "."));

const PUBLIC_GOAL = 2;
const MEMBER_GOAL = 1;
const JS_GOAL = 1.25;
const MEMBER_ROUTE = "routes/forum.u.$username";
const THREE_D_ROUTES = new Set(["routes/3d-viewer", "routes/3d-viewer_.$urn", "routes/octahedron"]);

type Measure = { rps: number; p50: number; p95: number; requests: number; errors: number };
type Turn = { requests: number; seconds: number; errors: number; latencies: number[] };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One turn of autocannon on a URL: its requests, how long it ran and each request's latency. */
async function turn(url: string, seconds: number, cookie?: string): Promise<Turn> {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds, headers: cookie ? { cookie } : undefined });
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  return {
    requests: latencies.length,
    seconds: result.duration,
    errors: result.errors + result.non2xx,
    latencies,
  };
}

/** A side's figures from its turns: requests over seconds, percentiles over every request. */
function measureOf(turns: Turn[]): Measure {
  const latencies = turns.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const requests = turns.reduce((sum, t) => sum + t.requests, 0);
  const seconds = turns.reduce((sum, t) => sum + t.seconds, 0);
  return {
    rps: Math.round(requests / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    requests,
    errors: turns.reduce((sum, t) => sum + t.errors, 0),
  };
}

/**
 * The bare page and the page in turn, `rounds` times each, ABBA: each round's first side is the last round's
 * second, so a steady drift of the machine's speed falls on both sides alike.
 */
async function interleaved(bareUrl: string, url: string, cookie?: string) {
  const bareTurns: Turn[] = [];
  const pageTurns: Turn[] = [];
  for (let round = 0; round < rounds; round++) {
    const bareFirst = round % 2 === 0;
    if (bareFirst) bareTurns.push(await turn(bareUrl, duration));
    pageTurns.push(await turn(url, duration, cookie));
    if (!bareFirst) bareTurns.push(await turn(bareUrl, duration));
  }
  const ratios = pageTurns.map((t, i) => t.requests / t.seconds / (bareTurns[i]!.requests / bareTurns[i]!.seconds));
  return {
    bare: measureOf(bareTurns),
    measured: measureOf(pageTurns),
    spread: [round(Math.min(...ratios), 2), round(Math.max(...ratios), 2)] as [number, number],
  };
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

type Row = {
  page: string;
  route: string;
  as: "visitor" | "returning visitor" | "returning visitor, 5 saved readings" | "member" | "member, own page";
  goal: number;
};

async function main() {
  mkdirSync(dataDir, { recursive: true });
  const bare = await startBareRemix(bareOut);
  let site: Awaited<ReturnType<typeof startSiteUnderTest>> | undefined;
  const results: Array<
    Row & {
      page: string;
      bare: Measure;
      measured: Measure;
      ratio: number;
      spread: [number, number];
      js: number;
      cached: boolean;
    }
  > = [];
  try {
    site = await startSiteUnderTest({ dataDir, workers, cwd });
    const { app, cookie, topicId, readerCookie, memberName, writerName } = site;
    const blogHtml = await (await fetch(`${app.base}/blog`)).text();
    const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(blogHtml)?.[1];
    if (!slug) throw new Error("no blog post found on /blog");
    // A returning visitor carries the visitor cookie every rendered page gives.
    const visitorCookie = await newVisitorCookie(app.base);

    const allRows: Row[] = [
      { page: "/", route: "routes/_index", as: "visitor", goal: PUBLIC_GOAL },
      { page: "/numbers", route: "routes/numbers", as: "visitor", goal: PUBLIC_GOAL },
      { page: "/about", route: "routes/about", as: "visitor", goal: PUBLIC_GOAL },
      { page: "/blog", route: "routes/blog._index", as: "visitor", goal: PUBLIC_GOAL },
      { page: `/blog/${slug}`, route: "routes/blog.$slug", as: "visitor", goal: PUBLIC_GOAL },
      ...["colors", "emotions", "healing", "nonduality", "seven-three-one", "palindrome"].map((name): Row => ({
        page: `/${name}`,
        route: `routes/${name}`,
        as: "visitor",
        goal: PUBLIC_GOAL,
      })),
      { page: "/astrology", route: "routes/astrology.($planet)", as: "visitor", goal: PUBLIC_GOAL },
      { page: "/astrology/Mars", route: "routes/astrology.($planet)", as: "visitor", goal: PUBLIC_GOAL },
      { page: "/angel", route: "routes/angel", as: "visitor", goal: PUBLIC_GOAL },
      { page: "/birth-date", route: "routes/birth-date", as: "visitor", goal: PUBLIC_GOAL },
      { page: "/forum", route: "routes/forum._index", as: "visitor", goal: PUBLIC_GOAL },
      { page: `/forum/topic/${topicId}`, route: "routes/forum.topic.$id", as: "visitor", goal: PUBLIC_GOAL },
      { page: "/", route: "routes/_index", as: "returning visitor", goal: PUBLIC_GOAL },
      { page: "/astrology/Mars", route: "routes/astrology.($planet)", as: "returning visitor", goal: PUBLIC_GOAL },
      { page: "/angel", route: "routes/angel", as: "returning visitor", goal: PUBLIC_GOAL },
      { page: "/angel", route: "routes/angel", as: "returning visitor, 5 saved readings", goal: PUBLIC_GOAL },
      { page: "/forum", route: "routes/forum._index", as: "member", goal: MEMBER_GOAL },
      { page: `/forum/topic/${topicId}`, route: "routes/forum.topic.$id", as: "member", goal: MEMBER_GOAL },
      { page: "/user-profile", route: "routes/user-profile", as: "member", goal: MEMBER_GOAL },
      // Member pages (decision 360): another member's page as a visitor and as a member, and one's own page.
      { page: `/forum/u/${writerName}`, route: MEMBER_ROUTE, as: "visitor", goal: PUBLIC_GOAL },
      { page: `/forum/u/${writerName}`, route: MEMBER_ROUTE, as: "member", goal: MEMBER_GOAL },
      { page: `/forum/u/${memberName}`, route: MEMBER_ROUTE, as: "member, own page", goal: MEMBER_GOAL },
    ];
    // `--only=/forum/topic/1` means the benchmark's topic, whatever its id in a database kept from earlier runs.
    // `--only=/forum/u` means the benchmark's member pages.
    const wanted = only.flatMap((page) =>
      /^\/forum\/topic\/\d+$/.test(page)
        ? [`/forum/topic/${topicId}`]
        : page === "/forum/u"
          ? [`/forum/u/${writerName}`, `/forum/u/${memberName}`]
          : [page],
    );
    const rows = allRows.filter((row) => wanted.length === 0 || wanted.includes(row.page));

    const siteJs = pageScriptBytes(path.join(cwd, "public/build"));
    const bareJs = bareRemixScriptBytes(bareOut);
    await turn(`${bare.base}/`, 2); // warm-up
    for (const row of rows) {
      const cookieFor = {
        visitor: undefined,
        "returning visitor": visitorCookie,
        "returning visitor, 5 saved readings": readerCookie,
        member: cookie,
        "member, own page": cookie,
      }[row.as];
      const url = `${app.base}${row.page}`;
      const check = await fetch(url, { headers: cookieFor ? { cookie: cookieFor } : {} });
      if (check.status !== 200) throw new Error(`${row.page} answered ${check.status}`);
      await turn(url, 1, cookieFor); // warm-up (the first view renders the page)
      const probe = await fetch(url, { headers: cookieFor ? { cookie: cookieFor } : {} });
      const { bare: bareResult, measured, spread } = await interleaved(`${bare.base}/`, url, cookieFor);
      const ratio = round(measured.rps / Math.max(1, bareResult.rps), 2);
      const js = siteJs.get(row.route)?.bytes ?? NaN;
      const result = {
        ...row,
        bare: bareResult,
        measured,
        ratio,
        spread,
        js,
        cached: probe.headers.get("x-page-cache") === "hit",
      };
      results.push(result);
      console.log(
        `${row.page} (${row.as}): ${measured.rps} req/s vs bare ${bareResult.rps} = ${ratio}x (turn by turn ${spread[0]}x-${spread[1]}x; goal ≥ ${row.goal}x ${ratio >= row.goal ? "met" : "NOT met"}), p95 ${measured.p95} ms (bare ${bareResult.p95} ms), from cache ${result.cached ? "yes" : "no"}, errors ${measured.errors}`,
      );
    }

    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\n${new Date().toISOString()}, load average ${load}, ${os.cpus().length} cores, ${connections} connections, ${rounds} turns of ${duration} s per side, ${workers} server process(es)`,
    );
    console.log(
      `bare Remix page: ${bareJs} bytes of gzipped JavaScript; JS budget ${JS_GOAL}x = ${Math.round(bareJs * JS_GOAL)} bytes`,
    );
    console.log(
      "\n| page | as | req/s | bare req/s | ratio | goal | p95 ms | bare p95 ms | from cache | JS gzipped (x bare) | JS ≤ 1.25x |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const r of results) {
      const jsRatio = r.js / bareJs;
      const jsMet = THREE_D_ROUTES.has(r.route) ? "3D page" : jsRatio <= JS_GOAL ? "yes" : "no";
      console.log(
        `| ${r.page} | ${r.as} | ${r.measured.rps} | ${r.bare.rps} | ${r.ratio}x ${r.ratio >= r.goal ? "✓" : "✗"} | ≥ ${r.goal}x | ${r.measured.p95} | ${r.bare.p95} | ${r.cached ? "yes" : "no"} | ${(r.js / 1024).toFixed(1)} KB (${jsRatio.toFixed(2)}x) | ${jsMet} |`,
      );
    }
    writeFileSync(
      path.join(dataDir, "results.json"),
      JSON.stringify(
        { date: new Date().toISOString(), cwd, load, connections, duration, rounds, workers, bareJs, results },
        null,
        2,
      ),
    );
  } finally {
    await site?.stop();
    await bare.stop();
  }
}

runScript(main);
