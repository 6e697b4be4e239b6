/**
 * The second half of `npm run build` (after `remix build`): the Express server and the two workers as JavaScript
 * next to the Remix build (decision 103), so production runs `node build/server.js` with no TypeScript loader.
 *
 *  - build/server.js: server-entry.ts, which reads `.env` and settles NODE_ENV (production unless set) before it
 *    imports build/server-main.js, so React and React Router load their production builds (decision 220).
 *  - build/server-main.js: server.ts; the app's modules it uses come from build/index.js at run time, never
 *    bundled twice (server.ts only imports types from app/).
 *  - build/workers/convert.js, build/workers/espeak.js: the 3D conversion process and the speech thread
 *    (app/utils/workers.server.ts finds them).
 *  - build/migrations: the committed migrations, beside the server that applies them (db/migrate.ts).
 *  - and V8's compile hint on the browser chunks every page evaluates at once (scripts/compile-hints.ts).
 *
 * Packages stay in node_modules (imported, not bundled), as in the Remix build. `npm run dev` (scripts/dev.ts)
 * runs the same build in watch mode.
 */
import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, context, type BuildOptions, type Metafile } from "esbuild";
import { addCompileHints } from "./compile-hints";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "build");

const options: BuildOptions = {
  absWorkingDir: root,
  entryPoints: {
    server: "server-entry.ts",
    "server-main": "server.ts",
    "workers/convert": "app/models3d/convert.worker.ts",
    "workers/espeak": "app/speech/espeak.worker.ts",
  },
  outdir: out,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  metafile: true,
};

/**
 * What build/server.js and build/server-main.js hold, in build/server-inputs.json (tests/integration/compiled-server.test.ts
 * reads it).
 */
export const SERVER_INPUTS = "build/server-inputs.json";

/**
 * Refuses a server bundle holding a module of app/: that module would run twice, once here and once in the
 * Remix build. server.ts takes what it needs from the build's entry module instead (app/entry.server.tsx).
 */
function finish(metafile: Metafile) {
  const inputs: Record<string, string[]> = {};
  for (const output of ["build/server.js", "build/server-main.js"]) {
    inputs[output] = Object.keys(metafile.outputs[output]?.inputs ?? {}).sort();
    const copies = inputs[output].filter((input) => input.startsWith("app/"));
    if (copies.length > 0)
      throw new Error(`${output} would hold a second copy of ${copies.join(", ")}: export it from entry.server`);
  }
  writeFileSync(path.join(root, SERVER_INPUTS), `${JSON.stringify(inputs, null, 2)}\n`);
  rmSync(path.join(out, "migrations"), { recursive: true, force: true });
  cpSync(path.join(root, "db/migrations"), path.join(out, "migrations"), { recursive: true });
}

export async function buildServer(): Promise<void> {
  const result = await build(options);
  finish(result.metafile!);
}

/** Builds, then rebuilds on every change to a file the server or a worker imports; `onBuilt` after each success. */
export async function watchServer(onBuilt: () => void): Promise<{ dispose: () => Promise<void> }> {
  const watcher = await context({
    ...options,
    plugins: [
      {
        name: "on-built",
        setup(plugins) {
          plugins.onEnd((result) => {
            if (result.errors.length > 0 || !result.metafile) return;
            try {
              finish(result.metafile);
              onBuilt();
            } catch (error) {
              console.error(error instanceof Error ? error.message : error);
            }
          });
        },
      },
    ],
  });
  await watcher.watch();
  return watcher;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildServer();
  addCompileHints(path.join(root, "public/build")); // decision 115
}
