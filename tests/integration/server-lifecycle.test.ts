import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../../db/embedded";
import { PRODUCTION_SERVER } from "../../scripts/app-server";

/**
 * The server process as operators meet it: /readyz follows the database (503 while it is down, 200 again once
 * it is back, no restart) and SIGTERM exits 0 after finishing in-flight work. Needs a build (npm test makes one).
 */
const root = path.resolve(import.meta.dirname, "../..");
let server: ChildProcess | undefined;
let database: EmbeddedDatabase | undefined;

afterAll(async () => {
  server?.kill("SIGKILL");
  await database?.stop().catch(() => {});
});

async function waitFor(url: string, predicate: (status: number) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = await fetch(url)
      .then((r) => r.status)
      .catch(() => 0);
    if (predicate(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} kept answering ${last}`);
}

describe("server lifecycle", () => {
  it("reports readiness from the database and shuts down cleanly", async () => {
    expect(existsSync(path.join(root, "build/index.js")), "run `npm run build` first").toBe(true);
    const dataDir = mkdtempSync(path.join(tmpdir(), "readyz-"));
    const dbPort = await freePort();
    database = await startEmbeddedPostgres({ dataDir, database: "app", port: dbPort });
    const port = await freePort();
    server = spawn(process.execPath, [PRODUCTION_SERVER], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: database.url("app"),
        DATA_DIR: dataDir,
        RUN_JOBS: "false",
      },
      stdio: "inherit",
    });
    const base = `http://127.0.0.1:${port}`;
    expect(await waitFor(`${base}/readyz`, (s) => s === 200)).toBe(200);

    await database.stop();
    expect(await waitFor(`${base}/readyz`, (s) => s === 503)).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    database = await startEmbeddedPostgres({ dataDir, database: "app", port: dbPort });
    expect(await waitFor(`${base}/readyz`, (s) => s === 200)).toBe(200);

    const exited = new Promise<number | null>((resolve) => server!.on("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    const started = Date.now();
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    server = undefined;
  }, 90_000);
});

describe("server with several HTTP workers (WEB_CONCURRENCY)", () => {
  it("serves from every worker on one port and exits 0 on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "cluster-"));
    const port = await freePort();
    const child = spawn(process.execPath, [PRODUCTION_SERVER], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: "2",
        RUN_JOBS: "false",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += String(chunk)));
    try {
      expect(await waitFor(`http://127.0.0.1:${port}/readyz`, (s) => s === 200, 60_000)).toBe(200);
      await expect.poll(() => output.match(/listening on/g)?.length ?? 0, { timeout: 20_000 }).toBe(2);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output.match(/\[server\] stopped/g)?.length).toBe(3); // two workers and the primary
    } finally {
      if (process.env.SHOW_SERVER_OUTPUT) console.log(output);
      child.kill("SIGKILL");
    }
  }, 90_000);
});
