/**
 * The site's pages as a visitor reaches them: from `start` (and every page the sitemap lists), follow every
 * same-site <a href> breadth-first. Used by the dead-link crawl (tests/e2e/site-crawl.spec.ts) and the HTML
 * validation of every page as served (tests/integration/html-validation.test.ts). Read-aloud links (one per page,
 * each a speech synthesis) are audio, not pages. `get` fetches a path however the caller does it (Playwright's
 * request, fetch with a member's cookie); its `body` is the raw bytes.
 */
export type CrawledAnswer = { status: number; contentType: string; body: Uint8Array };
export type CrawledPage = CrawledAnswer & { path: string; linkedFrom: string };

export async function crawlSite(
  get: (path: string) => Promise<CrawledAnswer>,
  { start = ["/"], max = 400 }: { start?: string[]; max?: number } = {},
): Promise<CrawledPage[]> {
  const seen = new Map<string, string>(); // path → the page that linked to it
  const queue: string[] = [];
  const visit = (path: string, from: string) => {
    if (seen.has(path)) return;
    seen.set(path, from);
    queue.push(path);
  };
  for (const path of start) visit(path, "(start)");
  const sitemap = await get("/sitemap.xml");
  for (const [, loc] of new TextDecoder().decode(sitemap.body).matchAll(/<loc>([^<]+)<\/loc>/g)) {
    visit(new URL(loc!).pathname, "/sitemap.xml");
  }
  const pages: CrawledPage[] = [];
  while (queue.length > 0 && pages.length < max) {
    const path = queue.shift()!;
    const answer = await get(path);
    pages.push({ ...answer, path, linkedFrom: seen.get(path)! });
    if (answer.status !== 200 || !answer.contentType.includes("text/html")) continue;
    const html = new TextDecoder().decode(answer.body);
    for (const [, raw] of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
      const href = raw!.replace(/&amp;/g, "&");
      if (!href.startsWith("/") || href.startsWith("//")) continue;
      // each a speech synthesis (the audio, or its listen page): left to the read-aloud tests
      if (href.startsWith("/read-aloud") || href.startsWith("/listen?")) continue;
      const url = new URL(href, "http://site");
      visit(url.pathname + url.search, path);
    }
  }
  return pages;
}
