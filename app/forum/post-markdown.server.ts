import type { MarkedExtension, Token, Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { siteMarked } from "~/content/markdown.server";
import { ATTRIBUTION_PARTS, MENTION_PATTERN } from "./mentions";
import { memberHref } from "./pages";

/**
 * Forum posts in Markdown (decision 340): CommonMark with GitHub's autolinks, lists, tables and strikethrough, by the
 * site's one `marked` setup (`siteMarked`, decision 060), with a line break kept as written (`breaks`, as GitHub's
 * comments: posts written as plain text before keep their lines). What a member may not put in a page:
 *
 * - raw HTML is shown as the text it is, never as markup;
 * - an image becomes a link to its address (its alt text as the words): no page ever loads a remote image;
 * - a link leads only to http, https, mailto or an address on this site; any other is shown as its words;
 * - headings start at level 3 (the topic page's outline: its title h1, "Posts" h2) and carry no id;
 * - `@name` links to the member's page when the name is one the mention code resolves (`members`), else is emphasised;
 *   a post's site address (`/forum/topic/T/post/N`) is a link; a Quote's text (lines of `> ` and its attribution
 *   line) is a `<figure>`: the `<blockquote>`, and its author and link back as the caption.
 *
 * The renderer's HTML then passes an allow-list sanitiser (sanitize-html): only the elements below, `href` only on
 * links and only with the schemes above, `start` on ordered lists, and every link `rel="ugc nofollow noopener"`.
 * Anything else it meets is escaped as text.
 */

export const LINK_REL = "ugc nofollow noopener";

/** The members a post may link to: lower-cased name → the member's username. */
export type MentionedMembers = ReadonlyMap<string, string>;

const ALLOWED_TAGS = [
  ...["p", "br", "hr", "strong", "em", "del", "s", "code", "pre", "a"],
  ...["blockquote", "figure", "figcaption", "ul", "ol", "li", "h3", "h4", "h5", "h6"],
  ...["table", "thead", "tbody", "tr", "th", "td"],
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }) },
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Where a post's link may lead: an http(s) or mailto address, or a path on this site (`/…`, never `//…`, which is
 * another site); null for anything else (javascript:, data:, vbscript:, relative paths, odd characters).
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  // whitespace, a backslash (read as "/" by browsers: "/\\host" is another site) or a control character: refused
  if (!href || [...href].some((c) => /[\s\\]/.test(c) || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return null;
  if (/^\/(?!\/)/.test(href)) return encodeURI(href).replace(/%25/g, "%");
  try {
    const url = new URL(href);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) return url.href;
    if (url.protocol === "mailto:" && url.pathname.includes("@")) return url.href;
  } catch {
    // not an absolute address
  }
  return null;
}

/** A post's address on this site where no word or address runs into it (a quote's link back: decision 313). */
const POST_ADDRESS = /(?<![\w/.])\/forum\/topic\/\d+\/post\/\d+\b/;
const LOCAL_PATTERN = new RegExp(`${MENTION_PATTERN.source}|${POST_ADDRESS.source}`, "g");

type MentionToken = { type: "mention"; raw: string; name: string };
type PostAddressToken = { type: "postAddress"; raw: string; href: string };
type PostQuoteToken = {
  type: "postQuote";
  raw: string;
  author: string;
  number: string;
  href: string;
  tokens: Token[];
};

/** A leaf text token split into its text, mentions and post addresses. */
function splitText(token: Tokens.Text): Token[] {
  const pieces: Token[] = [];
  let last = 0;
  for (const { 0: found, index = 0 } of token.text.matchAll(LOCAL_PATTERN)) {
    if (index > last)
      pieces.push({ ...token, raw: token.text.slice(last, index), text: token.text.slice(last, index) });
    pieces.push(
      found.startsWith("@")
        ? ({ type: "mention", raw: found, name: found.slice(1) } satisfies MentionToken as unknown as Token)
        : ({ type: "postAddress", raw: found, href: found } satisfies PostAddressToken as unknown as Token),
    );
    last = index + found.length;
  }
  if (!pieces.length) return [token];
  if (last < token.text.length) pieces.push({ ...token, raw: token.text.slice(last), text: token.text.slice(last) });
  return pieces;
}

