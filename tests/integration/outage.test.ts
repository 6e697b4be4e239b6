import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";

/**
 * Issue 18 against the real thing: the production server (scripts/app-server.ts) with its own embedded
 * PostgreSQL, which is frozen (SIGSTOP of every one of its processes) and killed (kill -9 of the postmaster)
 * while four clients keep calling database-backed API routes; then SIGTERM with requests in flight. Waits are
 * generous but bounded (a loaded 2-core machine). Needs a build (npm test makes one).
 */
type Server = Awaited<ReturnType<typeof startAppServer>>;
type Sample = { url: string; startedAt: number; ms: number; status: number; retryAfter: string | null; error?: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The postmaster of an embedded database (from its pid file) and every process under it. */
function databaseProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all: number[] = [];
  const visit = (pid: number) => {
    all.push(pid);
    for (const child of byParent.get(pid) ?? []) visit(child);
  };
  visit(postmaster);
  return all;
}

function signal(pids: number[], name: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

/** Four clients calling `urls` in turn until `stop()`; every answer (or failure) is a sample. */
function loadClients(urls: string[], clients = 4) {
  const samples: Sample[] = [];
  let running = true;
  const client = async (i: number) => {
    for (let n = i; running; n++) {
      const url = urls[n % urls.length]!;
      const startedAt = Date.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        samples.push({
          url,
          startedAt,
          ms: Date.now() - startedAt,
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
        });
      } catch (error) {
        samples.push({ url, startedAt, ms: Date.now() - startedAt, status: 0, retryAfter: null, error: String(error) });
      }
      await sleep(50);
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return {
    samples,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

async function waitFor<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read().catch(() => undefined as T);
    if (last !== undefined && ok(last)) return last;
    await sleep(100);
  }
  throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
}

const status = (url: string) => fetch(url, { signal: AbortSignal.timeout(5000) }).then((r) => r.status);

async function apiJson(base: string, route: string, body: unknown, cookie?: string) {
  const response = await fetch(`${base}${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  // Answers are JSON of every route's shape: tests read them as the client would, without declaring each one.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, any> };
}

async function signUp(base: string, username: string) {
  const { status: code, headers } = await apiJson(base, "/api/register", {
    username,
    email: `${username}@example.org`,
    password: "Storm2026pass!",
  });
  expect(code).toBe(201);
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once("exit", (code) => resolve(code));
  });

describe("the site with its embedded database frozen, killed, and stopped", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "outage-"));
  let server: Server;
  let author = "";
  let topicId = 0;
  let apiUrls: string[] = [];

  beforeAll(async () => {
    server = await startAppServer(
      { DATABASE_URL: "", DATA_DIR: dataDir, PAGE_CACHE_SECONDS: "30", SHUTDOWN_READINESS_DELAY_MS: "1000" },
      { output: true },
    );
    await waitFor(
      () => status(`${server.base}/readyz`),
      (s) => s === 200,
      30_000,
      "readyz",
    );
    author = await signUp(server.base, "outage_author");
    const topic = await apiJson(server.base, "/api/forum/topics", { title: "Weathering the storm" }, author);
    expect(topic.status).toBe(201);
    topicId = topic.json.id;
    apiUrls = [`${server.base}/api/forum/topics`, `${server.base}/api/forum/topics/${topicId}/posts?limit=100`];
  }, 90_000);

  afterAll(async () => {
    try {
      signal(databaseProcesses(dataDir), "SIGCONT");
    } catch {
      // no database left
    }
    if (server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      try {
        signal(databaseProcesses(dataDir), "SIGKILL");
      } catch {
        // none
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After within 4 s while the database is frozen for 8 s, and 200 once it is back", async () => {
    // Warm the anonymous page cache: cached pages keep answering during the outage.
    await waitFor(
      () => fetch(`${server.base}/forum`).then(async (r) => (await r.arrayBuffer(), r.headers.get("x-page-cache"))),
      (v) => v === "hit",
      10_000,
      "the forum page from the cache",
    );
    const load = loadClients(apiUrls);
    await sleep(1500);
    const frozen = databaseProcesses(dataDir);
    expect(frozen.length).toBeGreaterThan(3);
    signal(frozen, "SIGSTOP");
    const frozenAt = Date.now();
    let resumedAt = 0;
    try {
      await sleep(2500);
      // Readiness says so within a second; what does not need the database still answers.
      const readyStarted = Date.now();
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(503);
      expect(Date.now() - readyStarted).toBeLessThan(1000);
      for (const page of ["/about", "/numbers", "/favicon.svg", "/healthz", "/forum"]) {
        expect(await status(`${server.base}${page}`), page).toBe(200);
      }
      // A page that needs the database: the site's error page in its shell, 503, Retry-After.
      const document = await fetch(`${server.base}/forum`, { headers: { Cookie: "not-a-visitor=1" } });
      expect(document.status).toBe(503);
      expect(document.headers.get("retry-after")).toMatch(/^\d+$/);
      const html = await document.text();
      expect(html).toContain("Back shortly");
      expect(html).toContain("will be back shortly");
      expect(html).toMatch(/<header[\s\S]*<main[\s\S]*<footer/);
      // A write answers an error and stores nothing.
      const write = await apiJson(
        server.base,
        `/api/forum/topics/${topicId}/posts`,
        { content: "Written in the storm" },
        author,
      );
      expect(write.status).toBe(503);
      expect(write.json.error).toMatch(/back shortly/);
      await sleep(Math.max(0, 8000 - (Date.now() - frozenAt)));
    } finally {
      signal(frozen, "SIGCONT");
      resumedAt = Date.now();
    }
    await waitFor(
      () => status(`${server.base}/readyz`),
      (s) => s === 200,
      10_000,
      "readyz after SIGCONT",
    );
    await sleep(3000);
    await load.stop();

    const during = load.samples.filter((s) => s.startedAt >= frozenAt && s.startedAt < resumedAt);
    const after = load.samples.filter((s) => s.startedAt > resumedAt + 2000);
    expect(load.samples.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    expect(Math.max(...load.samples.map((s) => s.ms))).toBeLessThan(4000);
    expect(during.filter((s) => s.status === 503).length).toBeGreaterThan(4);
    expect(during.filter((s) => s.status === 503 && !/^\d+$/.test(s.retryAfter ?? ""))).toEqual([]);
    expect(after.length).toBeGreaterThan(4);
    expect(after.filter((s) => s.status !== 200)).toEqual([]);

    // The write that answered 503 was not stored; sent again it is stored once.
    const again = await apiJson(
      server.base,
      `/api/forum/topics/${topicId}/posts`,
      { content: "Written in the storm" },
      author,
    );
    expect(again.status).toBe(201);
    const posts = await fetch(apiUrls[1]!).then(
      (r) => r.json() as Promise<{ posts?: { content: string }[] } | { content: string }[]>,
    );
    const list = Array.isArray(posts) ? posts : (posts.posts ?? []);
    expect(list.filter((p) => p.content === "Written in the storm")).toHaveLength(1);
  }, 90_000);

  it("restarts the embedded database within 20 s of a kill -9 of its postmaster, losing nothing written", async () => {
    const written: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const content = `Before the crash, reply ${i}`;
      const reply = await apiJson(server.base, `/api/forum/topics/${topicId}/posts`, { content }, author);
      expect(reply.status).toBe(201);
      written.push(content);
    }
    const load = loadClients(apiUrls);
    await sleep(1000);
    const [postmaster] = databaseProcesses(dataDir);
    process.kill(postmaster!, "SIGKILL");
    const killedAt = Date.now();

    // While it is down: a write answers 503; the same write once it is back is stored exactly once.
    const during = await apiJson(
      server.base,
      `/api/forum/topics/${topicId}/posts`,
      { content: "Across the crash" },
      author,
    );
    expect([201, 503]).toContain(during.status);
    await waitFor(
      () => status(`${server.base}/readyz`),
      (s) => s === 200,
      20_000,
      "readyz after kill -9",
    );
    const readyAfter = Date.now() - killedAt;
    expect(readyAfter).toBeLessThan(20_000);
    const retried = await apiJson(
      server.base,
      `/api/forum/topics/${topicId}/posts`,
      { content: "Across the crash" },
      author,
    );
    expect([200, 201]).toContain(retried.status);
    await sleep(2000);
    await load.stop();

    expect(load.samples.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    expect(Math.max(...load.samples.map((s) => s.ms))).toBeLessThan(4000);
    const posts = (await fetch(apiUrls[1]!).then((r) => r.json())) as
      { posts?: { content: string }[] } | { content: string }[];
    const contents = (Array.isArray(posts) ? posts : (posts.posts ?? [])).map((p) => p.content);
    for (const content of written) expect(contents).toContain(content);
    expect(contents.filter((c) => c === "Across the crash")).toHaveLength(1);
    expect(server.output()).toMatch(/restart attempt 1 of the embedded PostgreSQL/);
    expect(server.output()).toMatch(/embedded PostgreSQL is running again/);
    expect(server.child.exitCode).toBeNull(); // the Node server itself was never restarted
    console.log(`[outage] ready again ${readyAfter} ms after kill -9 of the postmaster`);
  }, 90_000);

  it("on SIGTERM turns unready first, finishes every request in flight and exits 0", async () => {
    const member = await signUp(server.base, "outage_member");
    // Four replies whose bodies arrive slowly: in flight when the signal comes.
    const inFlight = Array.from({ length: 4 }, (_, i) => {
      const body = JSON.stringify({ content: `Sent while the server stops, number ${i + 1}` });
      return new Promise<number>((resolve, reject) => {
        const request = http.request(`${server.base}/api/forum/topics/${topicId}/posts`, {
          method: "POST",
          agent: false,
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
            Origin: server.base,
            Cookie: member,
          },
        });
        request.on("response", (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", reject);
        request.write(body.slice(0, 10));
        setTimeout(() => request.end(body.slice(10)), 2500);
      });
    });
    const load = loadClients(apiUrls);
    await sleep(700);
    const exited = exitOf(server.child);
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await sleep(300);
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "shutting down" });

    expect(await Promise.all(inFlight)).toEqual([201, 201, 201, 201]);
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    await load.stop();
    // Requests already on a connection were answered; later ones found the port closed.
    const failed = load.samples.filter((s) => s.status !== 200);
    expect(failed.filter((s) => !/ECONNREFUSED|fetch failed/.test(`${s.error} ${s.status}`))).toEqual([]);
    expect(failed.every((s) => s.startedAt > signalledAt)).toBe(true);
    expect(server.output()).toMatch(/\[server\] stopped/);
  }, 90_000);
});

describe("the embedded database after a crash of the machine, and stopping without a database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "outage-stale-"));
  let server: Server | undefined;

  afterAll(async () => {
    try {
      signal(databaseProcesses(dataDir), "SIGCONT");
    } catch {
      // none
    }
    server?.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts on a data directory with a stale postmaster.pid, and exits 0 within 10 s of SIGTERM with the database frozen", async () => {
    server = await startAppServer({ DATABASE_URL: "", DATA_DIR: dataDir }, { output: true });
    await waitFor(
      () => status(`${server!.base}/readyz`),
      (s) => s === 200,
      30_000,
      "readyz",
    );
    await server.stop();
    // What a power cut leaves: a pid file whose pid now belongs to another program (here: this test runner).
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    writeFileSync(
      pidFile,
      `${process.pid}\n${path.join(dataDir, "postgres")}\n1700000000\n5432\n\n127.0.0.1\n  1234567     98304\nready\n`,
    );
    server = await startAppServer({ DATABASE_URL: "", DATA_DIR: dataDir }, { output: true });
    await waitFor(
      () => status(`${server!.base}/readyz`),
      (s) => s === 200,
      30_000,
      "readyz on a stale pid file",
    );

    const frozen = databaseProcesses(dataDir);
    signal(frozen, "SIGSTOP");
    await waitFor(
      () => status(`${server!.base}/readyz`),
      (s) => s === 503,
      5000,
      "readyz with the database frozen",
    );
    const exited = exitOf(server.child);
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    // The server took its database down with it.
    await waitFor(
      async () =>
        frozen.filter((pid) => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        }).length,
      (n) => n === 0,
      5000,
      "database processes left",
    );
  }, 90_000);
});
