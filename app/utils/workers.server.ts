import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The file of a worker (a child process or a worker thread) built by `npm run build` (scripts/build-server.ts):
 * build/workers/<name>.js, JavaScript like the rest of the production server, found from this module whether it
 * runs in the build (build/index.js) or from source (vitest, benchmarks).
 */
export function builtWorker(name: "convert" | "espeak"): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const inBuild = path.join(here, "workers", `${name}.js`);
  const file = existsSync(inBuild) ? inBuild : path.resolve(here, "../../build/workers", `${name}.js`);
  if (!existsSync(file)) throw new Error(`worker ${name} not found at ${file}: run \`npm run build\` first`);
  return file;
}

/** What of the server's environment a worker may see: enough for Node and the system to run, nothing of the site. */
const INHERITED = ["PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "NODE_ENV"] as const;

/**
 * The environment of every child process and worker thread the app starts (decision 298): a converter or a speech engine fed a hostile file runs with no database URL, no secret, no API key.
 * `NODE_OPTIONS` is never passed on (a `--require` there would run in the child), nor anything else of the server's.
 */
export function workerEnv(from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const value = from[name];
    if (value !== undefined) env[name] = value;
  }
  return env as NodeJS.ProcessEnv;
}
