import { existsSync } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { env } from "~/utils/env.server";
import { getPage, listPosts, loadContentLibrary, parseContentFile } from "./content.server";
import { rssFeed, sitemapXml } from "./feeds.server";
import { headingLevels, slugify } from "./markdown.server";
import { backupsKept, privacyFacts } from "./privacy.server";
import { PUBLIC_PAGES } from "./site-pages";

const PAGES = [
  "about",
  "colors",
  "nonduality",
  "palindrome",
  "octahedron",
  "emotions",
  "healing",
  "seven-three-one",
  "privacy",
];
const htmlOf = (slug: string) =>
  getPage(slug)
    .parts.flatMap((p) => (p.kind === "html" ? [p.html] : []))
    .join("\n");
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe("the content library", () => {
  test("every teaching page exists with front matter and substantial text", () => {
    for (const slug of PAGES) {
      const page = getPage(slug);
      expect(page.title.length, slug).toBeGreaterThan(3);
      expect(page.wordCount, slug).toBeGreaterThan(500);
      expect(existsSync(path.resolve("public", `.${page.image}`)), page.image).toBe(true);
    }
  });

  test("headings form an outline: bodies start at h2 and never skip a level", () => {
    for (const item of [...PAGES.map(getPage), ...listPosts()]) {
      const levels = headingLevels(item.parts.flatMap((p) => (p.kind === "html" ? [p.html] : [])).join(""));
      expect(levels[0], item.slug).toBe(2);
      for (let i = 1; i < levels.length; i++)
        expect(levels[i]! - levels[i - 1]!, `${item.slug} #${i}`).toBeLessThanOrEqual(1);
      expect(headingLevels(item.nestedHtml)[0], item.slug).toBe(3);
    }
  });

  test("the blog: the spec's titles, dated August to September 2025 including 4-7 September, with the two anchors", () => {
    const posts = listPosts();
    const titles = posts.map((p) => p.title);
    for (const title of [
      "436",
      "43 Not Two",
      "Solfeggio Frequencies",
      "Fire / Desire",
      "The Four Elements and Our True Home",
      "Base 10 Is Especially Sacred",
      "Nine Eleven Twelve Thirteen",
      "Remembrance and Omniscience",
    ]) {
      expect(titles).toContain(title);
    }
    expect(titles.some((t) => /Pythagorean/.test(t))).toBe(true);
    for (const post of posts) expect(post.date >= "2025-08-01" && post.date <= "2025-09-30", post.slug).toBe(true);
    for (const day of ["2025-09-04", "2025-09-05", "2025-09-06", "2025-09-07"]) {
      expect(posts.map((p) => p.date)).toContain(day);
    }
    expect(posts.map((p) => p.slug)).toEqual(expect.arrayContaining(["fire-desire", "forty-three"]));
    expect(posts.map((p) => p.date)).toEqual([...posts.map((p) => p.date)].sort().reverse());
    expect(posts.find((p) => p.slug === "base-10-is-especially-sacred")?.video?.src).toBe(
      "/videos/octahedron-turning.webm",
    );
  });

  test("each page carries the links the spec lists", () => {
    const expectations: Record<string, string[]> = {
      about: ["/nonduality", "/palindrome", "/octahedron", "/emotions", "/colors", "/birth-date"],
      nonduality: ["/colors", "/palindrome", "/about"],
      palindrome: ["/nonduality", "/about", "/octahedron?from=palindrome"],
      octahedron: ["/seven-three-one"],
      emotions: ["/colors", "/healing", "/about"],
      healing: ["/emotions", "/blog"],
      "seven-three-one": ["/octahedron"],
    };
    for (const [slug, links] of Object.entries(expectations))
      expect(hrefs(htmlOf(slug)), slug).toEqual(expect.arrayContaining(links));
    const blogLinks = listPosts().flatMap((p) => hrefs(p.nestedHtml));
    expect(blogLinks).toEqual(
      expect.arrayContaining([
        "/octahedron",
        "/seven-three-one",
        "/palindrome",
        "/blog#fire-desire",
        "/blog#forty-three",
      ]),
    );
  });

  test("the spec's facts appear where the spec puts them", () => {
    const palindrome = htmlOf("palindrome");
    expect(palindrome).toContain("986383689");
    expect(palindrome).toContain("60");
    const article = htmlOf("seven-three-one");
    for (const sum of ["7+3+1=11", "0+9+1=10", "1+2+3=6", "11+10+6=27", "999"]) expect(article).toContain(sum);
    for (const heading of ["The Mathematics of 999", "Trinity in Action"])
      expect(article).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    expect(getPage("seven-three-one")).toMatchObject({
      title: "7 3 and 1 or Eleven",
      subtitle: "Trinity of Complete Creation",
    });
    expect(getPage("privacy").subtitle).toBe("Last updated August 8, 2025");
    const privacy = htmlOf("privacy");
    for (const heading of [
      "Information We Collect",
      "How We Use Information",
      "Cookies",
      "Your Rights",
      "Third Parties",
      "Data Protection",
      "Children",
      "Domains",
      "Updates to This Policy",
      "Contact",
    ]) {
      expect(privacy).toContain(`>${heading}</h2>`);
    }
    expect(privacy).toMatch(/13 to 17/);
    expect(privacy).toMatch(/under 13/);
    // retention is stated from the code's own rules (app/content/privacy.server.ts), in the page's "kept" table
    expect(privacy).toMatch(/<!-- slot:kept -->|What our database keeps/);
    expect(
      privacyFacts()
        .kept.map((k) => k.howLong)
        .join(" "),
    ).toMatch(/7 days, then deleted automatically/);
    expect(htmlOf("healing")).toMatch(/fourteen/i);
  });

  test("the privacy policy says what the backups hold, who can download them and how long they keep it (issue 47)", () => {
    const backups = privacyFacts().kept.find((k) => k.what.startsWith("Backups"));
    expect(backups?.what).toMatch(/every table above .*e-mail addresses.*and of the files members upload/);
    expect(backups?.tiedTo).toMatch(/administrators can download them/);
    // from the configuration the backup job runs on: seven daily archives by default
    expect(backups?.howLong).toBe(backupsKept(env.BACKUP_KEEP, env.BACKUP_INTERVAL_HOURS));
    expect(backupsKept(7, 24)).toBe(
      "one a day, the newest 7 kept (each is deleted when a newer one replaces it): what you delete, or ask us to delete, is gone from the backups within 7 days",
    );
    expect(backupsKept(3, 12)).toMatch(/^one every 12 hours, the newest 3 kept .* within 36 hours$/);
    const privacy = htmlOf("privacy");
    expect(privacy).toMatch(/backups of its whole database and of the files members upload/);
    expect(privacy).toMatch(/only its administrators can download them/);
    expect(privacy.replaceAll("&#39;", "'")).toContain(
      "What is deleted stays in the site's backups until they are replaced",
    );
  });

  test("bad front matter is refused with the file's name", () => {
    expect(() => parseContentFile("---\ntitle: x\n---\nbody", "broken.md")).toThrow(/broken\.md: bad front matter/);
  });

  test("a slot marker splits the body", () => {
    const page = parseContentFile(
      "---\ntitle: T\ndate: 2025-09-04\ndescription: A description long enough for the schema.\nslug: t\nimage: /x.svg\nimageAlt: x\n---\n## One\n\ntext\n\n<!-- slot:cards -->\n\n## Two\n",
      "t.md",
    );
    expect(page.parts.map((p) => p.kind)).toEqual(["html", "slot", "html"]);
    expect(page.date).toBe("2025-09-04");
  });

  test("the folder is found from the project root (how build/index.js runs) and loads the same library", () => {
    const library = loadContentLibrary(path.resolve(process.cwd(), "app/content"));
    expect(library.posts.length).toBe(listPosts().length);
    expect(slugify("Fire / Desire")).toBe("fire-desire");
  });
});

describe("sitemap and feed", () => {
  const parser = new XMLParser({ ignoreAttributes: false });

  test("sitemap.xml is valid XML listing every public page and post", () => {
    const xml = sitemapXml("https://example.org");
    expect(XMLValidator.validate(xml)).toBe(true);
    const locs = (parser.parse(xml).urlset.url as { loc: string }[]).map((u) => u.loc);
    for (const page of PUBLIC_PAGES) expect(locs).toContain(`https://example.org${page}`);
    for (const post of listPosts()) expect(locs).toContain(`https://example.org/blog/${post.slug}`);
  });

  test("the RSS feed is valid XML with one item per post", () => {
    const { xml } = rssFeed("https://example.org");
    expect(XMLValidator.validate(xml)).toBe(true);
    const items = parser.parse(xml).rss.channel.item as { title: string | number; link: string }[];
    expect(items.map((i) => String(i.title))).toEqual(listPosts().map((p) => p.title));
    expect(items[0]!.link).toBe(`https://example.org/blog/${listPosts()[0]!.slug}`);
  });
});
