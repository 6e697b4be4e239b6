import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readManifest } from "../../scripts/bundle-size";
import { COMPILE_HINT } from "../../scripts/compile-hints";

/**
 * Decision 115: the chunks every page evaluates at once (entry.client's imports, React DOM among them) begin with
 * V8's compile hint, so Chromium compiles them off the main thread. Reads the production build (npm test builds
 * before vitest runs).
 */
const assets = path.resolve(import.meta.dirname, "../../public/build");

describe("V8 compile hints in the browser build", () => {
  it("put the hint first in every chunk entry.client imports, React DOM's included", () => {
    const { manifest } = readManifest(assets);
    const chunks = (manifest.entry.imports ?? []).map((url) =>
      readFileSync(path.join(assets, url.replace(/^\/build\//, "")), "utf8"),
    );
    expect(chunks.length).toBeGreaterThan(0);
    for (const source of chunks) expect(source.startsWith(COMPILE_HINT)).toBe(true);
    expect(chunks.some((source) => source.includes("Minified React error"))).toBe(true);
  });
});
