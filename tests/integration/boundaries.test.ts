import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers of app/ are enforced by lint (decision 240, eslint.config.js): import-x/no-restricted-paths holds the
 * layers (and decision 105: the entry modules import no domain), import-x/no-cycle forbids import cycles and
 * import-x/no-extraneous-dependencies wants every package declared. `npm test` lints the whole tree; this file
 * proves the rules catch each kind of breach, and that no file or folder is exempt from them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const BOUNDARY_RULES = ["import-x/no-restricted-paths", "import-x/no-cycle", "import-x/no-extraneous-dependencies"];

/** The boundary rules' complaints about `code` if it were the file at `file` (the file need not exist). */
async function boundaryProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? "")).map((m) => m.ruleId!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|mjs|js)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith("db/migrations/"));
}

describe("the layers", () => {
  it.each([
    ["utils imports a domain", "app/utils/new-helper.ts", "~/forum/topics.server"],
    ["utils imports a component", "app/utils/new-helper.ts", "~/components/toaster"],
    ["utils imports the job queue", "app/utils/new-helper.ts", "~/jobs/queue.server"],
    ["a component imports a domain", "app/components/new-part.tsx", "~/speech/text"],
    ["the job queue imports a domain", "app/jobs/new-lane.server.ts", "~/accounts/users.server"],
    ["mail imports a domain", "app/mail/new-mail.server.ts", "~/forum/notifications.server"],
    ["ai imports a domain", "app/ai/new-provider.server.ts", "~/numerology/principles"],
    ["db imports app code", "db/new-table.ts", "../app/moderation/labels"],
    ["db imports app code by its alias", "db/new-table.ts", "~/utils/dates"],
    ["site.ts imports app code", "app/site.ts", "~/utils/dates"],
    ["an entry module imports a domain", "app/entry.server.tsx", "~/forum/page-cache.server"],
    ["a domain imports a route", "app/forum/new-rule.ts", "~/routes/forum._index"],
    ["a domain imports the root", "app/astrology/new-rule.ts", "~/root"],
    ["a domain imports an entry module", "app/numerology/new-rule.ts", "~/entry.server"],
    ["a domain imports the assembly", "app/accounts/new-rule.server.ts", "~/assembly/registry.server"],
    ["the assembly imports a route", "app/assembly/new-part.server.ts", "~/routes/_index"],
    ["a route imports the page cache", "app/routes/new-page.tsx", "~/page-cache/section"],
    ["the root imports the page cache", "app/root.tsx", "~/page-cache/middleware.server"],
    ["a domain's other file imports the page cache", "app/forum/new-rule.server.ts", "~/page-cache/section"],
    ["a domain's component imports the page cache", "app/accounts/ui/new-part.tsx", "~/page-cache/memo.server"],
    ["a component imports the page cache", "app/components/new-part.tsx", "~/page-cache/section"],
    ["utils imports the page cache", "app/utils/new-helper.server.ts", "~/page-cache/store.server"],
    ["the page cache imports a domain", "app/page-cache/new-part.server.ts", "~/forum/pages"],
    ["the page cache imports a route", "app/page-cache/new-part.server.ts", "~/routes/_index"],
  ])("refuses: %s", async (_, file, specifier) => {
    expect(await boundaryProblems(file, `export * from "${specifier}";\n`)).toEqual(["import-x/no-restricted-paths"]);
  });

  it.each([
    ["a route imports a domain", "app/routes/new-page.tsx", "~/forum/topics.server"],
    ["a domain imports another", "app/numerology/new-rule.ts", "~/astrology/zodiac"],
    ["a domain imports the job queue", "app/forum/new-job.server.ts", "~/jobs/queue.server"],
    ["a domain imports a component", "app/speech/ui/new-part.tsx", "~/components/toaster"],
    ["a domain imports db", "app/forum/new-query.server.ts", "#db/schema"],
    ["a component imports utils", "app/components/new-part.tsx", "~/utils/dates"],
    ["utils imports db", "app/utils/new-helper.server.ts", "#db/client.server"],
    ["utils imports site.ts", "app/utils/new-helper.ts", "~/site"],
    ["the job queue imports utils", "app/jobs/new-lane.server.ts", "~/utils/env.server"],
    ["the assembly imports a domain", "app/assembly/new-part.server.ts", "~/forum/page-cache.server"],
    ["an entry module imports the assembly", "app/entry.server.tsx", "~/assembly/page-sections.server"],
    ["db imports db", "db/new-table.ts", "./flag-reasons"],
    [
      "a domain's page-cache.server.ts imports the page cache",
      "app/forum/page-cache.server.tsx",
      "~/page-cache/section",
    ],
    ["the assembly imports the page cache", "app/assembly/new-part.server.ts", "~/page-cache/middleware.server"],
    ["an entry module imports the page cache", "app/entry.server.tsx", "~/page-cache/middleware.server"],
    ["the page cache imports components and utils", "app/page-cache/new-part.server.ts", "~/components/page-hole"],
  ])("allows: %s", async (_, file, specifier) => {
    expect(await boundaryProblems(file, `export * from "${specifier}";\n`)).toEqual([]);
  });
});

