import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "../db/embedded";

const root = path.resolve(import.meta.dirname, "..");

/** The production server as `npm start` runs it: server.ts compiled by `npm run build` (decision 103). */
export const PRODUCTION_SERVER = "build/server.js";

/**
 * The production server (`node build/server.js`, needs a build) started on a free loopback port for a benchmark or a test,
 * with `env` over this process's environment (NODE_ENV=production, RUN_JOBS=false, no request log, no demo
 * content unless `env` says otherwise; a key set to undefined is left out, e.g. to try the defaults). Resolves
 * once /healthz answers; `stop()` sends SIGTERM and waits. `stdout: "pipe"` keeps the server's output readable
 * from `child.stdout` (the request log), `stderr: "pipe"` its errors from `child.stderr`. With `output: true` the server's stdout and stderr are kept (read with
 * `output()`), for tests of its logs. `DATABASE_URL: ""` makes it start its own embedded PostgreSQL in `DATA_DIR`.
 * `command` runs another command that starts it (e.g. `npm start`); with `port`, the server's address is left to
 * `env` or a `.env` file (HOST and PORT are not set here) and `port` is where it is awaited.
 */
export async function startAppServer(
  env: Record<string, string | undefined>,
  options: {
    nodeArgs?: string[];
    stderr?: "inherit" | "ignore" | "pipe";
    stdout?: "ignore" | "pipe";
    output?: boolean;
    startTimeoutMs?: number;
    /** the directory holding the build to run (its `build/` and `public/build/`): this checkout by default */
    cwd?: string;
    /** what starts the server, instead of `node [nodeArgs] build/server.js` */
    command?: [string, ...string[]];
    /** the port the server takes from `env` or `.env` (then HOST and PORT are left to them) */
    port?: number;
  } = {},
): Promise<{ base: string; port: number; child: ChildProcess; stop: () => Promise<void>; output: () => string }> {
  const port = options.port ?? (await freePort());
  const [command, ...args] = options.command ?? [process.execPath, ...(options.nodeArgs ?? []), PRODUCTION_SERVER];
  const child = spawn(command, args, {
    cwd: options.cwd ?? root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      RUN_JOBS: "false",
      LOG_REQUESTS: "false",
      SEED_DEMO_CONTENT: "false",
      ...env,
      ...(options.port === undefined ? { HOST: "127.0.0.1", PORT: String(port) } : {}),
    },
    stdio: [
      "ignore",
      options.output ? "pipe" : (options.stdout ?? "ignore"),
      options.output ? "pipe" : (options.stderr ?? "inherit"),
    ],
  });
  let output = "";
  if (options.output) {
    child.stdout?.on("data", (chunk) => (output += String(chunk)));
    child.stderr?.on("data", (chunk) => (output += String(chunk)));
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < (options.startTimeoutMs ?? 60_000) / 100; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, port, child, stop, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start");
}
