/**
 * `npx tsx scripts/render-cpu.ts [--base=DIR ...] [--seconds=20] [--member | --returning] /forum /forum/topic/TOPIC`:
 * what a page costs Remix and React to answer, this checkout's build against earlier ones, in one process and in
 * tight alternation, so that a busy machine slows every build alike (scripts/cpu-per-request.ts measures the whole
 * server, HTTP included, with a wider spread).
 *
 * Starts the site scripts/bench-pages.ts measures (scripts/site-under-test.ts: database, member, topic), loads each
 * build's `build/index.js` (this checkout's and each `--base=DIR`, a copy made as scripts/cpu-per-request.ts says
 * for `--before`) into this process with Remix's request handler, and for `--seconds` per page answers the page with each build
 * in turn, 20 requests at a time, one after the other (no HTTP: the handler and the body, as the server's Express
 * adapter calls them). Prints each build's median CPU time (process.cpuUsage) per request over the batches, and its
 * ratio to this build's, batch by batch. `TOPIC` is the benchmark topic's id. Needs a build (`npm run build`).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import { newVisitorCookie, SESSION_SECRET, startSiteUnderTest } from "./site-under-test";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const seconds = Number(args.find((a) => a.startsWith("--seconds="))?.split("=")[1] ?? 20);
const dirs = [root, ...args.filter((a) => a.startsWith("--base=")).map((a) => path.resolve(a.split("=")[1]!))];
const pages = args.filter((a) => a.startsWith("/"));
const BATCH = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  if (pages.length === 0) throw new Error("name the pages to measure, e.g. /forum /forum/topic/TOPIC");
  const site = await startSiteUnderTest({ dataDir: path.join(root, ".data-bench-pages") });
  try {
    Object.assign(process.env, {
      DATABASE_URL: site.databaseUrl,
      DATA_DIR: path.join(root, ".data-bench-pages", "app"),
      SESSION_SECRET,
      NODE_ENV: "production",
      RUN_JOBS: "false",
      LOG_REQUESTS: "false",
    });
    const visitor = args.includes("--returning") ? await newVisitorCookie(site.app.base) : undefined;
    const cookie = args.includes("--member") ? site.cookie : visitor;
    type Handle = ReturnType<typeof createRequestHandler>;
    const builds: { name: string; handle: Handle }[] = [];
    for (const dir of dirs) {
      const build = (await import(pathToFileURL(path.join(dir, "build", "index.js")).href)) as ServerBuild;
      builds.push({ name: dir === root ? "this build" : dir, handle: createRequestHandler(build, "production") });
    }
    const answer = async (handle: Handle, url: string) => {
      const response = await handle(new Request(url, { headers: cookie ? { cookie } : {} }), {
        cspNonce: "bench",
        requestId: "bench",
        clientIp: "127.0.0.1",
        pageCache: null,
      });
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      return body.byteLength;
    };
    console.log("| page | build | bytes | CPU ms per request (median of batches) | ratio to this build (median) |");
    console.log("| --- | --- | --- | --- | --- |");
    for (const page of pages) {
      const url = `http://127.0.0.1${page.replace("TOPIC", String(site.topicId))}`;
      const sizes: number[] = [];
      for (const { handle } of builds) {
        sizes.push(await answer(handle, url));
        for (let i = 0; i < 100; i++) await answer(handle, url); // warm-up (JIT, prepared statements)
      }
      const perBuild = builds.map(() => [] as number[]);
      const until = Date.now() + seconds * 1000;
      for (let round = 0; Date.now() < until; round++) {
        for (let k = 0; k < builds.length; k++) {
          const i = round % 2 ? builds.length - 1 - k : k;
          const before = process.cpuUsage();
          for (let n = 0; n < BATCH; n++) await answer(builds[i]!.handle, url);
          const used = process.cpuUsage(before);
          perBuild[i]!.push((used.user + used.system) / 1000 / BATCH);
        }
      }
      builds.forEach((build, i) => {
        const ratios = perBuild[i]!.map((ms, round) => ms / perBuild[0]![round]!);
        console.log(
          `| ${page} | ${build.name} | ${sizes[i]} | ${median(perBuild[i]!).toFixed(2)} | ${median(ratios).toFixed(3)} |`,
        );
      });
    }
  } finally {
    await site.stop();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
