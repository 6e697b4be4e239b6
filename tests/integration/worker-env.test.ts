import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import * as cubes from "../fixtures/models3d/cubes";

/**
 * Decision 298: every child process and worker thread the app starts gets a minimal environment (workerEnv), never
 * the server's own: the 3D converter, which reads hostile files, used to be forked with the whole of process.env,
 * the database's superuser URL included. The real fork and Worker are watched (their options recorded, the children
 * still run), and every place in app/ that starts one is found in the source.
 */
const started = vi.hoisted(() => [] as Array<{ what: string; env: unknown }>);

vi.mock("node:child_process", async (original) => {
  const actual = await original<typeof import("node:child_process")>();
  const fork = ((...args: Parameters<typeof actual.fork>) => {
    const options = args.find((a) => a && typeof a === "object" && !Array.isArray(a)) as { env?: unknown } | undefined;
    started.push({ what: "fork", env: options?.env });
    return actual.fork(...args);
  }) as typeof actual.fork;
  return { ...actual, default: { ...actual, fork }, fork };
});

vi.mock("node:worker_threads", async (original) => {
  const actual = await original<typeof import("node:worker_threads")>();
  class Worker extends actual.Worker {
    constructor(file: string | URL, options?: import("node:worker_threads").WorkerOptions) {
      super(file, options);
      started.push({ what: "Worker", env: options?.env });
    }
  }
  return { ...actual, default: { ...actual, Worker }, Worker };
});

const SECRETS = {
  DATABASE_URL: "postgres://postgres:superuser-password@127.0.0.1:5432/postgres",
  SESSION_SECRET: "a-session-secret-of-the-server",
  OPENAI_API_KEY: "sk-test-key",
  NODE_OPTIONS: "--require /tmp/evil.js",
};
const before = Object.fromEntries(Object.keys(SECRETS).map((name) => [name, process.env[name]]));

afterAll(async () => {
  for (const [name, value] of Object.entries(before)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await (await import("~/speech/espeak.server")).closeEspeak();
});

function expectMinimal(env: unknown) {
  expect(env, "an env of its own, not the default (the whole process.env)").toBeTypeOf("object");
  const names = Object.keys(env as object);
  for (const name of Object.keys(SECRETS)) expect(names).not.toContain(name);
  expect(names.every((name) => ["PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "NODE_ENV"].includes(name))).toBe(
    true,
  );
}

describe("children get a minimal environment", () => {
  it("the 3D converter's process gets none of the server's secrets, and still converts", async () => {
    const { runConversionWorker } = await import("~/models3d/conversion.server");
    // Set after the app's settings were read: what a child inherits is the process's environment at fork time.
    Object.assign(process.env, SECRETS);
    started.length = 0;
    const outcome = await runConversionWorker({ bytes: cubes.cubeObj(), ext: "obj", title: "cube" });
    expect(outcome.ok).toBe(true);
    const forks = started.filter((s) => s.what === "fork");
    expect(forks).toHaveLength(1);
    expectMinimal(forks[0]!.env);
  });

  it("the speech engine's worker thread gets none of them either, and still speaks", async () => {
    const { espeakProvider } = await import("~/speech/espeak.server");
    const { VOICES } = await import("~/speech/voices");
    Object.assign(process.env, SECRETS);
    started.length = 0;
    const audio = await espeakProvider.synthesize({ text: "One two three.", voice: VOICES[0]! });
    expect(audio.audio.byteLength).toBeGreaterThan(100);
    const workers = started.filter((s) => s.what === "Worker");
    expect(workers).toHaveLength(1);
    expectMinimal(workers[0]!.env);
  });

  it("every place in app/ that starts a process or a thread passes workerEnv()", async () => {
    const root = path.resolve(import.meta.dirname, "../../app");
    const files = (await readdir(root, { recursive: true })).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const starts: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(root, file), "utf8");
      for (const match of text.matchAll(/\b(fork|spawn|spawnSync|execFile|execFileSync|exec|new Worker)\s*\(/g)) {
        // `.exec(` of a regular expression is not a process
        if (match[1] === "exec" && text[match.index! - 1] === ".") continue;
        const call = text.slice(match.index!, match.index! + 400);
        starts.push(`${file}: ${match[1]}`);
        expect(call, `${file}: ${match[1]}(…) without env: workerEnv()`).toMatch(/env:\s*workerEnv\(\)/);
      }
    }
    // The two the app has today (a new one is checked by the loop above).
    expect(starts).toEqual(
      expect.arrayContaining(["models3d/conversion.server.ts: fork", "speech/espeak.server.ts: new Worker"]),
    );
  });
});
