import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../../db/embedded";
import { PRODUCTION_SERVER, startAppServer } from "../../scripts/app-server";

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

/** A GET on a connection of its own (no keep-alive pool): whether the port still takes new connections. */
function freshGet(url: string): Promise<{ status: number; body: string } | "refused"> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += String(chunk)));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    }).on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" ? resolve("refused") : reject(error),
    );
  });
}

describe("SIGTERM behind a load balancer (decision 286)", () => {
  it("answers /readyz 503 and keeps serving new connections for SHUTDOWN_READINESS_DELAY_MS, then closes its port", async () => {
    const server = await startAppServer(
      { DATA_DIR: mkdtempSync(path.join(tmpdir(), "drain-")), SHUTDOWN_READINESS_DELAY_MS: "2500" },
      { output: true },
    );
    try {
      // A balancer's check, told ready: the instance must let it see the change before the port closes.
      expect(await freshGet(`${server.base}/readyz`)).toMatchObject({ status: 200 });
      const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
      const signalledAt = Date.now();
      server.child.kill("SIGTERM");
      await expect.poll(() => server.output(), { timeout: 5000 }).toContain("SIGTERM: not ready any more");
      expect(server.output()).toContain("closing the port in 2500 ms (a balancer checks /readyz)");
      const ready = await freshGet(`${server.base}/readyz`);
      expect(ready).toEqual({ status: 503, body: JSON.stringify({ status: "shutting down" }) });
      // Requests still reaching it (the balancer has not noticed yet) are served, on new connections too.
      expect(await freshGet(`${server.base}/healthz`)).toMatchObject({ status: 200 });
      expect(Date.now() - signalledAt).toBeLessThan(2500);
      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(2500);
      expect(await freshGet(`${server.base}/healthz`)).toBe("refused");
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 60_000);

  it("closes its port at once when no balancer asked /readyz (Ctrl-C on npm start)", async () => {
    const server = await startAppServer(
      { DATA_DIR: mkdtempSync(path.join(tmpdir(), "drain-")), SHUTDOWN_READINESS_DELAY_MS: "5000" },
      { output: true },
    );
    try {
      expect(await freshGet(`${server.base}/healthz`)).toMatchObject({ status: 200 });
      const signalledAt = Date.now();
      await server.stop();
      expect(server.output()).toContain("closing the port now (no balancer routes here)");
      expect(Date.now() - signalledAt).toBeLessThan(5000);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 60_000);
});
