import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Caching policies have one name each (issue 43): app/ sets `Cache-Control` from `cacheControl` in
 * app/utils/cache-control.ts, never by writing the header's text. The page cache keeps its own policies beside its
 * store (its files are not scanned).
 */
const root = path.resolve(import.meta.dirname, "../..");
const HEADER_TEXT = /["']Cache-Control["']\s*[:,]\s*["'`]/i;

const scanned = readdirSync(path.join(root, "app"), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
  .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
  .filter(
    (file) =>
      file !== "app/utils/cache-control.ts" &&
      !file.endsWith("page-cache.server.ts") &&
      !file.startsWith("app/page-cache/"),
  );

describe("Cache-Control by name", () => {
  it("no file of app/ writes the header's text", () => {
    expect(scanned.length).toBeGreaterThan(100);
    const written = scanned.filter((file) => HEADER_TEXT.test(readFileSync(path.join(root, file), "utf8")));
    expect(written).toEqual([]);
  });

  it.each([
    ['{ "Cache-Control": "no-store" }'],
    ['res.set("Cache-Control", "private, no-cache")'],
    ['headers.set("cache-control", `public, max-age=${seconds}`)'],
  ])("would catch %s", (code) => {
    expect(HEADER_TEXT.test(code)).toBe(true);
  });
});
