import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The dependency patches (patches/, decision 104) are in effect in node_modules as the server loads it (Node's
 * own resolution, not vitest's): each patched package is installed at the version its patch was made for, pinned
 * to it in package.json, every line the patch adds is in the installed file, and each patch's behaviour shows.
 * A patch that stopped applying fails `npm install` (patch-package --error-on-fail) and this test.
 */
const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(path.join(root, "package.json"));
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides?: Record<string, string>;
};

type Patch = { file: string; name: string; version: string; added: Map<string, string[]> };

/** `@remix-run+react+2.17.5.patch`: the package, its version, and per patched file the lines the patch adds. */
function readPatch(file: string): Patch {
  const match = /^(.+)\+([^+]+)\.patch$/.exec(file);
  if (!match) throw new Error(`unexpected patch file name ${file}`);
  const added = new Map<string, string[]>();
  let lines: string[] = [];
  for (const line of readFileSync(path.join(root, "patches", file), "utf8").split("\n")) {
    const target = /^\+\+\+ b\/(node_modules\/.+)$/.exec(line);
    if (target) added.set(target[1], (lines = []));
    else if (line.startsWith("+") && line.slice(1).trim()) lines.push(line.slice(1).trim());
  }
  return { file, name: match[1].replaceAll("+", "/"), version: match[2], added };
}

const patches = readdirSync(path.join(root, "patches"))
  .filter((file) => file.endsWith(".patch"))
  .map(readPatch);

