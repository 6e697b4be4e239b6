import { BLOG_FEED } from "~/site";
import { listPosts } from "./content.server";
import { PUBLIC_PAGES, escapeXml } from "./site-pages";

/** sitemap.xml: every public page and every blog post, with the post's date as its last change. */
export function sitemapXml(origin: string): string {
  const urls = [
    ...PUBLIC_PAGES.map((path) => ({ loc: `${origin}${path}`, lastmod: undefined as string | undefined })),
    ...listPosts().map((post) => ({ loc: `${origin}/blog/${post.slug}`, lastmod: post.date })),
  ];
  const body = urls
    .map(
      ({ loc, lastmod }) =>
        `  <url>\n    <loc>${escapeXml(loc)}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ""}\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** The blog's RSS 2.0 feed, newest first, and its date: the newest post's (its lastBuildDate, and Last-Modified). */
export function rssFeed(origin: string): { xml: string; lastModified: Date } {
  const posts = listPosts();
  const items = posts
    .map((post) => {
      const link = `${origin}/blog/${post.slug}`;
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${new Date(`${post.date}T12:00:00Z`).toUTCString()}</pubDate>`,
        `      <description>${escapeXml(post.description)}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastModified = posts[0] ? new Date(`${posts[0].date}T12:00:00Z`) : new Date(0);
  const latest = lastModified.toUTCString();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(BLOG_FEED.title)}</title>
    <link>${escapeXml(`${origin}/blog`)}</link>
    <atom:link href="${escapeXml(`${origin}${BLOG_FEED.path}`)}" rel="self" type="application/rss+xml"/>
    <description>Essays on the ten universal principles, their colours, elements and geometry.</description>
    <language>en</language>
    <lastBuildDate>${latest}</lastBuildDate>
${items}
  </channel>
</rss>
`;
  return { xml, lastModified };
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /api/\nDisallow: /debug-terminology\nDisallow: /user-profile\n\nSitemap: ${origin}/sitemap.xml\n`;
}
