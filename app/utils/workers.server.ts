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
