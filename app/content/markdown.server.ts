import { Marked, type MarkedExtension, type Tokens } from "marked";

/**
 * The site's one Markdown setup: CommonMark with GitHub's extensions (autolinks, lists, tables, strikethrough), by
 * `marked`. Its pages (decision 060) and the forum's posts (decision 340) each add their own renderers to it.
 */
export function siteMarked(options: MarkedExtension = {}, ...extensions: MarkedExtension[]): Marked {
  return new Marked({ ...options, gfm: true }, ...extensions);
}

/** A heading's id: lower case words joined by hyphens ("Fire / Desire" → "fire-desire"). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Renders a Markdown body to HTML. `headingOffset` shifts every heading down (a post's `##` becomes `<h3>` on the
 * blog index, where the post's own title is the `<h2>`), so each page keeps one outline without skipped levels.
 * Headings get ids (prefixed with `idPrefix`) so sections can be linked to.
 */
export function renderMarkdown(source: string, { headingOffset = 0, idPrefix = "" } = {}): string {
  const marked = siteMarked();
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading["tokens"]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const level = Math.min(6, token.depth + headingOffset);
        return `<h${level} id="${idPrefix}${slugify(token.text)}">${inner}</h${level}>\n`;
      },
    },
  });
  return marked.parse(source, { async: false }) as string;
}

/** The heading levels of rendered HTML in document order (for outline checks). */
export function headingLevels(html: string): number[] {
  return [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
}
