import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { PRODUCTION_SERVER } from "../../scripts/app-server";
import { SERVER_INPUTS } from "../../scripts/build-server";
import { modulesLoadedServingPages } from "./helpers/module-recorder";

/**
 * Production runs JavaScript (decision 103): `npm start` is the build and then `node build/server.js`, and that
 * process serves pages with no TypeScript loader and no module of app/ or db/ loaded beside the build, so each of
 * the app's modules (settings, database pool, caches) exists once. Watched by a preloaded module recorder
 * (tests/fixtures/module-recorder) that notes every module the process loads.
 */
const root = path.resolve(import.meta.dirname, "../..");

describe("the production server", () => {
  it("is what npm start runs, after building only when the build is stale", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    // exec: a signal to npm reaches the server itself (scripts/build-if-stale.ts builds first when needed)
    expect(scripts.start).toBe(`tsx scripts/build-if-stale.ts && exec node ${PRODUCTION_SERVER}`);
    expect(scripts.build).toContain("scripts/build-server.ts");
    // The server bundle holds server.ts and its boot helpers, and nothing of app/: the app comes from the build.
    // Its entry reads .env and settles NODE_ENV before it imports them (decision 220).
    expect(JSON.parse(readFileSync(path.join(root, SERVER_INPUTS), "utf8"))).toEqual({
      [PRODUCTION_SERVER]: ["scripts/env-file.ts", "server-entry.ts"],
      "build/server-main.js": ["db/embedded.ts", "db/migrate.ts", "db/pg-boss.ts", "server.ts"],
    });
    expect(readFileSync(path.join(root, "Dockerfile"), "utf8")).toContain(`CMD ["node", "${PRODUCTION_SERVER}"]`);
  });

  it("serves pages as JavaScript: no tsx, no TypeScript file, one copy of the app's modules", async () => {
    const { lines, modules } = await modulesLoadedServingPages({});
    expect(modules).toContain(pathToFileURL(path.join(root, PRODUCTION_SERVER)).href);
    expect(modules).toContain(pathToFileURL(path.join(root, "build/server-main.js")).href);
    expect(modules).toContain(pathToFileURL(path.join(root, "build/index.js")).href);
    expect(modules.filter((url) => /\/node_modules\/tsx\//.test(url))).toEqual([]);
    expect(modules.filter((url) => /\.(c|m)?tsx?$/.test(url))).toEqual([]);
    const sources = ["app", "db", "scripts"].map((dir) => pathToFileURL(path.join(root, dir)).href + "/");
    expect(modules.filter((url) => sources.some((dir) => url.startsWith(dir)))).toEqual([]);
    for (const line of lines.filter((l) => l.startsWith("execArgv ") || l.startsWith("NODE_OPTIONS ")))
      expect(line).not.toMatch(/tsx/);
  }, 90_000);

  it("has its workers built as JavaScript that loads no TypeScript", () => {
    const workers = readdirSync(path.join(root, "build/workers")).sort();
    expect(workers).toEqual(["convert.js", "espeak.js"]);
    for (const worker of workers) {
      const code = readFileSync(path.join(root, "build/workers", worker), "utf8");
      expect(code).not.toMatch(/from "tsx|import\("tsx|\.tsx?"/);
    }
  });
});
