import { readFileSync } from "node:fs";
import path from "node:path";
import { gzippedBytes, pageScriptBytes } from "./bundle-size";

/**
 * Where a page's JavaScript goes (issue 15 goal 3, decisions 107 and 108): the gzipped bytes of every script the
 * page loads (scripts/bundle-size.ts), each file's share given to its sources in proportion to their bytes in it,
 * as the build's own metafile (`build/metafile.js.json`, written by `npm run build`) records them.
 *
 *   npx tsx scripts/bundle-sources.ts routes/reset-password                 # by source file
 *   npx tsx scripts/bundle-sources.ts routes/reset-password routes/logout   # what it loads beyond /logout
 *   npx tsx scripts/bundle-sources.ts routes/_index --packages              # npm packages as one row each
 *   npx tsx scripts/bundle-sources.ts 'routes/astrology.($planet)#horoscope' # one view of a page with views
 */
type Metafile = { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };

const root = path.resolve(import.meta.dirname, "..");
const assets = path.join(root, "public/build");
const metafile = JSON.parse(readFileSync(path.join(root, "build/metafile.js.json"), "utf8")) as Metafile;
const pages = pageScriptBytes(assets);

const args = process.argv.slice(2);
const byPackage = args.includes("--packages");
const [routeId, againstId] = args.filter((arg) => !arg.startsWith("--"));
if (!routeId) throw new Error("usage: bundle-sources.ts <route id> [<route id to subtract>] [--packages]");

/** A page's scripts; `route#view` for one view of a page with views (scripts/bundle-size.ts, `PAGE_VIEWS`). */
function pageOf(id: string) {
  const [route = id, view] = id.split("#");
  const page = view ? pages.get(route)?.views?.[view] : pages.get(route);
  if (!page) throw new Error(`no page ${id}: one of ${[...pages.keys()].join(", ")}`);
  return page;
}

function sources(id: string): Map<string, number> {
  const page = pageOf(id);
  const shares = new Map<string, number>();
  for (const url of page.files) {
    const gzipped = gzippedBytes(assets, url);
    const output = metafile.outputs[`public${url}`];
    if (!output) {
      shares.set(url, gzipped); // the manifest, which esbuild did not write
      continue;
    }
    const inputs = Object.entries(output.inputs);
    const total = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0) || 1;
    for (const [input, { bytesInOutput }] of inputs) {
      const name = byPackage ? input.replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*/, "$1") : input;
      shares.set(name, (shares.get(name) ?? 0) + (gzipped * bytesInOutput) / total);
    }
  }
  return shares;
}

const mine = sources(routeId);
const theirs = againstId ? sources(againstId) : new Map<string, number>();
const rows = [...new Set([...mine.keys(), ...theirs.keys()])]
  .map((name) => [name, (mine.get(name) ?? 0) - (theirs.get(name) ?? 0)] as const)
  .filter(([, bytes]) => Math.abs(bytes) >= 1)
  .sort((a, b) => b[1] - a[1]);
const total = (id: string) => pageOf(id).bytes;
console.log(
  `${routeId}: ${total(routeId)} B gzipped${againstId ? `, ${total(routeId) - total(againstId)} B more than ${againstId}` : ""}`,
);
for (const [name, bytes] of rows) console.log(`${String(Math.round(bytes)).padStart(8)}  ${name}`);
