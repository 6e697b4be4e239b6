/**
 * `npx tsx scripts/bench-numerology.ts`: speed of the numerology domain with the offline provider.
 *  1. The offline composer in-process (target: a generation under 20 ms).
 *  2. The production server (embedded PostgreSQL, offline provider): the home page's no-JS generation (POST /?index,
 *     answered with its redirect), POST /api/generate-content, POST /api/angel-numbers and GET / (target: under
 *     50 ms). Timed on loopback, so the figure is server time plus a negligible socket hop.
 * Needs a build (`npx remix build`). Figures go to docs/performance/numerology.md.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { composeAngelReading, composeLifePathSummary, composePrinciple } from "../app/numerology/composer";
import { DIGITS } from "../app/numerology/principles";
import { COMPOSITIONS, STYLES } from "../app/preferences/schema";
import { freePort } from "../db/embedded";
import { PRODUCTION_SERVER } from "./app-server";

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return `n=${samples.length} mean ${mean.toFixed(3)} ms, p50 ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms, max ${sorted[sorted.length - 1]!.toFixed(3)} ms`;
}

/** CPU time (user + system) the server process has used, from /proc (Linux), in ms: load-independent. */
function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks of 10 ms
}

function benchComposer() {
  const principle: number[] = [];
  const angel: number[] = [];
  const lifePath: number[] = [];
  for (let i = 0; i < 4200; i++) {
    if (i === 200) [principle, angel, lifePath].forEach((list) => (list.length = 0)); // after warm-up
    const style = STYLES[i % 4]!;
    const composition = COMPOSITIONS[(i >> 2) % 4]!;
    const keywords = i % 3 ? "love, career" : "";
    let t = performance.now();
    composePrinciple(DIGITS[i % 10]!, { style, composition, keywords });
    principle.push(performance.now() - t);
    t = performance.now();
    composeAngelReading(String(1 + (i % 9999)), { style, composition, keywords });
    angel.push(performance.now() - t);
    t = performance.now();
    composeLifePathSummary({ lifePath: ((i % 9) + 1) as 1, digits: [0, 3, 1, 5, 1, 9, 9, 0] });
    lifePath.push(performance.now() - t);
  }
  console.log(`composer: principle      ${stats(principle)}`);
  console.log(`composer: angel reading  ${stats(angel)}`);
  console.log(`composer: life path      ${stats(lifePath)}`);
  const cpu = process.cpuUsage();
  for (let i = 0; i < 2000; i++)
    composePrinciple(DIGITS[i % 10]!, {
      style: STYLES[i % 4]!,
      composition: COMPOSITIONS[(i >> 2) % 4]!,
      keywords: "love",
    });
  const used = process.cpuUsage(cpu);
  console.log(`composer: principle CPU  ${((used.user + used.system) / 1000 / 2000).toFixed(4)} ms/generation`);
}

async function benchServer() {
  const root = path.resolve(import.meta.dirname, "..");
  if (!existsSync(path.join(root, "build/index.js"))) throw new Error("Run `npm run build` first.");
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-numerology-"));
  const port = await freePort();
  const env = { ...process.env };
  delete env.OPENAI_API_KEY; // the offline provider is what this measures
  delete env.OPENAI_BASE_URL;
  delete env.DATABASE_URL; // an embedded PostgreSQL of its own
  const server = spawn(process.execPath, [PRODUCTION_SERVER], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-secret-0123456789abcdef",
      LOG_REQUESTS: "false",
      RUN_JOBS: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (
        (await fetch(`${base}/readyz`)
          .then((r) => r.status)
          .catch(() => 0)) === 200
      )
        break;
      if (i > 300) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
    // every request from its own address, so the generation rate limit (per address) is not what we measure
    let n = 0;
    const headers = () => ({
      "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n++ & 255}`,
      "x-session-id": "bench-session-0001",
    });
    const time = async (label: string, count: number, run: () => Promise<Response>) => {
      for (let i = 0; i < 20; i++) await (await run()).arrayBuffer(); // warm up
      const samples: number[] = [];
      const cpuBefore = serverCpuMs(server.pid!);
      for (let i = 0; i < count; i++) {
        const t = performance.now();
        const res = await run();
        await res.arrayBuffer();
        samples.push(performance.now() - t);
        if (res.status >= 400) throw new Error(`${label}: HTTP ${res.status}`);
      }
      const cpuPerRequest = (serverCpuMs(server.pid!) - cpuBefore) / count;
      console.log(`server: ${label.padEnd(34)} ${stats(samples)}; server CPU ${cpuPerRequest.toFixed(2)} ms/request`);
    };
    await time("POST /?index (no-JS generation)", 300, () =>
      fetch(`${base}/?index`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
        body: "style=poetic&composition=detailed&keywords=morning+light&number=3",
      }),
    );
    await time("POST /api/generate-content", 300, () =>
      fetch(`${base}/api/generate-content`, {
        method: "POST",
        headers: { ...headers(), "content-type": "application/json" },
        body: JSON.stringify({
          number: 7,
          preferences: { style: "practical", composition: "brief", keywords: "work" },
        }),
      }),
    );
    await time("POST /api/angel-numbers", 300, () =>
      fetch(`${base}/api/angel-numbers`, {
        method: "POST",
        headers: { ...headers(), "content-type": "application/json" },
        body: JSON.stringify({ number: "1234" }),
      }),
    );
    await time("GET /?content=1 (a generated page)", 300, () => fetch(`${base}/?content=1`, { headers: headers() }));
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

benchComposer();
await benchServer();
