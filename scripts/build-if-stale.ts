/**
 * The first half of `npm start`: runs `npm run build` only when the production build is missing or older than a
 * file it is made from, so a restart (after a crash, a reboot, a second `npm start`) serves at once. package.json
 * then `exec`s `node build/server.js`, so a signal to npm reaches the server itself.
 *
 * "Older" is judged by modification times: the build's stamp (written here, after a build this script ran, with
 * the time the build started) against every input file and folder (a folder's time moves when a file in it is
 * added or removed). `npm run dev` writes a development build into the same folder and removes the stamp, so the
 * next `npm start` builds for production again.
 */
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const STAMP = "build/.production-build";
export const BUILD_STAMP = path.join(root, STAMP);

/** What the production build reads: the app, the server, the database code, static files, configuration. */
const INPUTS = [
  "app",
  "db",
  "public",
  "patches",
  "server.ts",
  "server-entry.ts",
  "remix.config.js",
  "postcss.config.js",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build-server.ts",
  "scripts/env-file.ts",
  "scripts/compile-hints.ts",
];
/** Outputs inside the inputs, never a reason to rebuild. */
const OUTPUTS_IN_INPUTS = ["public/build"];

/** The newest modification time among `entry` and everything under it (ms), 0 when it does not exist. */
function newest(entry: string, skipped: Set<string>): number {
  if (skipped.has(entry)) return 0;
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  const children = readdirSync(entry).map((name) => path.join(entry, name));
  // A folder holding a build output changes its own time when the build makes that output: not counted then.
  let latest = children.some((child) => skipped.has(child)) ? 0 : stat.mtimeMs;
  for (const child of children) latest = Math.max(latest, newest(child, skipped));
  return latest;
}

/** Why the build must be made again, or undefined when the one in build/ is current. */
export function staleReason(project = root): string | undefined {
  if (!existsSync(path.join(project, "build/server.js")) || !existsSync(path.join(project, "build/index.js")))
    return "no build yet";
  const stamp = path.join(project, STAMP);
  if (!existsSync(stamp)) return "the build in build/ was not made by npm start";
  const builtAt = statSync(stamp).mtimeMs;
  const skipped = new Set(OUTPUTS_IN_INPUTS.map((output) => path.join(project, output)));
  const changed = INPUTS.find((input) => newest(path.join(project, input), skipped) > builtAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

/** Marks the build in `project`/build as made for production from the inputs as they were at `startedAt`. */
export function stampBuild(project: string, startedAt: Date): void {
  const stamp = path.join(project, STAMP);
  closeSync(openSync(stamp, "w"));
  utimesSync(stamp, startedAt, startedAt);
}

/** Builds for production when the build is stale (saying why), or says it is current. Throws when the build fails. */
export function buildIfStale(log: (line: string) => void = (line) => console.log(`[start] ${line}`)): void {
  const reason = staleReason();
  if (reason === undefined) {
    log("the production build is current: serving it");
    return;
  }
  log(`building for production (${reason})`);
  const startedAt = new Date();
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit", cwd: root });
  if (built.status !== 0) throw new BuildFailed(built.status ?? 1);
  stampBuild(root, startedAt);
}

export class BuildFailed extends Error {
  constructor(readonly status: number) {
    super(`npm run build failed (exit ${status})`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    buildIfStale();
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    process.exit(error.status);
  }
}
