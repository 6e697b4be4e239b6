import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPost, createTopic } from "~/forum/topics.server";
import { BLOG_FEED } from "~/site";
import { crawlSite, type CrawledPage } from "../support/site-crawl";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Every page as the production build serves it passes the Nu Html Checker (vnu.jar from npm, run by Debian's Java;
 * decision 152): the pages a visitor reaches from / and the sitemap, the same crawl signed in as a member (the
 * profile, the forum's reply and edit forms), and the answers a visitor meets on the way (404, a 400 page, the
 * unsubscribe page). Every page names the blog's RSS feed in its head and ends with `</html>`.
 */
const site = serveBuildForFile();
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/**
 * The only messages left out: Nu's CSS checker (CSS 2.1/3 era) does not know three things the inline stylesheet
 * uses on purpose, all valid CSS that browsers implement: `@property` (CSS Properties and Values API, registered
 * custom properties) and the `margin-trim` inside an `@supports` feature test (a test for a property is written
 * exactly so that browsers without it skip the block), both Tailwind 4's; and the read-along highlight's
 * `::highlight(read-along)` (CSS Custom Highlight API, decision 194), which the checker reads as a parse error.
 * Each is matched by its message and the text it points at, so any other parse error still fails.
 */
const KNOWN_CSS_GAPS: Array<{ message: RegExp; extract?: RegExp }> = [
  { message: /^CSS: Unrecognized at-rule “@property”$/ },
  { message: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/ },
  { message: /^CSS: Parse Error\.$/, extract: /ight\(read-along\)\{/ },
];

type VnuMessage = { type: string; subType?: string; url: string; message: string; lastLine?: number; extract?: string };

function validate(pages: CrawledPage[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "served-pages-"));
  try {
    const files = new Map<string, string>(); // the checker's name of each file → the page's path
    const names = pages.map((page, i) => {
      const file = path.join(dir, `${String(i).padStart(3, "0")}.html`);
      writeFileSync(file, page.body);
      files.set(`file:${file}`, page.path);
      return file;
    });
    // One JVM for every page: the checker's start is most of its time.
    const run = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...names], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(run.error).toBeUndefined();
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    return messages
      .filter(
        (m) =>
          !KNOWN_CSS_GAPS.some(
            (gap) => gap.message.test(m.message) && (!gap.extract || gap.extract.test(m.extract ?? "")),
          ),
      )
      .map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? "?"}: ${m.type}: ${m.message} «${m.extract ?? ""}»`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fetchAs =
  (cookie?: string) =>
  async (pathname: string): Promise<{ status: number; contentType: string; body: Uint8Array }> => {
    const response = await fetch(`${site.base}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      body: new Uint8Array(await response.arrayBuffer()),
    };
  };

const html = (pages: CrawledPage[]) => pages.filter((page) => page.contentType.includes("text/html"));

describe("every page as served", () => {
  // Filled by the first test, read by the others (a file's tests run in order).
  const visited: CrawledPage[] = [];

  it("is found by crawling: as a visitor, as a member, and the error answers", async () => {
    const author = await member();
    const replier = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Validated ${Date.now()}`,
      description: "A topic for the validator",
      category: "general",
    });
    await createPost({ topicId: topic.id, authorId: replier.id, content: "A reply with **Markdown** and a <tag>." });
    const visitor = await crawlSite(fetchAs(), { start: ["/", `/forum/topic/${topic.id}`] });
    const signedIn = await crawlSite(fetchAs(await cookieFor(author.id)), {
      start: ["/", "/user-profile", `/forum/topic/${topic.id}`, `/forum/topic/${topic.id}?edit=1`],
      max: 120,
    });
    const answers = fetchAs();
    const errors: CrawledPage[] = [];
    for (const [pathname, status] of [
      ["/no-such-page", 404],
      ["/astrology/Vulcan", 404],
      ["/forum/topic/999999999", 404],
      ["/unsubscribe?token=not-a-token", 400],
      ["/reset-password?token=not-a-token", 200],
      ["/verify-email?token=not-a-token", 200],
    ] as const) {
      const answer = await answers(pathname);
      expect(answer.status, pathname).toBe(status);
      errors.push({ ...answer, path: pathname, linkedFrom: "(error answers)" });
    }
    visited.push(...html(visitor), ...html(signedIn), ...errors);
    expect(html(visitor).length).toBeGreaterThan(40);
    expect(html(signedIn).some((page) => page.path === "/user-profile" && page.status === 200)).toBe(true);
  }, 120_000);

  it("ends with </html>, with nothing after it, and names the blog's RSS feed in its head", () => {
    expect(visited.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const page of visited) {
      const text = new TextDecoder().decode(page.body);
      if (!/<\/body><\/html>$/.test(text)) wrong.push(`${page.path}: ends with ${JSON.stringify(text.slice(-80))}`);
      const head = text.slice(0, text.indexOf("</head>"));
      const feed = `<link rel="alternate" type="application/rss+xml" title="${BLOG_FEED.title}" href="${BLOG_FEED.path}"/>`;
      if (!head.includes(feed)) wrong.push(`${page.path}: no RSS link in the head`);
    }
    expect(wrong).toEqual([]);
  });

  it("passes the Nu Html Checker with no error", () => {
    expect(visited.length).toBeGreaterThan(40);
    expect(validate(visited)).toEqual([]);
  }, 300_000);

  it("the checker does find errors (a page with a script after </html>, as pages were)", () => {
    const page = visited.find((p) => p.path === "/")!;
    const text = new TextDecoder().decode(page.body);
    const broken = new TextEncoder().encode(`${text}<script>1</script>`);
    expect(validate([{ ...page, body: broken }]).join("\n")).toMatch(/Stray start tag “script”/);
  }, 60_000);
});

/**
 * A GET as a feed reader sends it. Not fetch(): the Fetch standard makes a request with If-None-Match or
 * If-Modified-Since also send `Cache-Control: no-cache`, which (rightly) always gets the whole file.
 */
function readerGet(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(`${site.base}${pathname}`, { headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

describe("conditional GET of the feeds", () => {
  it.each([
    ["/blog/rss.xml", true],
    ["/sitemap.xml", false],
    ["/astrology/calendar.ics", true],
  ])("%s answers 304 to its ETag (and to its Last-Modified: %s)", async (pathname, dated) => {
    const first = await readerGet(pathname);
    expect(first.status).toBe(200);
    expect(first.body.length).toBeGreaterThan(100);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await readerGet(pathname, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect((await readerGet(pathname, { "If-None-Match": '"other"' })).status).toBe(200);
    // A reload (Cache-Control: no-cache) gets the whole file.
    expect((await readerGet(pathname, { "If-None-Match": etag, "Cache-Control": "no-cache" })).status).toBe(200);
    const lastModified = first.headers["last-modified"];
    if (!dated) {
      expect(lastModified).toBeUndefined();
      return;
    }
    expect(lastModified).toBeDefined();
    const since = (at: number) => readerGet(pathname, { "If-Modified-Since": new Date(at).toUTCString() });
    expect((await since(Date.parse(lastModified!))).status).toBe(304);
    expect((await since(Date.parse(lastModified!) - 86_400_000)).status).toBe(200);
  });
});