/** Mentions and post addresses found in the text, never inside a link's words (a link holds no link). */
function markLocal(tokens: Token[], inLink = false): Token[] {
  return tokens.flatMap((token) => {
    if (token.type === "text" && !("tokens" in token && token.tokens)) {
      return inLink ? [token] : splitText(token as Tokens.Text);
    }
    const inner = inLink || token.type === "link";
    if ("tokens" in token && Array.isArray(token.tokens)) token.tokens = markLocal(token.tokens, inner);
    if (token.type === "list")
      for (const item of (token as Tokens.List).items) item.tokens = markLocal(item.tokens, inner);
    if (token.type === "table") {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) cell.tokens = markLocal(cell.tokens, inner);
    }
    return [token];
  });
}

/** A Quote link's text (decision 313): `> ` lines, then "— author, post #N /forum/topic/T/post/N". */
const QUOTE_BLOCK = /^((?:>[^\n]*(?:\n|$))+)(— [^\n]*)(?:\n|$)/;

const postQuote: MarkedExtension = {
  extensions: [
    {
      name: "postQuote",
      level: "block",
      tokenizer(src) {
        const block = QUOTE_BLOCK.exec(src);
        const parts = block ? ATTRIBUTION_PARTS.exec(block[2]!) : null;
        if (!block || !parts) return undefined;
        const inner = block[1]!.replace(/^> ?/gm, "");
        return {
          type: "postQuote",
          raw: block[0],
          author: parts[1]!,
          number: parts[2]!,
          href: parts[3]!,
          tokens: this.lexer.blockTokens(inner, []),
        } satisfies PostQuoteToken;
      },
      renderer(token) {
        const quote = token as unknown as PostQuoteToken;
        const href = safeHref(quote.href);
        const source = href
          ? `<a href="${escapeHtml(href)}" rel="${LINK_REL}">post #${escapeHtml(quote.number)}</a>`
          : `post #${escapeHtml(quote.number)}`;
        return `<figure><blockquote>${this.parser.parse(quote.tokens)}</blockquote><figcaption>— ${escapeHtml(quote.author)}, ${source}</figcaption></figure>\n`;
      },
    },
  ],
};

/** The members the post being rendered may link to (rendering is synchronous: set for one render, then cleared). */
let members: MentionedMembers = new Map();

