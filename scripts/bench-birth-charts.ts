/**
 * `npx tsx scripts/bench-birth-charts.ts`: how fast a birth chart is answered (issue 34: p95 of a chart request
 * under 50 ms on this machine).
 *  1. In process: `castBirthChart` (place lookup, time zone, offset, ten bodies and the node, angles, houses,
 *     aspects) for births spread over 1800-2100 and the world.
 *  2. The production server (embedded PostgreSQL of its own, offline provider): GET /birth-chart?… (the page with the
 *     chart, its wheel, words, tables and today's transits) and GET /api/birth-chart?…, each birth different, one
 *     request at a time on loopback, so the figure is server time plus a negligible socket hop.
 * Needs a build (`npm run build`). Exits non-zero when a p95 is not under 50 ms. Figures: docs/performance.md.
 */
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { castBirthChart } from "../app/astrology/birth-chart.server";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { startAppServer } from "./app-server";
import { birth, line, PLACES, placeIds, serverCpuMs, stats } from "./bench-births";

const inProcess: number[] = [];
for (let i = 0; i < 1100; i++) {
  const b = birth(i, placeIds);
  const start = performance.now();
  const result = castBirthChart(b);
  const ms = performance.now() - start;
  if (result.status !== "chart") throw new Error(`no chart for ${JSON.stringify(b)}: ${result.status}`);
  if (i >= 100) inProcess.push(ms);
}
line("castBirthChart (in process)", stats(inProcess));

// under the checkout, as the other benchmarks do: the embedded server runs as the postgres user, who cannot enter
// a root-only temporary folder
const dataDir = path.resolve(".data-bench-charts");
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), database: "postgres" });
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
const results: Record<string, ReturnType<typeof stats>> = {};
try {
  await ensureDatabase(pg.url("postgres"), "bench_charts");
  server = await startAppServer({
    DATABASE_URL: pg.url("bench_charts"),
    DATA_DIR: path.join(dataDir, "app"),
    SESSION_SECRET: "bench-session-secret-0123456789",
  });
  const base = server.base;
  const query = (i: number, page: boolean) => {
    const b = birth(i, placeIds);
    const params = new URLSearchParams({
      date: b.date,
      time: b.time ?? "",
      place: String(b.placeId),
      houses: b.houseSystem,
      fold: b.fold,
    });
    if (page) params.set("q", PLACES[i % PLACES.length]!);
    return params.toString();
  };
  for (const [label, page] of [
    ["GET /birth-chart?… (the page)", true],
    ["GET /api/birth-chart?…", false],
  ] as const) {
    const samples: number[] = [];
    let cpuBefore = 0;
    for (let i = 0; i < 330; i++) {
      if (i === 30) cpuBefore = serverCpuMs(server.child.pid!);
      const url = `${base}${page ? "/birth-chart" : "/api/birth-chart"}?${query(i + 5000, page)}`;
      const start = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      const ms = performance.now() - start;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      if (i >= 30) samples.push(ms); // the first requests warm the process (place index, modules)
    }
    results[label] = stats(samples);
    line(label, results[label]);
    const cpu = (serverCpuMs(server.child.pid!) - cpuBefore) / samples.length;
    console.log(`${"".padEnd(52)} server CPU ${cpu.toFixed(2)} ms a request`);
  }
} finally {
  await server?.stop();
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
const failed = Object.entries(results).filter(([, s]) => s.p95 >= 50);
if (failed.length) {
  for (const [label, s] of failed) console.error(`FAIL: ${label} p95 ${s.p95.toFixed(2)} ms is not under 50 ms`);
  process.exit(1);
}
