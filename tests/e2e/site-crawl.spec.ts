import { crawlSite } from "../support/site-crawl";
import { expect, test } from "./fixtures";

/**
 * No dead link anywhere: starting from /, follow every same-site <a href> (and every page the sitemap lists)
 * and require each to answer 200 (tests/support/site-crawl.ts). Protected pages may answer with a redirect to
 * /auth, which is followed. Read-aloud links (one per page, each a speech synthesis: the audio, or its listen page)
 * are left to the read-aloud tests (speech.spec.ts, read-along.spec.ts). Every page is well-formed UTF-8 with no NUL
 * byte (React 18.3.1 streamed NULs where a character met the end of its 2 KB buffer, shown as "Mars 28�°57′ Leo":
 * the react-dom patch, decision 104).
 */
test("every internal link on the site answers 200", async ({ request, jsEnabled }) => {
  test.skip(!jsEnabled, "no browser involved: once is enough");
  test.setTimeout(120_000);
  const pages = await crawlSite(async (path) => {
    const response = await request.get(path);
    return {
      status: response.status(),
      contentType: response.headers()["content-type"] ?? "",
      body: await response.body(),
    };
  });
  const dead: string[] = [];
  const garbled: string[] = [];
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  for (const { path, status, contentType, body, linkedFrom } of pages) {
    if (status !== 200) {
      dead.push(`${path} → ${status} (linked from ${linkedFrom})`);
      continue;
    }
    if (!contentType.includes("text/html")) continue;
    try {
      utf8.decode(body);
    } catch {
      garbled.push(`${path}: not UTF-8`);
      continue;
    }
    if (body.includes(0)) garbled.push(`${path}: NUL byte at ${body.indexOf(0)}`);
  }
  expect(pages.length).toBeGreaterThan(20);
  expect(dead, "dead internal links").toEqual([]);
  expect(garbled, "pages whose bytes are not clean UTF-8 text").toEqual([]);
});
