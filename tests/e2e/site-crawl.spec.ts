import { expect, test } from "./fixtures";

/**
 * No dead link anywhere: starting from /, follow every same-site <a href> (and every page the sitemap lists)
 * and require each to answer 200. Protected pages may answer with a redirect to /auth, which is followed.
 * Read-aloud links (one per page, each a speech synthesis: the audio, or its listen page) are left to the
 * read-aloud tests (speech.spec.ts, read-along.spec.ts).
 * Every page is well-formed UTF-8 with no NUL byte (React 18.3.1 streamed NULs where a character met the end of its
 * 2 KB buffer, shown as "Mars 28�°57′ Leo": the react-dom patch, decision 104).
 */
test("every internal link on the site answers 200", async ({ request, jsEnabled }) => {
  test.skip(!jsEnabled, "no browser involved: once is enough");
  test.setTimeout(120_000);
  const seen = new Map<string, string>(); // path → the page that linked to it
  const queue: string[] = ["/"];
  seen.set("/", "(start)");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(loc!).pathname;
    if (!seen.has(path)) {
      seen.set(path, "/sitemap.xml");
      queue.push(path);
    }
  }
  const dead: string[] = [];
  const garbled: string[] = [];
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  while (queue.length > 0 && seen.size < 400) {
    const path = queue.shift()!;
    const response = await request.get(path);
    if (response.status() !== 200) {
      dead.push(`${path} → ${response.status()} (linked from ${seen.get(path)})`);
      continue;
    }
    if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
    const bytes = await response.body();
    let html: string;
    try {
      html = utf8.decode(bytes);
    } catch {
      garbled.push(`${path}: not UTF-8`);
      continue;
    }
    if (bytes.includes(0)) garbled.push(`${path}: NUL byte at ${bytes.indexOf(0)}`);
    for (const [, raw] of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
      const href = raw!.replace(/&amp;/g, "&");
      if (
        !href.startsWith("/") ||
        href.startsWith("//") ||
        href.startsWith("/read-aloud") ||
        href.startsWith("/listen?")
      )
        continue;
      const url = new URL(href, "http://site");
      const target = url.pathname + url.search;
      if (!seen.has(target)) {
        seen.set(target, path);
        queue.push(target);
      }
    }
  }
  expect(seen.size).toBeGreaterThan(20);
  expect(dead, "dead internal links").toEqual([]);
  expect(garbled, "pages whose bytes are not clean UTF-8 text").toEqual([]);
});
