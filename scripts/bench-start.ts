/**
 * `npx tsx scripts/bench-start.ts [--duration=S] [--starts=N]` (issues 33 and 38, decision 220): what settling
 * NODE_ENV before React loads is worth, and how soon `npm start` serves.
 *
 *  1. `npm start` N+1 times on an embedded PostgreSQL of its own (.data-bench-start/): the first may build (when
 *     the build in build/ is missing or stale); the others find it current and serve it. Seconds from the command
 *     to the first answer of /healthz, each.
 *  2. Rendering with React's production build (no NODE_ENV, as `npm start`) against its development build
 *     (NODE_ENV=development, what `npm start` rendered with before decision 220): requests a second and p95 of
 *     autocannon (10 connections) on pages rendered on every request (PAGE_CACHE_SECONDS=0, so the signed-out page
 *     cache does not answer in React's place).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { startAppServer } from "./app-server";
import { SESSION_SECRET } from "./site-under-test";

type AutocannonResult = { requests: { average: number }; non2xx: number; errors: number };
type AutocannonInstance = PromiseLike<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: Record<string, unknown>,
) => AutocannonInstance;

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".data-bench-start");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const duration = Number(option("duration", "5"));
const starts = Number(option("starts", "3"));
const PAGES = ["/", "/about", "/numbers"];

async function measure(url: string): Promise<{ rps: number; p95: number; errors: number }> {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections: 10, duration });
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.average),
    p95: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(0.95 * latencies.length))] ?? NaN),
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const pg = await startEmbeddedPostgres({ dataDir, database: "postgres" });
  try {
    await ensureDatabase(pg.url("postgres"), "site");
    const env = {
      DATABASE_URL: pg.url("site"),
      DATA_DIR: path.join(dataDir, "app"),
      SESSION_SECRET,
      NODE_ENV: undefined,
    };
    await runMigrations(env.DATABASE_URL);

    console.log(`npm start, ${starts + 1} times (seconds until /healthz answers):`);
    for (let i = 0; i <= starts; i++) {
      const started = performance.now();
      const server = await startAppServer(env, { command: ["npm", "start"], output: true, startTimeoutMs: 600_000 });
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      await server.stop();
      const built = server.output().includes("[start] building for production");
      console.log(`  start ${i + 1}: ${seconds} s${built ? " (built first)" : " (build current)"}`);
    }

    console.log(`\nRendering (PAGE_CACHE_SECONDS=0, ${duration} s of autocannon at 10 connections per page):`);
    console.log("| page | production React req/s | p95 ms | development React req/s | p95 ms | ratio |");
    console.log("|---|---|---|---|---|---|");
    const rows = new Map<string, string[]>();
    for (const mode of ["production", "development"] as const) {
      const server = await startAppServer({
        ...env,
        NODE_ENV: mode === "production" ? undefined : "development",
        PAGE_CACHE_SECONDS: "0",
      });
      try {
        for (const page of PAGES) {
          await fetch(`${server.base}${page}`).then((r) => r.text()); // warm
          const m = await measure(`${server.base}${page}`);
          if (m.errors > 0) throw new Error(`${page} (${mode}): ${m.errors} errors`);
          rows.set(page, [...(rows.get(page) ?? []), String(m.rps), String(m.p95)]);
        }
      } finally {
        await server.stop();
      }
    }
    for (const [page, [prodRps, prodP95, devRps, devP95]] of rows)
      console.log(
        `| ${page} | ${prodRps} | ${prodP95} | ${devRps} | ${devP95} | ${(Number(prodRps) / Number(devRps)).toFixed(2)}x |`,
      );
  } finally {
    await pg.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
