/**
 * `npx tsx scripts/bench-start.ts [--duration=S] [--rounds=N] [--starts=N]` (issues 33 and 38, decision 220): what settling
 * NODE_ENV before React loads is worth, and how soon `npm start` serves.
 *
 *  1. `npm start` N+1 times on an embedded PostgreSQL of its own (.data-bench-start/): the first may build (when
 *     the build in build/ is missing or stale); the others find it current and serve it. Seconds from the command
 *     to the first answer of /healthz, each.
 *  2. Rendering with React's production build (`node build/server.js`, no NODE_ENV, as `npm start` runs it) against
 *     its development build (`node build/server-main.js`, the server without its entry: what `npm start` ran before
 *     decision 220, the site in production mode but React loaded before NODE_ENV was set), both running, taking
 *     turns: requests a second and p95 of autocannon (10 connections) on pages rendered on every request
 *     (PAGE_CACHE_SECONDS=0, so the signed-out page cache does not answer in React's place).
 */
import path from "node:path";
import { startAppServer } from "./app-server";
import { autocannon, option, runScript } from "./bench-cli";
import { startSiteDatabase } from "./site-under-test";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".data-bench-start");
const duration = Number(option("duration", "3"));
const rounds = Number(option("rounds", "4"));
const starts = Number(option("starts", "3"));
const PAGES = ["/", "/about", "/numbers"];

type Measure = { latencies: number[]; errors: number };

async function measure(url: string): Promise<Measure> {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections: 10, duration });
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  return { latencies, errors: result.errors + result.non2xx };
}

/** Requests a second and p95 over every round. */
function combine(measures: Measure[]): { rps: number; p95: number } {
  const latencies = measures.flatMap((m) => m.latencies).sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / (measures.length * duration)),
    p95: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(0.95 * latencies.length))] ?? NaN),
  };
}

async function main() {
  const database = await startSiteDatabase(dataDir);
  try {
    const env = { ...database.env, NODE_ENV: undefined };

    console.log(`npm start, ${starts + 1} times (seconds until /healthz answers):`);
    for (let i = 0; i <= starts; i++) {
      const started = performance.now();
      const server = await startAppServer(env, { command: ["npm", "start"], output: true, startTimeoutMs: 600_000 });
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      await server.stop();
      const built = server.output().includes("[start] building for production");
      console.log(`  start ${i + 1}: ${seconds} s${built ? " (built first)" : " (build current)"}`);
    }

    console.log(
      `\nRendering (PAGE_CACHE_SECONDS=0; ${rounds} rounds of ${duration} s of autocannon at 10 connections per page` +
        " and server, taking turns):",
    );
    console.log("| page | production React req/s | p95 ms | development React req/s | p95 ms | req/s ratio |");
    console.log("|---|---|---|---|---|---|");
    const renderEnv = { ...env, PAGE_CACHE_SECONDS: "0" };
    const servers = {
      production: await startAppServer(renderEnv),
      // the server without its entry: what `npm start` ran before decision 220
      development: await startAppServer(renderEnv, { command: [process.execPath, "build/server-main.js"] }),
    };
    try {
      for (const page of PAGES) {
        const results = { production: [] as Measure[], development: [] as Measure[] };
        for (const server of Object.values(servers)) await fetch(`${server.base}${page}`).then((r) => r.text());
        for (let round = 0; round < rounds; round++)
          for (const mode of ["production", "development"] as const) {
            const m = await measure(`${servers[mode].base}${page}`);
            if (m.errors > 0) throw new Error(`${page} (${mode}): ${m.errors} errors`);
            results[mode].push(m);
          }
        const prod = combine(results.production);
        const dev = combine(results.development);
        console.log(
          `| ${page} | ${prod.rps} | ${prod.p95} | ${dev.rps} | ${dev.p95} | ${(prod.rps / dev.rps).toFixed(2)}x |`,
        );
      }
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.stop()));
    }
  } finally {
    await database.stop();
  }
}

runScript(main);
