/**
 * `npx tsx scripts/bench-search.ts`: forum search (issue 35) on the million-post benchmark forum
 * (scripts/bench-forum-data.ts, seeded once into .data-bench/ and reused). It starts the production server
 * (RUN_JOBS=false, no search rate limit) on loopback and asks each search below, round after round (so the
 * machine's changing load falls on every search alike), over HTTP twice: the JSON API (`/api/forum/search`, "a
 * search") and the rendered page (`/forum/search`, "the page"). One request at a time: the figures are latencies
 * as a visitor meets them. Prints p50/p95/p99 per search and over all, the load average before and after (the
 * machine is shared), the CPU time each search costs the server and PostgreSQL together (mean over the rounds,
 * 10 ms ticks: hardly changed by the machine's load), and writes .data-bench/search-results.json.
 *
 * Options: --rounds=N (default 30), --reseed (rebuild the forum).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAppServer } from "./app-server";
import { benchDataDir, scenarios, startBenchDatabase } from "./bench-forum-data";

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 30);
const million = scenarios.find((s) => s.database === "bench_1m")!;

/** What each search stands for in the seeded forum (see bench-forum-data.ts). */
const SEARCHES: Array<{ name: string; query: Record<string, string> }> = [
  { name: "common word (every post)", query: { q: "harmony" } },
  { name: "common word, page 2", query: { q: "harmony", page: "2" } },
  { name: "word in 1 post of 40 and 1 title of 50", query: { q: "remembering" } },
  { name: "rare word (about 50 posts)", query: { q: "theme1234" } },
  { name: "absent word", query: { q: "xylophone" } },
  { name: "phrase", query: { q: '"growth and harmony" forest' } },
  { name: "or", query: { q: "theme42 or theme4242" } },
  { name: "exclusion", query: { q: "gratitude -theme7" } },
  { name: "category filter", query: { q: "theme777", category: "technology" } },
  { name: "author filter", query: { q: "harmony", author: "bench_member_5" } },
  { name: "date filter", query: { q: "courage", from: "2020-01-01", to: "2099-12-31" } },
  { name: "newest first", query: { q: "compass", sort: "newest" } },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (value: number) => Number(value.toFixed(1));
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
};
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * CPU time (user + system, ms) used so far by the server (its pid and children) and by the benchmark's PostgreSQL
 * (the postmaster and its backends). Unlike latency, it hardly depends on how loaded the shared machine is: on an
 * idle machine a search's latency is about its CPU time (everything is in memory).
 */
function cpuMs(pids: number[]): number {
  const children = (pid: number) => {
    try {
      return execFileSync("pgrep", ["-P", String(pid)])
        .toString()
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const ticks = pids
    .flatMap((pid) => [pid, ...children(pid)])
    .reduce((sum, id) => {
      try {
        const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
        return sum + Number(fields[11]) + Number(fields[12]);
      } catch {
        return sum;
      }
    }, 0);
  return ticks * 10; // USER_HZ = 100
}

async function timed(url: string): Promise<{ ms: number; status: number; total: string | null }> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, total: response.headers.get("x-total-count") };
}

async function main() {
  const pg = await startBenchDatabase([million], { reseed: args.includes("--reseed") });
  const loadBefore = load();
  const started = new Date().toISOString();
  const server = await startAppServer({
    DATABASE_URL: pg.url(million.database),
    DATA_DIR: path.join(benchDataDir, "app"),
    SESSION_SECRET: "bench-session-secret-0123456789",
    FORUM_SEARCH_RATE_LIMIT: "100000000",
  });
  const times: Record<
    string,
    { api: number[]; page: number[]; total: string | null; apiCpu: number; pageCpu: number }
  > = {};
  const postmaster = Number(readFileSync(path.join(benchDataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  const pids = [server.child.pid!, postmaster];
  try {
    const address = (kind: "api" | "page", query: Record<string, string>) =>
      `${server.base}${kind === "api" ? "/api/forum/search" : "/forum/search"}?${new URLSearchParams(query)}`;
    // Warm-up: one of each (plans, caches), not counted.
    for (const { query } of SEARCHES) for (const kind of ["api", "page"] as const) await timed(address(kind, query));
    for (let r = 0; r < rounds; r++) {
      for (const { name, query } of SEARCHES) {
        const entry = (times[name] ??= { api: [], page: [], total: null, apiCpu: 0, pageCpu: 0 });
        for (const kind of ["api", "page"] as const) {
          const cpuBefore = cpuMs(pids);
          const { ms, status, total } = await timed(address(kind, query));
          entry[kind === "api" ? "apiCpu" : "pageCpu"] += cpuMs(pids) - cpuBefore;
          if (status !== 200) throw new Error(`${address(kind, query)} answered ${status}`);
          entry[kind].push(ms);
          if (kind === "api") entry.total = total;
        }
      }
    }
  } finally {
    await server.stop();
    await pg.stop();
  }
  const loadAfter = load();
  const rows = SEARCHES.map(({ name, query }) => {
    const { api, page, total, apiCpu, pageCpu } = times[name]!;
    return {
      name,
      query: new URLSearchParams(query).toString(),
      total,
      api: { ...stats(api), cpu: round(apiCpu / rounds) },
      page: { ...stats(page), cpu: round(pageCpu / rounds) },
    };
  });
  const cpuOf = (kind: "apiCpu" | "pageCpu") =>
    round(Object.values(times).reduce((sum, t) => sum + t[kind], 0) / (rounds * SEARCHES.length));
  const all = {
    api: { ...stats(Object.values(times).flatMap((t) => t.api)), cpu: cpuOf("apiCpu") },
    page: { ...stats(Object.values(times).flatMap((t) => t.page)), cpu: cpuOf("pageCpu") },
  };
  const report = { started, rounds, cpus: os.cpus().length, loadBefore, loadAfter, all, rows };
  writeFileSync(path.join(benchDataDir, "search-results.json"), JSON.stringify(report, null, 2));
  console.log(
    `\n${rounds} rounds, one request at a time; load average (1, 5, 15 min) before: ${loadBefore}, after: ${loadAfter}`,
  );
  console.log(
    "| search | query | results | API p50 ms | API p95 ms | API p99 ms | API CPU ms | page p50 ms | page p95 ms | page p99 ms | page CPU ms |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) {
    console.log(
      `| ${row.name} | \`${row.query}\` | ${row.total} | ${row.api.p50} | ${row.api.p95} | ${row.api.p99} | ${row.api.cpu} | ${row.page.p50} | ${row.page.p95} | ${row.page.p99} | ${row.page.cpu} |`,
    );
  }
  console.log(
    `| **all searches** | | | ${all.api.p50} | **${all.api.p95}** | ${all.api.p99} | ${all.api.cpu} | ${all.page.p50} | **${all.page.p95}** | ${all.page.p99} | ${all.page.cpu} |`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
