import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoversRoutesLazily, inlineManifestScript, pageScriptBytes, readManifest } from "../../scripts/bundle-size";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Lazy route discovery (decision 126): a document holds only its page's part of the route manifest, inline, and the
 * browser asks `/__manifest` for the routes of the links it shows. What the bundle budget counts for that inline
 * part is what the documents hold, and `/__manifest` answers hostile requests with a 4xx or a cacheable answer,
 * never a 500.
 */
const root = path.resolve(import.meta.dirname, "../..");
const assets = path.join(root, "public/build");
const site = serveBuildForFile();

const { manifest } = readManifest(assets);

/** The document's inline manifest script, as Remix wrote it. */
async function inlineManifestOf(pathname: string): Promise<string> {
  const html = await (await fetch(`${site.base}${pathname}`)).text();
  const start = html.indexOf("window.__remixManifest = ");
  expect(start, `${pathname} has an inline manifest`).toBeGreaterThan(-1);
  const inline = html.slice(start, html.indexOf(";\n", start) + 1);
  // the whole manifest's file is named in it (its "url"), and neither imported nor preloaded anywhere
  expect(html.replace(inline, "")).not.toMatch(/\/build\/manifest-[A-Z0-9]+\.js/);
  return inline;
}

describe("lazy route discovery", () => {
  it("is on in the production build, and each document holds only its page's routes, as the budget counts them", async () => {
    expect(discoversRoutesLazily(assets)).toBe(true);
    const all = Object.keys(manifest.routes).length;
    for (const [pathname, routeId] of [
      ["/", "routes/_index"],
      ["/about", "routes/about"],
      ["/blog", "routes/blog._index"],
      ["/astrology/Mars", "routes/astrology.($planet)"],
      ["/forum", "routes/forum._index"],
    ] as const) {
      const inline = await inlineManifestOf(pathname);
      expect(inline, pathname).toBe(inlineManifestScript(manifest, routeId));
      const routes = Object.keys((JSON.parse(inline.slice(inline.indexOf("{"), -1)) as typeof manifest).routes);
      expect(routes).toContain("root");
      expect(routes).toContain(routeId);
      expect(routes.length, pathname).toBeLessThan(all / 5);
      // the budget counts the inline part and no manifest file
      const page = pageScriptBytes(assets).get(routeId)!;
      expect(page.files.some((url) => url.includes("/manifest-"))).toBe(false);
      expect(page.inline).toBeGreaterThan(200);
    }
  });

  it("answers /__manifest with the routes of the paths asked for, cacheable for good (the version is in the address)", async () => {
    const response = await fetch(`${site.base}/__manifest?p=/blog/fire-desire&p=/privacy&version=${manifest.version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const routes = Object.keys((await response.json()) as Record<string, unknown>);
    expect(routes).toEqual(
      expect.arrayContaining(["root", "routes/blog.$slug", "routes/blog._index", "routes/privacy"]),
    );
    expect(routes).not.toContain("routes/forum._index");
  });

  it("answers a stale, empty, oversized or malformed /__manifest request with a 2xx or 4xx, never a 500", async () => {
    const version = manifest.version;
    const stale = await fetch(`${site.base}/__manifest?p=/blog&version=stale`);
    expect(stale.status).toBe(204); // the browser reloads the page it navigates to: a new build is out
    expect(stale.headers.get("x-remix-reload-document")).toBe("true");
    expect((await fetch(`${site.base}/__manifest?version=${version}`)).status).toBe(400);
    expect((await fetch(`${site.base}/__manifest?p=${"/a".repeat(5000)}&version=${version}`)).status).toBe(400);
    for (const hostile of [
      "%00",
      "/%E0%A4%A",
      "/../../etc/passwd",
      "//evil.example/x",
      "/forum/topic/%F0%9F%98%80",
      "*",
    ]) {
      const response = await fetch(`${site.base}/__manifest?p=${hostile}&version=${version}`);
      expect(response.status, hostile).toBe(200);
      expect(Object.keys((await response.json()) as Record<string, unknown>), hostile).toContain("root");
    }
  });
});
