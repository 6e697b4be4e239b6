import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The boundary of decision 105 and ../shared/DESIGN.md: the entry modules import no domain (the page cache's
 * sections are gathered in app/utils/page-sections.server.ts), and no domain imports a route or an entry module.
 */
const app = path.resolve(import.meta.dirname, "../../app");
/** Folders of app/ that are not domains: shared helpers, shared UI, the job queue, and the routes themselves. */
const NOT_DOMAINS = new Set(["components", "utils", "jobs", "routes"]);
const domains = readdirSync(app, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_DOMAINS.has(entry.name))
  .map((entry) => entry.name);

/** Every module specifier a file imports or re-exports from (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/g)].map((m) => m[1]);
  found.push(...[...text.matchAll(/(?:^|\n)\s*import\s+"([^"]+)"/g)].map((m) => m[1]));
  found.push(...[...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]));
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("app boundaries", () => {
  it("finds the domains", () => {
    expect(domains).toEqual(expect.arrayContaining(["forum", "astrology", "numerology", "content", "accounts"]));
  });

  it.each(["entry.server.tsx", "entry.client.tsx"])("%s imports no domain", (entry) => {
    const imports = importsOf(path.join(app, entry));
    expect(imports.length).toBeGreaterThan(0);
    const leaks = imports.filter((specifier) => domains.some((domain) => specifier.startsWith(`~/${domain}/`)));
    expect(leaks).toEqual([]);
  });

  it("no domain imports a route, the root or an entry module", () => {
    const leaks = domains.flatMap((domain) =>
      filesUnder(path.join(app, domain)).flatMap((file) =>
        importsOf(file)
          .filter((specifier) => /^~\/(routes\/|root$|entry\.)|\/routes\/|\/entry\.(server|client)$/.test(specifier))
          .map((specifier) => `${path.relative(app, file)} imports ${specifier}`),
      ),
    );
    expect(leaks).toEqual([]);
  });
});