describe("the page cache's zone (app/page-cache/, docs/page-cache.md)", () => {
  const PAGE_CACHE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*"(?:~\/page-cache\/|(?:\.\.?\/)+page-cache\/)[^"]*"/;
  const allowed = (file: string) =>
    /^app\/(page-cache|assembly)\//.test(file) ||
    /^app\/entry\.(server|client)\.tsx$/.test(file) ||
    /^app\/[^/]+\/page-cache\.server\.tsx?$/.test(file) ||
    file === "app/load-context.d.ts";

  it("no file of app/ outside the zone imports it, and no route calls doNotCache", () => {
    const files = sourceFiles("app").filter((file) => !/\.test\.tsx?$/.test(file));
    const importers = files.filter((file) => PAGE_CACHE_IMPORT.test(readFileSync(path.join(root, file), "utf8")));
    expect(importers.length).toBeGreaterThan(4);
    expect(importers.filter((file) => !allowed(file))).toEqual([]);
    const routes = files.filter((file) => file.startsWith("app/routes/"));
    expect(routes.filter((file) => /doNotCache|notKept\(/.test(readFileSync(path.join(root, file), "utf8")))).toEqual(
      [],
    );
  });

  it("the scan finds a route's import of the page cache", () => {
    expect(PAGE_CACHE_IMPORT.test(`import { notKept } from "~/page-cache/section";`)).toBe(true);
    expect(PAGE_CACHE_IMPORT.test(`import type { PageTicket } from "../page-cache/section";`)).toBe(true);
    expect(PAGE_CACHE_IMPORT.test(`import { PageHole } from "~/components/page-hole";`)).toBe(false);
    expect(allowed("app/routes/angel.tsx")).toBe(false);
    expect(allowed("app/forum/topic-page.server.ts")).toBe(false);
  });
});

describe("declared dependencies", () => {
  it("refuses a package that package.json does not declare (installed as another's dependency)", async () => {
    expect(await boundaryProblems("app/utils/new-helper.ts", `export * from "ms";\n`)).toEqual([
      "import-x/no-extraneous-dependencies",
    ]);
  });

  it("refuses a devDependency in app code, allows it in tests, scripts and configs", async () => {
    const code = `export * from "vitest";\n`;
    expect(await boundaryProblems("app/utils/new-helper.ts", code)).toEqual(["import-x/no-extraneous-dependencies"]);
    expect(await boundaryProblems("db/new-table.ts", code)).toEqual(["import-x/no-extraneous-dependencies"]);
    for (const file of ["tests/integration/new.test.ts", "app/utils/new-helper.test.ts", "scripts/new-bench.ts"])
      expect(await boundaryProblems(file, code)).toEqual([]);
  });
});

