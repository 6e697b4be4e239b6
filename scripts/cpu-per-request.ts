/**
 * `npx tsx scripts/cpu-per-request.ts [--base=DIR ...] [--rounds=8] [--duration=3] [--member | --returning] /forum
 * /forum/topic/TOPIC ...`: the server's CPU time per request of pages, the figure to judge a cut by on a shared,
 * noisy machine (docs/performance.md, "Members' pages"): requests per second move with whatever else runs, CPU per
 * request much less.
 *
 * Starts the site scripts/bench-pages.ts measures (scripts/site-under-test.ts: its database, member, topic) from
 * this checkout's build and, for each `--base=DIR`, another server from another build on the same database: DIR
 * holds a copy of an earlier `build/` and `public/`, and links to the rest of this checkout (see below). Then, `--rounds`
 * times, each page on each server in turn (the order alternating), `--duration` seconds of autocannon at 10
 * connections, and the server's CPU (user + system from /proc) divided by the requests answered. Prints the
 * median, lowest and highest ms per request and the median req/s of each page on each server. `TOPIC` in a path is
 * the benchmark topic's id. Needs a build (`npm run build`).
 *
 *   mkdir -p /tmp/before && cp -r build public /tmp/before/ &&
 *     for f in $(ls -A | grep -vx "build\|public\|.git"); do ln -s "$PWD/$f" /tmp/before/$f; done
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { startAppServer } from "./app-server";
import { startSiteUnderTest } from "./site-under-test";

type Autocannon = (options: Record<string, unknown>) => PromiseLike<{
  requests: { average: number; total: number };
  non2xx: number;
}>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const rounds = Number(option("rounds", "8"));
const duration = Number(option("duration", "3"));
const baseDirs = args.filter((a) => a.startsWith("--base=")).map((a) => a.split("=")[1]!);
const pages = args.filter((a) => a.startsWith("/"));

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  if (pages.length === 0) throw new Error("name the pages to measure, e.g. /forum /forum/topic/TOPIC");
  const site = await startSiteUnderTest({ dataDir: path.join(root, ".data-bench-pages") });
  const servers: { name: string; base: string; pid: number; stop: () => Promise<void> }[] = [
    { name: "this build", base: site.app.base, pid: site.app.child.pid!, stop: async () => {} },
  ];
  try {
    for (const baseDir of baseDirs) {
      const other = await startAppServer({ ...site.env, WEB_CONCURRENCY: "1" }, { cwd: path.resolve(baseDir) });
      servers.push({ name: baseDir, base: other.base, pid: other.child.pid!, stop: other.stop });
    }
    const visitor = args.includes("--returning")
      ? (await fetch(`${site.app.base}/auth`)).headers
          .getSetCookie()
          .find((c) => c.startsWith("visitor="))!
          .split(";")[0]!
      : undefined;
    const cookie = args.includes("--member") ? site.cookie : visitor;
    const headers = cookie ? { cookie } : undefined;
    const targets = pages.map((page) => page.replace("TOPIC", String(site.topicId)));
    const results = new Map<string, { cpu: number[]; rps: number[] }>();
    for (const target of targets)
      for (const server of servers) {
        const check = await fetch(`${server.base}${target}`, { headers });
        console.log(`${server.name} ${target}: ${check.status}, ${(await check.arrayBuffer()).byteLength} bytes`);
        await autocannon({ url: `${server.base}${target}`, connections: 10, duration: 2, headers }); // warm-up
        results.set(`${target}\t${server.name}`, { cpu: [], rps: [] });
      }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...servers].reverse() : servers; // each server first and last in turn
      for (const target of targets)
        for (const server of order) {
          const before = cpuMs(server.pid);
          const result = await autocannon({ url: `${server.base}${target}`, connections: 10, duration, headers });
          const cpu = (cpuMs(server.pid) - before) / Math.max(1, result.requests.total);
          const entry = results.get(`${target}\t${server.name}`)!;
          entry.cpu.push(cpu);
          entry.rps.push(result.requests.average);
          if (result.non2xx) console.warn(`${server.name} ${target}: ${result.non2xx} non-2xx answers`);
        }
      console.log(
        `round ${round + 1} of ${rounds} done (load average ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]})`,
      );
    }
    console.log(`\n| page | server | CPU ms per request: median (lowest-highest) | req/s: median |`);
    console.log(`| --- | --- | --- | --- |`);
    for (const [key, { cpu, rps }] of results) {
      const [target, name] = key.split("\t");
      console.log(
        `| ${target} | ${name} | ${median(cpu).toFixed(2)} (${Math.min(...cpu).toFixed(2)}-${Math.max(...cpu).toFixed(2)}) | ${Math.round(median(rps))} |`,
      );
    }
  } finally {
    for (const server of servers) await server.stop();
    await site.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
