import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { z } from "zod";
import { renderMarkdown } from "./markdown.server";

/**
 * The site's teaching pages and blog posts: Markdown files with front matter under app/content/pages and
 * app/content/posts, read and rendered ONCE when the server module loads (never per request).
 *
 * A body may hold slots, `<!-- slot:cards -->`, where a route places a component between parts of the text.
 */
const isoDate = z.union([z.date(), z.string()]).transform((value, ctx) => {
  const date = value instanceof Date ? value : new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: "custom", message: "date must be YYYY-MM-DD" });
    return z.NEVER;
  }
  return date.toISOString().slice(0, 10);
});

const frontMatterSchema = z.object({
  title: z.string().min(1),
  date: isoDate,
  description: z.string().min(20).max(200),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  image: z.string().startsWith("/"),
  imageAlt: z.string().min(1),
  subtitle: z.string().optional(),
  /** One of the site's own videos under public/videos (WebM, with a .vtt captions file beside it). */
  video: z.object({ src: z.string().regex(/^\/videos\/[a-z0-9-]+\.webm$/), title: z.string().min(1) }).optional(),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;
export type ContentPart = { kind: "html"; html: string } | { kind: "slot"; name: string };

export type ContentPage = FrontMatter & {
  /** The body split at its slots; every html part rendered with `##` as <h2>. */
  parts: ContentPart[];
  /** The whole body as HTML with headings shifted one level down (posts nested under an <h2> on /blog). */
  nestedHtml: string;
  /** The same, split at its slots (the /blog list places a post's video where its text says). */
  nestedParts: ContentPart[];
  /** Plain words, for reading time and the feed. */
  wordCount: number;
};

export type ContentLibrary = { pages: Map<string, ContentPage>; posts: ContentPage[] };

const SLOT = /<!--\s*slot:([a-z0-9-]+)\s*-->/g;

export function parseContentFile(source: string, file: string): ContentPage {
  const { data, content } = matter(source);
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `${file}: bad front matter: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
    );
  }
  const split = (options?: Parameters<typeof renderMarkdown>[1]) => {
    const parts: ContentPart[] = [];
    let last = 0;
    for (const match of content.matchAll(SLOT)) {
      const text = content.slice(last, match.index);
      if (text.trim()) parts.push({ kind: "html", html: renderMarkdown(text, options) });
      parts.push({ kind: "slot", name: match[1]! });
      last = match.index! + match[0].length;
    }
    const rest = content.slice(last);
    if (rest.trim()) parts.push({ kind: "html", html: renderMarkdown(rest, options) });
    return parts;
  };
  const nested = { headingOffset: 1, idPrefix: `${parsed.data.slug}-` };
  const nestedHtml = renderMarkdown(content.replace(SLOT, ""), nested);
  const wordCount = content
    .replace(SLOT, "")
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
  return { ...parsed.data, parts: split(), nestedParts: split(nested), nestedHtml, wordCount };
}

/**
 * Where the Markdown lives. The server runs from the project folder (server.ts imports build/index.js), so
 * process.cwd() is tried first; the module's own location covers tests and a build started from elsewhere.
 */
export function findContentDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(process.cwd(), "app/content"), here, path.resolve(here, "../app/content")];
  const found = candidates.find((dir) => existsSync(path.join(dir, "pages")) && existsSync(path.join(dir, "posts")));
  if (!found) throw new Error(`Content folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

function readFolder(dir: string): ContentPage[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => parseContentFile(readFileSync(path.join(dir, name), "utf8"), name));
}

export function loadContentLibrary(dir = findContentDir()): ContentLibrary {
  const pages = new Map(readFolder(path.join(dir, "pages")).map((page) => [page.slug, page]));
  const posts = readFolder(path.join(dir, "posts")).sort((a, b) => b.date.localeCompare(a.date));
  const slugs = new Set<string>();
  for (const post of posts) {
    if (slugs.has(post.slug)) throw new Error(`Two posts share the slug ${post.slug}`);
    slugs.add(post.slug);
  }
  return { pages, posts };
}

/** Loaded once, when the server build is imported. */
const library = loadContentLibrary();

export function getPage(slug: string): ContentPage {
  const page = library.pages.get(slug);
  if (!page) throw new Error(`Missing content page ${slug}.md`);
  return page;
}

/** Newest first. */
export function listPosts(): ContentPage[] {
  return library.posts;
}

export function getPost(slug: string): ContentPage | undefined {
  return library.posts.find((post) => post.slug === slug);
}

/** What a page route needs from its Markdown file (plain data, safe to send to the browser). */
export function pageForRoute(slug: string) {
  const { title, subtitle, description, image, imageAlt, parts, video, date } = getPage(slug);
  return { title, subtitle, description, image, imageAlt, parts, video, date };
}