const marked = siteMarked(
  { breaks: true },
  postQuote,
  {
    extensions: [
      {
        name: "mention",
        renderer(token) {
          const { raw, name } = token as unknown as MentionToken;
          const username = members.get(name.toLowerCase());
          return username
            ? `<a href="${escapeHtml(memberHref(username))}" rel="${LINK_REL}"><strong>${escapeHtml(raw)}</strong></a>`
            : `<strong>${escapeHtml(raw)}</strong>`;
        },
      },
      {
        name: "postAddress",
        renderer(token) {
          const { href } = token as unknown as PostAddressToken;
          return `<a href="${escapeHtml(href)}" rel="${LINK_REL}">${escapeHtml(href)}</a>`;
        },
      },
    ],
  },
  {
    renderer: {
      heading({ tokens, depth }) {
        const level = Math.min(6, depth + 2);
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      html({ text, block }) {
        const shown = escapeHtml(block ? text.trim() : text);
        return block ? `<p>${shown.replace(/\r?\n/g, "<br>")}</p>\n` : shown;
      },
      image({ href, text }) {
        const safe = safeHref(href);
        if (!safe) return escapeHtml(text);
        return `<a href="${escapeHtml(safe)}" rel="${LINK_REL}">${escapeHtml(text || href)}</a>`;
      },
      link({ href, tokens, raw }) {
        const words = this.parser.parseInline(tokens);
        // GitHub's www. autolinks: https, as the plain-text posts had them
        const given = /^www\./i.test(raw) ? href.replace(/^http:/i, "https:") : href;
        const safe = safeHref(given);
        return safe ? `<a href="${escapeHtml(safe)}" rel="${LINK_REL}">${words}</a>` : words;
      },
      // a line break as written, and a new line in the text (copied text and textContent keep the lines)
      br() {
        return "<br>\n";
      },
      checkbox({ checked }) {
        return checked ? "[x] " : "[ ] ";
      },
    },
  },
);

/** A post's (or a topic opening's) Markdown as the sanitised HTML the forum shows. */
export function renderPostHtml(source: string, mentioned: MentionedMembers = new Map()): string {
  members = mentioned;
  try {
    const html = sanitizeHtml(marked.parser(markLocal(marked.lexer(source))), SANITIZE);
    // sanitize-html writes void elements as XML does ("<br />"); the site's pages are HTML
    return html.replace(/<(br|hr) \/>/g, "<$1>").trim();
  } finally {
    members = new Map();
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
/** Character references as the reader sees them ("&amp;" is "&"); others are left as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g, (whole, dec, hex, name) => {
    if (name) return NAMED_ENTITIES[name as string] ?? whole;
    const code = dec ? Number(dec) : parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
  });
}

/** Inline tokens as the words a reader sees (a link's address after its words when they differ). */
function inlineText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token): string => {
      switch (token.type) {
        case "br":
          return "\n";
        case "codespan":
          return decodeEntities((token as Tokens.Codespan).text);
        case "html":
          return token.raw;
        case "link":
        case "image": {
          const { href, text } = token as Tokens.Link;
          const words = token.type === "image" ? text : inlineText((token as Tokens.Link).tokens);
          // the address after the words, where they differ and it leads off the page's text (an absolute address)
          const bare = (address: string) => address.replace(/^(?:https?:\/\/|mailto:)/i, "").replace(/\/$/, "");
          const shown = /^https?:\/\//i.test(href) && safeHref(href) && words && bare(words) !== bare(href);
          return shown ? `${words} (${href})` : words || href;
        }
        case "escape":
          return (token as Tokens.Escape).text;
        case "text":
          return "tokens" in token && token.tokens
            ? inlineText(token.tokens)
            : decodeEntities((token as Tokens.Text).text);
        default:
          return "tokens" in token && token.tokens ? inlineText(token.tokens) : decodeEntities(token.raw);
      }
    })
    .join("");
}

const quoted = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`.trimEnd())
    .join("\n");

/** Block tokens as paragraphs of plain text, one blank line apart. */
function blockText(tokens: Token[]): string {
  const blocks: string[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "space":
      case "def":
      case "hr":
        break;
      case "code":
        blocks.push((token as Tokens.Code).text);
        break;
      case "html":
        blocks.push(token.raw.trim());
        break;
      case "blockquote":
        blocks.push(quoted(blockText((token as Tokens.Blockquote).tokens)));
        break;
      case "postQuote": {
        const quote = token as unknown as PostQuoteToken;
        blocks.push(`${quoted(blockText(quote.tokens))}\n— ${quote.author}, post #${quote.number}`);
        break;
      }
      case "list": {
        const list = token as Tokens.List;
        const start = typeof list.start === "number" ? list.start : 1;
        const items = list.items.map((item, i) => {
          const marker = list.ordered ? `${start + i}. ` : "- ";
          const check = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
          return `${marker}${check}${blockText(item.tokens).replace(/\n/g, "\n  ")}`;
        });
        blocks.push(items.join("\n"));
        break;
      }
      case "table": {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inlineText(cell.tokens)).join(" | ");
        blocks.push([row(table.header), ...table.rows.map(row)].join("\n"));
        break;
      }
      case "checkbox":
        break;
      default:
        blocks.push("tokens" in token && token.tokens ? inlineText(token.tokens) : decodeEntities(token.raw.trim()));
    }
  }
  return blocks.filter((block) => block.trim()).join("\n\n");
}

/**
 * A post's words without its Markdown (decision 340): what the notification mail quotes and the search's excerpts
 * show. Read by the same parser as the page, so what is emphasis there is no `**` here.
 */
export function postPlainText(source: string): string {
  return blockText(marked.lexer(source)).trim();
}

/** The first `max` characters of a text (never cutting a character in two), with "…" when cut. */
export function excerptOf(text: string, max: number): string {
  const characters = [...text];
  return characters.length > max ? `${characters.slice(0, max).join("").trimEnd()}…` : text;
}