describe("import cycles", () => {
  it("refuses a module that imports one that imports it back", async () => {
    // app/utils/cost-limits.server.ts imports ./http.server: http.server importing it back closes a cycle
    expect(await boundaryProblems("app/utils/http.server.ts", `export * from "./cost-limits.server";\n`)).toEqual([
      "import-x/no-cycle",
    ]);
    expect(readFileSync(path.join(root, "app/utils/cost-limits.server.ts"), "utf8")).toContain('from "./http.server"');
  });

  it("refuses a cycle across folders", async () => {
    // accounts/person.server.ts imports utils/http.server.ts (clientIp): http.server importing person.server closes
    // a cycle (and breaks the layers besides)
    expect(await boundaryProblems("app/utils/http.server.ts", `export * from "~/accounts/person.server";\n`)).toEqual(
      expect.arrayContaining(["import-x/no-cycle", "import-x/no-restricted-paths"]),
    );
  });
});

/**
 * Which folders of app/ each folder imports (its files' static and dynamic imports, by the `~/` alias or a relative
 * path; tests left out): folder → the folders it uses.
 */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const app = path.join(root, "app");
  for (const file of sourceFiles("app")) {
    const [folder, ...rest] = path.relative("app", file).split(path.sep);
    if (rest.length === 0 || /\.test\.tsx?$/.test(file)) continue;
    const text = readFileSync(path.join(root, file), "utf8");
    for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^"]+)"/g)) {
      let target: string;
      if (specifier!.startsWith("~/")) target = specifier!.slice(2);
      else if (specifier!.startsWith("."))
        target = path.relative(app, path.resolve(path.dirname(path.join(root, file)), specifier!));
      else continue;
      const [to, ...below] = target.split("/");
      if (below.length === 0 || to === folder || to!.startsWith("..")) continue;
      graph.set(folder!, (graph.get(folder!) ?? new Set()).add(to!));
    }
  }
  return graph;
}

/** The cycles among folders, each as a path "a → b → a" (one per cycle found by a depth-first walk). */
function folderCycles(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const walk = (folder: string, trail: string[]) => {
    const at = trail.indexOf(folder);
    if (at >= 0) return void cycles.push([...trail.slice(at), folder].join(" → "));
    if (done.has(folder)) return;
    for (const next of graph.get(folder) ?? []) walk(next, [...trail, folder]);
    done.add(folder);
  };
  for (const folder of [...graph.keys()].sort()) walk(folder, []);
  return cycles;
}

describe("folders", () => {
  it("no two folders of app/ depend on each other, however far round (forum's parts know nothing of moderation)", () => {
    const graph = folderGraph();
    expect(graph.get("moderation")).toContain("forum");
    expect(graph.get("routes")?.size).toBeGreaterThan(8);
    expect(folderCycles(graph)).toEqual([]);
  });

  it("the walk finds a cycle when there is one", () => {
    const graph = new Map([
      ["forum", new Set(["utils", "moderation"])],
      ["moderation", new Set(["accounts", "forum"])],
      ["accounts", new Set(["utils"])],
    ]);
    expect(folderCycles(graph)).toEqual(["forum → moderation → forum"]);
  });
});

describe("no exemption", () => {
  const files = [...sourceFiles("app"), ...sourceFiles("db"), ...sourceFiles("scripts"), ...sourceFiles("tests")];

  it("every file of app/ and db/ is linted with the three boundary rules as errors", async () => {
    const appFiles = files.filter((file) => /^(app|db)\//.test(file));
    expect(appFiles.length).toBeGreaterThan(300);
    const weaker: string[] = [];
    for (const file of appFiles) {
      if (await eslint.isPathIgnored(path.join(root, file))) {
        weaker.push(`${file} is ignored`);
        continue;
      }
      const config = await eslint.calculateConfigForFile(path.join(root, file));
      for (const rule of BOUNDARY_RULES) {
        const setting = config.rules?.[rule];
        if (!setting || (Array.isArray(setting) ? setting[0] : setting) !== 2) weaker.push(`${file}: ${rule}`);
      }
    }
    expect(weaker).toEqual([]);
  });

  it("no file switches a boundary rule off in a comment", () => {
    const pattern = /eslint-disable[^\n]*import-x\/(no-cycle|no-restricted-paths|no-extraneous-dependencies)/;
    expect(files.filter((file) => pattern.test(readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });
});
