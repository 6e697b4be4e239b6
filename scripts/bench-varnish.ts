/**
 * `npx tsx scripts/bench-varnish.ts [--duration=S] [--rounds=R] [--connections=N] [--pages=/about,/forum] [--cwd=DIR]`:
 * issue 43's "measure the engine the ecosystem already has": a signed-out visitor's shared page served three ways
 * in one run, turn by turn (A B C, then C B A, ...):
 *   - **node**: Node's own http server answering the same bytes, gzipped once (the ceiling: no cache, no compression);
 *   - **in-process**: the site's page cache (app/page-cache/), as `npm start` serves it;
 *   - **varnish**: Debian's Varnish in front of the same site (installed with apt when missing), keeping what the
 *     site marks shared (`Cache-Control: public, s-maxage=10`) for its s-maxage, the visitor-id cookie a first visit
 *     gets left off the shared answer (a shared answer sets no cookie: issue 43), every other answer passed through.
 * Prints requests a second and p50/p99 latency per side and page, and the load average; decision 391 holds figures.
 * Only pages the same for every visitor are compared: holes (ESI) and invalidation across instances are not measured.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "../db/embedded";
import { autocannon, option, runScript } from "./bench-cli";
import { startSiteUnderTest } from "./site-under-test";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".data-bench-varnish");
const duration = Number(option("duration", "3"));
const rounds = Number(option("rounds", "4"));
const connections = Number(option("connections", "10"));
const pages = option("pages", "/about,/forum").split(",");
const cwd = path.resolve(root, option("cwd", "."));

type Side = "node" | "in-process" | "varnish";
/** Every side is asked as a browser asks: gzip accepted (the site compresses each answer; Varnish keeps it gzipped). */
const ACCEPT_GZIP = { "accept-encoding": "gzip" };
type Tally = { requests: number; seconds: number; latencies: number[]; errors: number };

function ensureVarnish() {
  if (existsSync("/usr/sbin/varnishd")) return;
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "varnish"], { stdio: "inherit" });
}

/**
 * The VCL: keep shared answers (the site's s-maxage) without their Set-Cookie, fetched plain and gzipped once by
 * Varnish (as Varnish's own docs advise); pass everything else through.
 */
const vcl = (host: string, port: string) => `vcl 4.1;
backend site { .host = "${host}"; .port = "${port}"; }
sub vcl_recv {
  if (req.method != "GET" && req.method != "HEAD") { return (pass); }
  if (req.http.Cookie) { return (pass); }
  return (hash);
}
sub vcl_backend_fetch {
  unset bereq.http.Accept-Encoding;
}
sub vcl_backend_response {
  if (beresp.http.Cache-Control ~ "public" && beresp.http.Cache-Control ~ "s-maxage") {
    unset beresp.http.Set-Cookie;
    set beresp.do_gzip = true;
    return (deliver);
  }
  set beresp.uncacheable = true;
  return (deliver);
}
`;

async function startVarnish(backend: URL): Promise<{ base: string; stop: () => void }> {
  ensureVarnish();
  // Varnish's workdir (its shared memory log and compiled VCL), where its unprivileged users can reach it.
  const dir = path.join(os.tmpdir(), `bench-varnish-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const vclFile = path.join(dir, "site.vcl");
  writeFileSync(vclFile, vcl(backend.hostname, backend.port));
  const port = await freePort();
  const child = spawn(
    "/usr/sbin/varnishd",
    ["-F", "-n", dir, "-a", `127.0.0.1:${port}`, "-f", vclFile, "-s", "malloc,128m", "-T", "none"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`varnishd exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/about`).then(
      (r) => r.ok,
      () => false,
    );
    const stop = () => {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    };
    if (ok) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  throw new Error("varnishd did not answer");
}

/** A page's answer as a browser gets it (gzip accepted): its headers and its bytes as sent. */
function fetchRaw(url: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: ACCEPT_GZIP }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

/**
 * Node's own http server answering one page's bytes and headers as the site sent them (gzipped), in a process of its
 * own (in this one it would share the event loop with autocannon).
 */
async function startNodeBytes(url: string): Promise<{ base: string; stop: () => void }> {
  const { headers, body } = await fetchRaw(url);
  const kept = Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !/^(content-length|set-cookie|transfer-encoding|connection|keep-alive|date)$/.test(name),
    ),
  );
  const file = path.join(dataDir, `node-bytes-${process.pid}`);
  writeFileSync(file, body);
  const port = await freePort();
  const server = `const body = require("fs").readFileSync(${JSON.stringify(file)});
require("http").createServer((_req, res) => {
  res.writeHead(200, { ...${JSON.stringify(kept)}, "Content-Length": body.byteLength });
  res.end(body);
}).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", server], { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    i < 50 &&
    !(await fetch(base).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, stop: () => child.kill("SIGTERM") };
}

async function turn(url: string, tally: Tally) {
  const instance = autocannon({ url, connections, duration, headers: ACCEPT_GZIP });
  instance.on("response", (_client, _status, _bytes, ms) => tally.latencies.push(ms));
  const result = await instance;
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
  tally.errors += result.errors + result.non2xx;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function main() {
  mkdirSync(dataDir, { recursive: true });
  const site = await startSiteUnderTest({ dataDir, cwd });
  const stops: (() => void)[] = [];
  try {
    const varnish = await startVarnish(new URL(site.app.base));
    stops.push(varnish.stop);
    const rows: string[] = [];
    for (const page of pages) {
      await fetch(`${site.app.base}${page}`); // rendered and kept
      const nodeBytes = await startNodeBytes(`${site.app.base}${page}`);
      stops.push(nodeBytes.stop);
      const bases: Record<Side, string> = { node: nodeBytes.base, "in-process": site.app.base, varnish: varnish.base };
      const sides = Object.keys(bases) as Side[];
      const tally = (): Tally => ({ requests: 0, seconds: 0, latencies: [], errors: 0 });
      const tallies: Record<Side, Tally> = { node: tally(), "in-process": tally(), varnish: tally() };
      for (const side of sides) await fetch(`${bases[side]}${page}`); // warm: rendered and kept
      const cached = (await fetch(`${varnish.base}${page}`)).headers.get("age");
      for (let r = 0; r < rounds; r++) {
        for (const side of r % 2 === 0 ? sides : [...sides].reverse())
          await turn(`${bases[side]}${page}`, tallies[side]);
      }
      for (const side of sides) {
        const t = tallies[side];
        const sorted = t.latencies.sort((a, b) => a - b);
        rows.push(
          `| ${page} | ${side} | ${Math.round(t.requests / t.seconds)} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)} | ${t.errors} |`,
        );
      }
      console.log(`${page}: measured (Varnish Age on its second answer: ${cached ?? "none"})`);
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\n${new Date().toISOString()}, load average ${load}, ${connections} connections, ${rounds} turns of ${duration} s per side`,
    );
    console.log("\n| page | served by | req/s | p50 ms | p99 ms | errors |\n| --- | --- | --- | --- | --- | --- |");
    for (const row of rows) console.log(row);
  } finally {
    for (const stop of stops) stop();
    await site.stop();
  }
}

runScript(main);