describe("dependency patches", () => {
  it("are the five decisions 104, 107, 119 and 270 explain", () => {
    expect(patches.map((p) => `${p.name}@${p.version}`).sort()).toEqual([
      "@conform-to/react@1.21.1",
      "@remix-run/dev@2.17.5",
      "@remix-run/react@2.17.5",
      "@remix-run/router@1.23.3",
      "react-router-dom@6.30.4",
    ]);
  });

  it.each(patches)("$name is installed and pinned at the version its patch was made for", ({ name, version }) => {
    const installed = JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8"));
    expect(installed.version).toBe(version);
    const pinned =
      manifest.dependencies[name] ?? manifest.devDependencies[name] ?? manifest.overrides?.[name] ?? "not pinned";
    expect(pinned).toBe(version);
  });

  it.each(patches)("$name: every line the patch adds is in the installed file", ({ added }) => {
    expect(added.size).toBeGreaterThan(0);
    for (const [file, lines] of added) {
      const text = readFileSync(path.join(root, file), "utf8");
      const missing = lines.filter((line) => !text.includes(line));
      expect(missing, `${file} lacks lines of its patch`).toEqual([]);
    }
  });

  it("@remix-run/router: a routes array is flattened and ranked once (later changes to it are not seen)", () => {
    const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
    const routes: { id: string; path: string }[] = [{ id: "a", path: "/a" }];
    expect(matchRoutes(routes, "/b")).toBeNull();
    routes.push({ id: "b", path: "/b" });
    // Unpatched, every call flattens and ranks the array again and would now find /b.
    expect(matchRoutes(routes, "/b")).toBeNull();
    expect(matchRoutes([...routes], "/b")?.[0]?.route.id).toBe("b");
    // Callers own their matches: a copy each time, equal to the first.
    const first = matchRoutes(routes, "/a");
    const second = matchRoutes(routes, "/a");
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });

  it("@remix-run/router: the browser's build (ESM) ranks each routes array once too, and again after patchRoutes (decision 121)", async () => {
    // Remix's browser entry matches the page's routes three times while it hydrates (decision 121).
    type Router = typeof import("@remix-run/router");
    const esm = (await import(pathToFileURL(require.resolve("@remix-run/router/dist/router.js")).href)) as Router;
    for (const { matchRoutes, createRouter, createMemoryHistory } of [esm, require("@remix-run/router") as Router]) {
      const routes: { id: string; path: string }[] = [{ id: "a", path: "/a" }];
      expect(matchRoutes(routes, "/b")).toBeNull();
      routes.push({ id: "b", path: "/b" });
      expect(matchRoutes(routes, "/b")).toBeNull();
      // Lazy route discovery changes a router's routes in place: the cache is dropped then.
      const router = createRouter({ routes: [{ id: "a", path: "/a" }], history: createMemoryHistory() });
      expect(matchRoutes(router.routes, "/b")).toBeNull();
      router.patchRoutes(null, [{ id: "b", path: "/b" }]);
      expect(matchRoutes(router.routes, "/b")?.[0]?.route.id).toBe("b");
      router.dispose();
    }
  });

  it("react-router-dom: a static router converts a routes array to data routes once", async () => {
    const server = require("react-router-dom/server") as typeof import("react-router-dom/server");
    const routes = [{ id: "root", path: "/", element: null }];
    const handler = server.createStaticHandler(routes);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    const first = server.createStaticRouter(handler.dataRoutes, context);
    const second = server.createStaticRouter(handler.dataRoutes, context);
    expect(second.routes).toBe(first.routes);
  });

  it("@remix-run/react: RemixServer builds the server routes once per manifest", () => {
    const text = readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8");
    expect(text).toMatch(/serverRoutesCache\.get\(manifest\.routes\)/);
  });

  it("@remix-run/react: <Scripts afterFirstPaint> leaves out the modulepreload links, in the server and the browser build", () => {
    // The browser loads the modules after the first contentful paint (decision 110; tests/e2e/shell.spec.ts shows
    // it in Chromium). Server (CommonJS) and browser (ESM) builds must render the same elements, or hydration fails.
    for (const file of ["@remix-run/react/dist/components.js", "@remix-run/react/dist/esm/components.js"]) {
      const text = readFileSync(require.resolve(file), "utf8");
      expect(text, file).toMatch(/afterFirstPaint \? null : /);
      expect(text, file).toMatch(/if \(afterFirstPaint && isStatic\)/);
      expect(text, file).toContain('getEntriesByName("first-contentful-paint")');
      // the links are added in slices, each its own task (decision 121; tests/e2e/shell.spec.ts shows it)
      expect(text, file).toContain("await new Promise(go => setTimeout(go));");
    }
  });

  it("@remix-run/react: RemixBrowser's context is a new value only with new critical CSS, not with each location", () => {
    // A new value set outside a transition reaches the Suspense boundaries still waiting to hydrate (decision 122).
    for (const file of ["@remix-run/react/dist/browser.js", "@remix-run/react/dist/esm/browser.js"]) {
      const text = readFileSync(require.resolve(file), "utf8");
      expect(text, file).toMatch(/let remixContext = React(__namespace)?\.useMemo\(/);
      expect(text, file).toContain("}), [criticalCss]);");
      expect(text, file).toMatch(/value: remixContext\n/);
    }
  });

  it("@remix-run/dev: a `.server` module's empty stand-in in the browser build has no side effects", () => {
    type Resolve = (args: { path: string; resolveDir: string }) => unknown;
    type Build = { onResolve: (options: unknown, callback: Resolve) => void; onLoad: () => void };
    const { emptyModulesPlugin } = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js") as {
      emptyModulesPlugin: (
        ctx: { config: { appDirectory: string } },
        filter: RegExp,
      ) => { setup: (build: Build) => void };
    };
    let resolve: Resolve | undefined;
    emptyModulesPlugin({ config: { appDirectory: path.join(root, "app") } }, /\.server$/).setup({
      onResolve: (_options, callback) => (resolve = callback),
      onLoad: () => {},
    });
    // Unpatched, esbuild keeps every such import as a CommonJS stub (a chunk of its own when shared, decision 107).
    expect(resolve?.({ path: "~/utils/env.server", resolveDir: path.join(root, "app") })).toEqual({
      path: "~/utils/env.server",
      namespace: "empty-module",
      sideEffects: false,
    });
  });
});
