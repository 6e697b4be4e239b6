import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stampBuild } from "../../../scripts/build-if-stale";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * A folder that is this checkout as `npm start` and the scripts see it from their working directory, without
 * touching the checkout: its build (`npm test` makes one) marked current, so `npm start` there serves it at once,
 * and a `.env` of the test's own (`writeEnvFile`). The sources, `node_modules` and the build's files are links to
 * the checkout's; package.json (whose `build` fails) and scripts/build-if-stale.ts (which finds the project beside
 * itself) are copies.
 */
export function projectCopy(): { dir: string; writeEnvFile: (text: string) => void; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "project-copy-"));
  for (const entry of ["app", "db", "public", "patches", "node_modules", "server.ts", "server-entry.ts"])
    symlinkSync(path.join(root, entry), path.join(dir, entry));
  // Never a build here: through the links it would overwrite the checkout's public/build.
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: object };
  manifest.scripts = { ...manifest.scripts, build: "echo 'a project copy is not built' >&2 && exit 1" };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  mkdirSync(path.join(dir, "scripts"));
  for (const file of readdirSync(path.join(root, "scripts")))
    if (file === "build-if-stale.ts") copyFileSync(path.join(root, "scripts", file), path.join(dir, "scripts", file));
    else symlinkSync(path.join(root, "scripts", file), path.join(dir, "scripts", file));
  mkdirSync(path.join(dir, "build"));
  for (const file of readdirSync(path.join(root, "build")).filter((name) => !name.startsWith(".")))
    symlinkSync(path.join(root, "build", file), path.join(dir, "build", file));
  stampBuild(dir, new Date());
  return {
    dir,
    writeEnvFile: (text) => writeFileSync(path.join(dir, ".env"), text),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
