/**
 * Content speed figures (docs/performance/content.md):
 *  1. the one-time cost of reading and rendering every Markdown file (paid once, at server start);
 *  2. with BENCH_URL set (a running production server), throughput and latency of the content pages and feeds.
 * Run: `npx tsx scripts/bench-content.ts` or `BENCH_URL=http://127.0.0.1:3000 npx tsx scripts/bench-content.ts`.
 */
import { performance } from "node:perf_hooks";
import { loadContentLibrary } from "../app/content/content.server";

const runs = 20;
const times: number[] = [];
let files = 0;
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  const library = loadContentLibrary();
  times.push(performance.now() - start);
  files = library.pages.size + library.posts.length;
}
times.sort((a, b) => a - b);
console.log(
  `load + render ${files} Markdown files: median ${times[runs >> 1]!.toFixed(1)} ms, max ${times[runs - 1]!.toFixed(1)} ms`,
);

const base = process.env.BENCH_URL;
if (base) {
  // autocannon ships no types: the two fields used here are declared inline.
  type Result = { non2xx: number; requests: { average: number }; latency: { p50: number; p99: number } };
  const moduleName = "autocannon";
  const autocannon = (await import(moduleName)).default as (options: object) => Promise<Result>;
  const paths = [
    "/about",
    "/octahedron",
    "/seven-three-one",
    "/blog",
    "/blog/fire-desire",
    "/privacy",
    "/sitemap.xml",
    "/blog/rss.xml",
  ];
  console.log("\npath | req/s | p50 ms | p99 ms");
  for (const path of paths) {
    const result = await autocannon({ url: `${base}${path}`, connections: 10, duration: 5 });
    if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers`);
    console.log(`${path} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99}`);
  }
}
