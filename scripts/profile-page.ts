/**
 * `npx tsx scripts/profile-page.ts /forum [--member | --returning | --reader] [--site] [--connections=10] [--duration=8]
 * [--database=bench_1m]`: where a page's server time goes. Starts the production server with `--cpu-prof`, loads
 * the page with autocannon (as a signed-out visitor; as a member with --member; with the visitor cookie with
 * --returning; with `--site --reader`, the returning visitor with five saved angel readings), then prints the server's CPU time per request (the profiler adds about a third; use the bench
 * scripts for figures) and the functions and packages that used it, as shares of the time sampled while the page
 * was loaded. Two databases:
 * - default: the forum benchmark's (.data-bench/, seeded by scripts/bench-forum.ts; member 1);
 * - `--site`: the one scripts/bench-pages.ts measures (scripts/site-under-test.ts in .data-bench-pages/: a recorded
 *   sky, its member and topic; `/forum/topic/ID` pages may say `TOPIC` for the benchmark topic's id).
 * The raw profile (open it in Chrome DevTools) is written to .data-bench/profiles/. Needs a build.
 * This is how decision 005's costs were found.
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "../db/embedded";
import { startAppServer } from "./app-server";
import { autocannon, option, runScript } from "./bench-cli";
import { newVisitorCookie, SESSION_SECRET, startSiteUnderTest } from "./site-under-test";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const targetArg = args.find((a) => a.startsWith("/")) ?? "/forum";
const connections = Number(option("connections", "10"));
const duration = Number(option("duration", "8"));
const database = option("database", "bench_1m");
const profiles = path.join(root, ".data-bench", "profiles");

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/**
 * Self time by function and by package (node_modules/<name>, or the file), largest first, of the samples taken in
 * the last `windowMs` of the profile (the measured load; start-up and warm-up left out), or of all of them.
 */
function summarise(file: string, windowMs?: number) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  const sampledAt: number[] = [];
  profile.timeDeltas.reduce((at, delta, i) => (sampledAt[i] = at + delta), profile.startTime);
  const from = windowMs === undefined ? -Infinity : profile.endTime - windowMs * 1000;
  profile.samples.forEach((id, i) => {
    if (sampledAt[i]! < from) return;
    const time = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const where = url.replace(/^.*node_modules\//, "").replace(`file://${root}/`, "");
    const pkg = url.includes("node_modules/")
      ? where
          .split("/")
          .slice(0, where.startsWith("@") ? 2 : 1)
          .join("/")
      : where || functionName;
    byFunction.set(
      `${functionName || "(anonymous)"} ${where}:${lineNumber}`,
      (byFunction.get(`${functionName || "(anonymous)"} ${where}:${lineNumber}`) ?? 0) + time,
    );
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
    total += time;
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, us]) =>
          `  ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`,
      )
      .join("\n");
  console.log(
    `\nby package (self time, ${(total / 1000).toFixed(0)} ms sampled${windowMs === undefined ? " incl. start-up" : " under load"}):\n${top(byPackage, 20)}`,
  );
  console.log(`\nby function:\n${top(byFunction, 30)}`);
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server to profile, on the database `--site` chooses, with the cookie the visitor of `--member`/`--returning` has. */
async function startServer(nodeArgs: string[]) {
  if (args.includes("--site")) {
    const site = await startSiteUnderTest({ dataDir: path.join(root, ".data-bench-pages"), nodeArgs });
    const visitor = args.includes("--returning") ? await newVisitorCookie(site.app.base) : undefined;
    return {
      base: site.app.base,
      pid: site.app.child.pid!,
      cookie: args.includes("--member") ? site.cookie : args.includes("--reader") ? site.readerCookie : visitor,
      target: targetArg.replace("TOPIC", String(site.topicId)),
      stop: site.stop,
    };
  }
  const pg = await startEmbeddedPostgres({ dataDir: path.join(root, ".data-bench"), database: "postgres" });
  try {
    const app = await startAppServer(
      {
        DATABASE_URL: pg.url(database),
        DATA_DIR: path.join(root, ".data-bench", "app"),
        SESSION_SECRET,
        WEB_CONCURRENCY: "1",
      },
      { nodeArgs },
    );
    process.env.SESSION_SECRET = SESSION_SECRET;
    process.env.DATA_DIR ??= path.join(root, ".data-bench", "app");
    const cookie = args.includes("--member")
      ? (await (await import("../app/accounts/session.server")).createUserSession(1)).split(";")[0]!
      : undefined;
    return {
      base: app.base,
      pid: app.child.pid!,
      cookie,
      target: targetArg,
      stop: async () => {
        await app.stop();
        await pg.stop();
      },
    };
  } catch (error) {
    await pg.stop();
    throw error;
  }
}

async function main() {
  mkdirSync(profiles, { recursive: true });
  const started = Date.now();
  const server = await startServer(["--cpu-prof", `--cpu-prof-dir=${profiles}`]);
  const { base, pid, cookie, target } = server;
  const headers = cookie ? { cookie } : undefined;
  let loadStarted = 0;
  try {
    const check = await fetch(`${base}${target}`, { headers });
    console.log(
      `${target}: ${check.status}, ${(await check.arrayBuffer()).byteLength} bytes, cache: ${check.headers.get("x-page-cache") ?? "none"}`,
    );
    await autocannon({ url: `${base}${target}`, connections, duration: 2, headers }); // warm-up
    const before = cpuMs(pid);
    loadStarted = Date.now();
    const result = await autocannon({ url: `${base}${target}`, connections, duration, headers });
    const requests = Math.round(result.requests.average * duration);
    console.log(
      `${connections} connections, ${duration} s: ${Math.round(result.requests.average)} req/s, ` +
        `server CPU ${((cpuMs(pid) - before) / Math.max(1, requests)).toFixed(2)} ms per request, ${result.non2xx} non-2xx`,
    );
  } finally {
    await server.stop();
  }
  const newest = readdirSync(profiles)
    .map((name) => path.join(profiles, name))
    .filter((file) => file.endsWith(".cpuprofile") && statSync(file).mtimeMs >= started)
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (newest) {
    console.log(`\nprofile: ${path.relative(root, newest)}`);
    // The profile ends when the server stops: its last stretch since the load began is the measured load.
    summarise(newest, loadStarted ? Date.now() - loadStarted : undefined);
  }
}

runScript(main);
