import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";

/**
 * The JavaScript a page makes the browser load, as the production build's manifest says: the manifest itself (with
 * lazy route discovery, decision 126, the part of it the document holds inline: the routes of the page and of its
 * ancestors' addresses, as Remix's `getPartialManifest` writes them; without, the whole manifest's file), the
 * client entry and its imports, and every route module (with its imports) from the root down to the page's
 * route; each file once, gzipped as the server sends it (compression's default level). Lazily imported chunks
 * (the 3D viewer, the forms and dialogs on demand or on use) are not counted: they load only when used; but the
 * chunk of the view a page shows, which the page loads at hydration (`PAGE_VIEWS`, decision 116), is. Used by
 * scripts/bench-pages.ts, scripts/bundle-sources.ts and the bundle-budget test (tests/integration/bundle-budget.test.ts).
 */
export type RemixManifest = {
  url?: string;
  version?: string;
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

/**
 * Whether the build discovers routes lazily (`future.v3_lazyRouteDiscovery`, decision 126), as its server build
 * (`build/index.js` beside `public/build`) says: the document then holds its part of the manifest inline and loads
 * no manifest file.
 */
export function discoversRoutesLazily(assetsDir: string): boolean {
  const serverBuild = path.resolve(assetsDir, "../../build/index.js");
  return existsSync(serverBuild) && /\bv3_lazyRouteDiscovery"?:\s*(true|!0)\b/.test(readFileSync(serverBuild, "utf8"));
}

/**
 * The inline script of a lazily discovering build's document of `routeId` (decision 126), as Remix writes it: the
 * manifest with only the routes matching the page's address, then those of "/" and of each of its ancestors' from the nearest up (an address made from the
 * route's path, a parameter or a splat standing for one segment, optional segments left out).
 */
export function inlineManifestScript(manifest: RemixManifest, routeId: string): string {
  const tree = (parentId?: string): AgnosticRouteObject[] =>
    Object.values(manifest.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: tree(route.id) },
      );
  const routes = tree(undefined);
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id);
  const segments = chain
    .flatMap((id) => (manifest.routes[id]?.path ?? "").split("/"))
    .filter((segment) => segment && !segment.endsWith("?"))
    .map((segment) => (segment.startsWith(":") || segment === "*" ? "x" : segment));
  const ids = new Set(chain);
  // in Remix's order: "/", then the ancestors' addresses from the nearest up
  const ancestors = [0];
  for (let n = segments.length - 1; n > 0; n--) ancestors.push(n);
  for (const n of ancestors)
    for (const match of matchRoutes(routes, `/${segments.slice(0, n).join("/")}`) ?? []) ids.add(match.route.id!);
  const routesShown = Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]]));
  return `window.__remixManifest = ${JSON.stringify({ ...manifest, routes: routesShown }, null, 2)};`;
}

/** The script URLs a document of `routeId` loads (root first); `manifestFile` null: none (lazy route discovery). */
export function scriptsOfRoute(manifest: RemixManifest, manifestFile: string | null, routeId: string): string[] {
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id);
  const files = [...(manifestFile ? [manifestFile] : []), manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const id of chain) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    files.push(route.module, ...(route.imports ?? []));
  }
  return [...new Set(files)];
}

/**
 * Pages whose content is one of several views, each a lazily imported chunk (`onDemandViews`, decision 116), of which
 * the page loads the one it shows at hydration: its chunk and the chunks that chunk imports are counted with the
 * page, one figure per view (view name: the view's source module, an entry point of the build's metafile).
 * tests/e2e/astrology-views.spec.ts checks that these are exactly the scripts the page fetches.
 */
export const PAGE_VIEWS: Record<string, Record<string, string>> = {
  "routes/astrology.($planet)": {
    transits: "app/astrology/ui/transits.tsx",
    horoscope: "app/astrology/ui/horoscope.tsx",
  },
};

type Metafile = { outputs: Record<string, { entryPoint?: string; imports: Array<{ path: string; kind: string }> }> };

/** The build's metafile (`build/metafile.js.json` beside `public/build`), written by `npm run build`. */
function readMetafile(assetsDir: string): Metafile {
  return JSON.parse(readFileSync(path.resolve(assetsDir, "../../build/metafile.js.json"), "utf8")) as Metafile;
}

/**
 * The script URLs a view's chunk adds to the page's (`loaded`): the chunk of its source module and every chunk it
 * imports statically, not those it imports lazily.
 */
export function scriptsOfView(metafile: Metafile, source: string, loaded: string[]): string[] {
  const entry = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === source)?.[0];
  if (!entry) throw new Error(`no chunk of ${source} in the build's metafile: is it still imported lazily?`);
  const files: string[] = [];
  const visit = (output: string) => {
    const url = output.replace(/^public/, "");
    if (loaded.includes(url) || files.includes(url)) return;
    files.push(url);
    for (const imported of metafile.outputs[output]?.imports ?? [])
      if (imported.kind === "import-statement") visit(imported.path);
  };
  visit(entry);
  return files;
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

/** `bytes`: gzipped, of `files` and of `inline` (the document's inline manifest, with lazy route discovery). */
export type PageScripts = { bytes: number; files: string[]; inline?: number };

/**
 * Gzipped bytes of every script each page route loads: leaf routes (no route has them as parent) only. A page with
 * views (`PAGE_VIEWS`) has a figure per view (`views`), and its own figure is its heaviest view's.
 */
export function pageScriptBytes(assetsDir: string): Map<string, PageScripts & { views?: Record<string, PageScripts> }> {
  const { manifest, file } = readManifest(assetsDir);
  const lazy = discoversRoutesLazily(assetsDir);
  const parents = new Set(Object.values(manifest.routes).flatMap((r) => (r.parentId ? [r.parentId] : [])));
  const pages = new Map<string, PageScripts & { views?: Record<string, PageScripts> }>();
  let inline: number | undefined;
  const measured = (files: string[]) => ({
    bytes: files.reduce((sum, url) => sum + gzippedBytes(assetsDir, url), inline ?? 0),
    files,
    inline,
  });
  let metafile: Metafile | undefined;
  for (const id of Object.keys(manifest.routes)) {
    if (parents.has(id) && id !== "root") continue;
    if (id === "root" && parents.has("root")) continue;
    inline = lazy ? gzipSync(inlineManifestScript(manifest, id)).byteLength : undefined;
    const files = scriptsOfRoute(manifest, lazy ? null : file, id);
    const viewSources = PAGE_VIEWS[id];
    if (!viewSources) {
      pages.set(id, measured(files));
      continue;
    }
    metafile ??= readMetafile(assetsDir);
    const views = Object.fromEntries(
      Object.entries(viewSources).map(([view, source]) => [
        view,
        measured([...files, ...scriptsOfView(metafile!, source, files)]),
      ]),
    );
    const heaviest = Object.values(views).reduce((a, b) => (b.bytes > a.bytes ? b : a));
    pages.set(id, { ...heaviest, views });
  }
  return pages;
}
