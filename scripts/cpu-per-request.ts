/**
 * `npx tsx scripts/cpu-per-request.ts --before=DIR [--only=/angel] [--as=visitor,returning,reader] [--rounds=8]
 * [--duration=3] [--connections=10]`:
 * the server's CPU time per request of this checkout's build against another build of the site, loaded in turn
 * (docs/performance.md, "CPU per request, before and after, interleaved"). On a shared, noisy machine requests a
 * second move with whatever else runs; the CPU a request costs the server process moves much less.
 *
 * DIR holds the other build as `npm run build` leaves it (`DIR/build/`, `DIR/public/build/`), e.g. copied there
 * before a change: `mkdir -p DIR/public && cp -r build DIR/ && cp -r public/build DIR/public/`. Both servers run
 * on the database of scripts/site-under-test.ts (.data-bench-pages/) with the same secret, so one cookie is the
 * same visitor on both. For each page and visitor (a visitor without cookies, a returning visitor, a returning
 * visitor with five saved angel readings; `--as` chooses among them and `member`, the signed-in member, e.g.
 * `--only=/forum,/forum/topic/TOPIC,/user-profile --as=member`, TOPIC the benchmark topic's id) and each round, autocannon loads one server and then the other (the
 * order alternates), and the server's CPU (user + system, `/proc/<pid>/stat`) is divided by the requests answered.
 * Prints the median of the rounds. PostgreSQL's own CPU is not counted.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { startAppServer } from "./app-server";
import { autocannon, option, runScript } from "./bench-cli";
import { newVisitorCookie, startSiteUnderTest } from "./site-under-test";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".data-bench-pages");
const beforeDir = path.resolve(option("before", ""));
const pages = option("only", "/angel").split(",").filter(Boolean);
const rounds = Number(option("rounds", "8"));
const duration = Number(option("duration", "3"));
const connections = Number(option("connections", "10"));

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!option("before", "") || !existsSync(path.join(beforeDir, "build/server.js"))) {
    throw new Error("--before=DIR must hold another build (DIR/build/server.js, DIR/public/build/)");
  }
  // The other build resolves its packages and reads the site's content as this checkout's do.
  for (const shared of ["node_modules", "app"]) {
    if (!existsSync(path.join(beforeDir, shared))) symlinkSync(path.join(root, shared), path.join(beforeDir, shared));
  }
  mkdirSync(dataDir, { recursive: true });
  const site = await startSiteUnderTest({ dataDir });
  let before: Awaited<ReturnType<typeof startAppServer>> | undefined;
  try {
    before = await startAppServer(site.env, { cwd: beforeDir });
    const servers = [
      { name: "before", base: before.base, pid: before.child.pid! },
      { name: "after", base: site.app.base, pid: site.app.child.pid! },
    ];
    const returning = await newVisitorCookie(site.app.base);
    const kinds = option("as", "visitor,returning,reader").split(",");
    const visitors = (
      [
        ["visitor", "visitor", undefined],
        ["returning", "returning visitor", returning],
        ["reader", "returning visitor, 5 saved readings", site.readerCookie],
        ["member", "member", site.cookie],
      ] as const
    )
      .filter(([kind]) => kinds.includes(kind))
      .map(([, as, cookie]) => [as, cookie] as const);
    console.log(`| page | as | before ms/request | after ms/request | change | before req/s | after req/s |`);
    console.log(`| --- | --- | --- | --- | --- | --- | --- |`);
    for (const page of pages.map((p) => p.replace("TOPIC", String(site.topicId)))) {
      for (const [as, cookie] of visitors) {
        const headers = cookie ? { cookie } : undefined;
        const cpu = new Map(servers.map((s) => [s.name, [] as number[]]));
        const rps = new Map(servers.map((s) => [s.name, [] as number[]]));
        for (const server of servers)
          await autocannon({ url: `${server.base}${page}`, connections, duration: 1, headers });
        for (let round = 0; round < rounds; round++) {
          for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
            const start = cpuMs(server.pid);
            const result = await autocannon({ url: `${server.base}${page}`, connections, duration, headers });
            if (result.non2xx || result.errors) throw new Error(`${server.name} ${page}: errors`);
            cpu.get(server.name)!.push((cpuMs(server.pid) - start) / Math.max(1, result.requests.total));
            rps.get(server.name)!.push(result.requests.average);
          }
        }
        const [b, a] = [median(cpu.get("before")!), median(cpu.get("after")!)];
        console.log(
          `| ${page} | ${as} | ${b.toFixed(2)} | ${a.toFixed(2)} | ${(((a - b) / b) * 100).toFixed(0)} % | ` +
            `${Math.round(median(rps.get("before")!))} | ${Math.round(median(rps.get("after")!))} |`,
        );
      }
    }
  } finally {
    await before?.stop();
    await site.stop();
  }
}

runScript(main);
