import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript a page makes the browser load, as the production build's manifest says: the manifest itself, the
 * client entry and its imports, and every route module (with its imports) from the root down to the page's
 * route; each file once, gzipped as the server sends it (compression's default level). Lazily imported chunks
 * (the 3D viewer) are not counted: they load only when used. Used by scripts/bench-pages.ts and the bundle-budget
 * test (tests/integration/bundle-budget.test.ts).
 */
export type RemixManifest = {
  url?: string;
  entry: { module: string; imports?: string[] };
  routes: Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }
  >;
};

export function readManifest(assetsDir: string): { manifest: RemixManifest; file: string } {
  const name = readdirSync(assetsDir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!name) throw new Error(`no manifest-*.js in ${assetsDir}: build first`);
  const source = readFileSync(path.join(assetsDir, name), "utf8");
  return {
    manifest: JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as RemixManifest,
    file: `/build/${name}`,
  };
}

/** The script URLs a document of `routeId` loads (root first). */
export function scriptsOfRoute(manifest: RemixManifest, manifestFile: string, routeId: string): string[] {
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id);
  const files = [manifestFile, manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const id of chain) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    files.push(route.module, ...(route.imports ?? []));
  }
  return [...new Set(files)];
}

const gzipCache = new Map<string, number>();

export function gzippedBytes(assetsDir: string, url: string): number {
  const file = path.join(assetsDir, url.replace(/^\/build\//, ""));
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).byteLength;
    gzipCache.set(file, size);
  }
  return size;
}

/** Gzipped bytes of every script each page route loads: leaf routes (no route has them as parent) only. */
export function pageScriptBytes(assetsDir: string): Map<string, { bytes: number; files: string[] }> {
  const { manifest, file } = readManifest(assetsDir);
  const parents = new Set(Object.values(manifest.routes).flatMap((r) => (r.parentId ? [r.parentId] : [])));
  const pages = new Map<string, { bytes: number; files: string[] }>();
  for (const id of Object.keys(manifest.routes)) {
    if (parents.has(id) && id !== "root") continue;
    if (id === "root" && parents.has("root")) continue;
    const files = scriptsOfRoute(manifest, file, id);
    pages.set(id, { bytes: files.reduce((sum, url) => sum + gzippedBytes(assetsDir, url), 0), files });
  }
  return pages;
}
