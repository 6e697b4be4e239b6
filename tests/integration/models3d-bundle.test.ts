import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * three.js ships only with the 3D pages: it lives in the lazily imported viewer chunk, and no other route's
 * module or static imports contain it. Reads the production build (npm test builds before vitest runs).
 */
const build = path.resolve(import.meta.dirname, "../../public/build");
const THREE_D_ROUTES = new Set(["routes/3d-viewer", "routes/3d-viewer_.$urn", "routes/octahedron"]);

describe("three.js bundle placement", () => {
  it("keeps three.js out of every other route's JavaScript", () => {
    expect(existsSync(build), "run `npm run build` first").toBe(true);
    const manifestFile = readdirSync(build).find((f) => /^manifest-.*\.js$/.test(f))!;
    const source = readFileSync(path.join(build, manifestFile), "utf8");
    const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as {
      routes: Record<string, { module: string; imports?: string[] }>;
      entry: { module: string; imports?: string[] };
    };
    const read = (url: string) => readFileSync(path.join(build, url.replace(/^\/build\//, "")), "utf8");
    const hasThree = (code: string) => code.includes("WebGLRenderer") || code.includes("model-viewer.client");

    const viewerChunks = readdirSync(path.join(build, "_shared")).filter((f) => f.startsWith("model-viewer.client-"));
    expect(viewerChunks).toHaveLength(1);
    expect(readFileSync(path.join(build, "_shared", viewerChunks[0]!), "utf8")).toContain("WebGLRenderer");

    for (const file of [manifest.entry.module, ...(manifest.entry.imports ?? [])])
      expect(hasThree(read(file)), file).toBe(false);
    const checked: string[] = [];
    for (const [id, route] of Object.entries(manifest.routes)) {
      const files = [route.module, ...(route.imports ?? [])];
      const found = files.some((file) => hasThree(read(file)));
      if (THREE_D_ROUTES.has(id)) {
        expect(found, `${id} should reach the viewer chunk`).toBe(true);
      } else {
        expect(found, `${id} must not include three.js`).toBe(false);
        checked.push(id);
      }
    }
    expect(checked).toContain("routes/_index");
  });
});
