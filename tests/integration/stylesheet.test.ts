import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";
import { cookieFor, member } from "./forum-helpers";

/**
 * The stylesheet in the documents, through the real server (decisions 101 and 114): a visitor's document (and so
 * every page the page cache keeps) carries the whole sheet inline; a signed-in member's links the built file,
 * which is served as immutable and allowed by the CSP. Needs a build (npm test makes one).
 */
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
let base = "";
let css = "";
let href = "";

beforeAll(async () => {
  const assets = path.resolve(import.meta.dirname, "../../public/build/_assets");
  expect(existsSync(path.resolve(import.meta.dirname, "../../build/index.js")), "run `npm run build` first").toBe(true);
  const file = readdirSync(assets).find((name) => /^tailwind-[A-Z0-9]+\.css$/.test(name))!;
  href = `/build/_assets/${file}`;
  css = readFileSync(path.join(assets, file), "utf8");
  server = await startAppServer({ PAGE_CACHE_SECONDS: "30" }, { stderr: "inherit" });
  base = server.base;
});

afterAll(async () => {
  await server?.stop();
});

async function visit(pathname: string, cookie?: string) {
  const response = await fetch(`${base}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The page as the page cache keeps it (it stores a page once its section is ready; decision 100). */
async function cachedVisit(pathname: string) {
  for (let i = 0; i < 50; i++) {
    const page = await visit(pathname);
    if (page.headers.get("x-page-cache") === "hit") return page;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${pathname} was never served from the cache`);
}

const LINKED = /<link id="site-stylesheet" rel="stylesheet" href="([^"]+)"\/>/;
const INLINE = /<style id="site-stylesheet">([\s\S]*?)<\/style>/;

describe("the stylesheet", () => {
  it("is inline in a visitor's documents, kept ones included, and never linked", async () => {
    for (const pathname of ["/forum", "/about", "/"]) {
      for (const page of [await visit(pathname), await cachedVisit(pathname)]) {
        expect(page.status, pathname).toBe(200);
        expect(INLINE.exec(page.body)?.[1], pathname).toBe(css.replaceAll("</", "<\\/"));
        expect(page.body, pathname).not.toContain('rel="stylesheet"');
      }
    }
  });

  it("is a link to the immutable built file in a member's documents", async () => {
    const reader = await member();
    const cookie = await cookieFor(reader.id);
    for (const pathname of ["/forum", "/user-profile", "/about"]) {
      const page = await visit(pathname, cookie);
      expect(page.status, pathname).toBe(200);
      expect(page.body, pathname).toContain(reader.username);
      expect(LINKED.exec(page.body)?.[1], pathname).toBe(href);
      expect(page.body, pathname).not.toContain("<style");
      const csp = page.headers.get("content-security-policy") ?? "";
      expect(/style-src ([^;]*)/.exec(csp)?.[1]?.split(" "), pathname).toContain("'self'");
    }
    const file = await fetch(`${base}${href}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("text/css");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await file.text()).toBe(css);
  });

  it("stays inline when a session cookie is no longer valid (the visitor is signed out)", async () => {
    const page = await visit("/forum", "__session=expired.invalid");
    expect(page.status).toBe(200);
    expect(INLINE.exec(page.body)?.[1]).toBe(css.replaceAll("</", "<\\/"));
    expect(page.body).not.toContain('rel="stylesheet"');
  });
});
