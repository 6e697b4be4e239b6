import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../db/embedded";

/**
 * `npm run dev` (scripts/dev.ts) as a developer uses it: it serves the site in development mode, and a change to
 * a route file is what the next request gets, without a restart by hand. It runs in a copy of the project (its
 * development build must not replace the production build the other tests use), on the test database, with the
 * address in the copy's `.env`.
 */
const root = path.resolve(import.meta.dirname, "../..");
let copy: string;
let dev: ChildProcess | undefined;
let base: string;
let output = "";

async function page(pathname: string): Promise<{ status: number; text: string } | null> {
  return fetch(`${base}${pathname}`).then(
    async (r) => ({ status: r.status, text: await r.text() }),
    () => null,
  );
}

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    if (dev?.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out; npm run dev said:\n${output}`);
}

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), "dev-loop-"));
  for (const entry of [
    "app",
    "db",
    "scripts",
    "server.ts",
    "server-entry.ts",
    "remix.config.js",
    "package.json",
    "tsconfig.json",
  ])
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  cpSync(path.join(root, "postcss.config.js"), path.join(copy, "postcss.config.js"));
  cpSync(path.join(root, "public"), path.join(copy, "public"), {
    recursive: true,
    filter: (source) => !source.startsWith(path.join(root, "public/build")),
  });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The address comes from the project's .env (decision 220), whose NODE_ENV=production (as in .env.example) does
  // not make `npm run dev` a production server.
  writeFileSync(path.join(copy, ".env"), `NODE_ENV=production\nHOST=127.0.0.1\nPORT=${port}\n`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(copy, ".data"),
    RUN_JOBS: "false",
    LOG_REQUESTS: "false",
  };
  for (const key of ["NODE_ENV", "HOST", "PORT", "DOTENV_CONFIG_PATH"]) delete env[key];
  dev = spawn("npm", ["run", "dev"], {
    cwd: copy,
    detached: true, // its own process group: npm, the runner, remix watch and the server are stopped together
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  dev.stdout!.on("data", (chunk) => (output += String(chunk)));
  dev.stderr!.on("data", (chunk) => (output += String(chunk)));
}, 30_000);

afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once("exit", resolve));
    process.kill(-dev.pid, "SIGINT");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (dev.exitCode === null) process.kill(-dev.pid, "SIGKILL");
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
}, 30_000);

describe("npm run dev", () => {
  it("serves the site in development mode and serves a changed route file without a restart by hand", async () => {
    const about = await until(async () => {
      const answer = await page("/about");
      return answer?.status === 200 ? answer : null;
    }, 150_000);
    expect(about.text).toContain("About the Ten Principles");
    // The development-only outbox page (decision 080) answers: this is not the production mode of `npm start`.
    expect((await page("/dev/outbox"))?.status).toBe(200);

    const route = path.join(copy, "app/routes/about.tsx");
    const source = readFileSync(route, "utf8");
    const marker = "Changed while npm run dev was running";
    const changed = source.replace("<PageHeader title={page.title}", `<p>${marker}</p>\n      $&`);
    expect(changed).not.toBe(source);
    writeFileSync(route, changed);
    const after = await until(async () => {
      const answer = await page("/about");
      return answer?.status === 200 && answer.text.includes(marker) ? answer : null;
    }, 90_000);
    expect(after.text).toContain("About the Ten Principles");
  }, 270_000);

  it("stops the whole tree when npm's own process is told to stop (a SIGTERM to npm alone)", async () => {
    // npm forwards the signal to its script's process only: `exec tsx` (package.json) makes the runner that process,
    // which stops the watchers and the server; a shell between them would keep the whole tree serving
    const pid = dev!.pid!;
    const exited = new Promise((resolve) => dev!.once("exit", resolve));
    process.kill(pid, "SIGTERM");
    await exited;
    const gone = async () => {
      for (let i = 0; i < 100; i++) {
        let alive = true;
        try {
          process.kill(-pid, 0);
        } catch {
          alive = false;
        }
        if (!alive) return true;
        await new Promise((r) => setTimeout(r, 200));
      }
      return false;
    };
    expect(await gone(), `processes of npm run dev still running:\n${output}`).toBe(true);
    expect(await page("/about")).toBeNull();
  }, 60_000);
});
