/**
 * `npx tsx scripts/bench-synastry.ts`: how fast two people's compatibility is answered (issue 45: p95 of a synastry
 * request under 80 ms on this machine).
 *  1. In process: `castSynastry` (two births cast as the birth chart casts them, the inter-aspects, the house
 *     contacts, the Moon's day for an unknown time, the composite and the numbers) for pairs spread over 1800-2100
 *     and the world.
 *  2. The production server (embedded PostgreSQL of its own, offline provider): GET /compatibility?… (the page with
 *     the bi-wheel, the contacts in words and tables, the composite and the numbers) and GET /api/compatibility?…,
 *     each pair different, one request at a time on loopback.
 * Needs a build (`npm run build`). Exits non-zero when a p95 is not under 80 ms. Figures: docs/performance.md.
 */
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { castSynastry } from "../app/astrology/synastry.server";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { startAppServer } from "./app-server";
import { birth, line, PLACES, placeIds, serverCpuMs, stats } from "./bench-births";

const pair = (i: number) => ({
  a: { ...birth(i, placeIds), name: i % 3 ? "Anna Maria Schmidt" : "" },
  b: { ...birth(i + 517, placeIds), name: i % 4 ? "Jorge Luis" : "" },
});

const inProcess: number[] = [];
for (let i = 0; i < 1100; i++) {
  const p = pair(i);
  const start = performance.now();
  const result = castSynastry(p);
  const ms = performance.now() - start;
  if (result.status !== "synastry") throw new Error(`no synastry for ${JSON.stringify(p)}: ${result.status}`);
  if (i >= 100) inProcess.push(ms);
}
line("castSynastry (in process)", stats(inProcess));

// under the checkout, as the other benchmarks do: the embedded server runs as the postgres user, who cannot enter
// a root-only temporary folder
const dataDir = path.resolve(".data-bench-synastry");
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), database: "postgres" });
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
const results: Record<string, ReturnType<typeof stats>> = {};
try {
  await ensureDatabase(pg.url("postgres"), "bench_synastry");
  server = await startAppServer({
    DATABASE_URL: pg.url("bench_synastry"),
    DATA_DIR: path.join(dataDir, "app"),
    SESSION_SECRET: "bench-session-secret-0123456789",
  });
  const base = server.base;
  const query = (i: number, page: boolean) => {
    const p = pair(i);
    const params = new URLSearchParams();
    for (const [side, b] of [
      ["a", p.a],
      ["b", p.b],
    ] as const) {
      params.set(`${side}_name`, b.name);
      params.set(`${side}_date`, b.date);
      params.set(`${side}_time`, b.time ?? "");
      params.set(`${side}_place`, String(b.placeId));
      params.set(`${side}_fold`, b.fold);
      if (page) params.set(`${side}_q`, PLACES[(i + (side === "b" ? 517 : 0)) % PLACES.length]!);
    }
    params.set("houses", p.a.houseSystem);
    return params.toString();
  };
  for (const [label, page] of [
    ["GET /compatibility?… (the page)", true],
    ["GET /api/compatibility?…", false],
  ] as const) {
    const samples: number[] = [];
    let cpuBefore = 0;
    for (let i = 0; i < 330; i++) {
      if (i === 30) cpuBefore = serverCpuMs(server.child.pid!);
      const url = `${base}${page ? "/compatibility" : "/api/compatibility"}?${query(i + 5000, page)}`;
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
const failed = Object.entries(results).filter(([, s]) => s.p95 >= 80);
if (failed.length) {
  for (const [label, s] of failed) console.error(`FAIL: ${label} p95 ${s.p95.toFixed(2)} ms is not under 80 ms`);
  process.exit(1);
}
