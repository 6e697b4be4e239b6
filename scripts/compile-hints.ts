/**
 * V8's explicit compile hint (decision 115) on the chunks that every page evaluates at once, `entry.client`'s
 * imports (React, React DOM, Remix, the router). With `//# allFunctionsCalledOnLoad` as a script's first line,
 * Chromium (136 and later) compiles all of its functions while the preloaded module is parsed off the main thread,
 * instead of compiling React DOM's functions one by one inside the module-evaluation task after the first paint.
 * Other browsers read a comment. Run by `npm run build` after `remix build` (scripts/build-server.ts); idempotent.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readManifest } from "./bundle-size";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Prepends the hint to each chunk `entry.client` imports; returns the files it changed. */
export function addCompileHints(assetsDir: string): string[] {
  const { manifest } = readManifest(assetsDir);
  const changed: string[] = [];
  for (const url of manifest.entry.imports ?? []) {
    const file = path.join(assetsDir, url.replace(/^\/build\//, ""));
    const source = readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    changed.push(url);
  }
  return changed;
}
