/**
 * Speech text: what read-aloud speaks for a page. Implemented once and used on both sides: the browser runs it on
 * the rendered `<main>` (so the button speaks the page shown) and the server runs it on the same page rendered
 * for `/read-aloud` (so a plain link speaks the same words and hits the same cached audio).
 *
 * The spec's rules: main content only; special characters and instruction phrases removed; '+' is read as plus,
 * '=' as equals, '*' as times, '/' as divided by; about 1,500 characters on normal pages, thresholds of 2,500 and
 * 3,500 on blog pages; 10 characters or fewer becomes 'No readable content found on this page.'. When a page has
 * no main element, blocks are scored and the best three scoring over 15 (and longer than 50 characters) are kept.
 */

export const NO_READABLE_CONTENT = "No readable content found on this page.";
/** Texts of this many characters or fewer are not worth reading. */
export const MIN_READABLE_LENGTH = 10;
export const NORMAL_PAGE_CAP = 1500;
export const BLOG_SOFT_CAP = 2500;
export const BLOG_HARD_CAP = 3500;
/** The longest text the API speaks in one clip (the blog's hard cap). */
export const MAX_SPEECH_CHARS = BLOG_HARD_CAP;
/** The spec's estimated speech length: 900 characters a minute. */
export const CHARACTERS_PER_MINUTE = 900;

export function estimatedSeconds(text: string): number {
  return (text.length / CHARACTERS_PER_MINUTE) * 60;
}

/** Blog pages (the blog and its article pages) may read longer. */
export function isBlogPath(pathname: string): boolean {
  return /^\/(blog|seven-three-one|healing)(\/|$)/.test(pathname);
}

// ------------------------------------------------------------------------------------------------ HTML → text

/** Elements whose content is never spoken: chrome, controls, code, hidden things. */
export const SKIPPED_ELEMENTS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "canvas",
  "iframe",
  "video",
  "audio",
  "nav",
  "footer",
  "aside",
  "button",
  "select",
  "option",
  "textarea",
  "input",
  "form",
  "dialog",
  "pre",
  "code",
]);
const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
/** Elements that end a spoken phrase: a heading or list item without its own full stop gets one. */
const BLOCK_ELEMENTS = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "li",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "blockquote",
  "figcaption",
  "figure",
  "table",
  "tr",
  "td",
  "th",
  "caption",
  "br",
  "hr",
  "summary",
  "details",
  "label",
  "legend",
  "fieldset",
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  copy: "©",
  times: "×",
  divide: "÷",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : " ";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

/** Roles whose content is never spoken (what a sighted visitor sees as chrome, not the page's text). */
export const SKIPPED_ROLES = [
  "navigation",
  "dialog",
  "alertdialog",
  "menu",
  "toolbar",
  "status",
  "alert",
  "progressbar",
];

const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

function isHiddenByAttributes(attributes: string): boolean {
  return (
    /(^|\s)hidden(\s|=|$)/i.test(attributes) ||
    /aria-hidden\s*=\s*["']?true/i.test(attributes) ||
    /data-read-aloud\s*=\s*["']?skip/i.test(attributes) ||
    new RegExp(`role\\s*=\\s*["']?(${SKIPPED_ROLES.join("|")})\\b`, "i").test(attributes)
  );
}

type Block = { text: string };

/**
 * Turns an HTML fragment into phrases: text outside skipped elements, broken at block boundaries. With `enough`,
 * stops once the phrases hold that many characters (the first phrases of the whole fragment's).
 */
export function htmlToBlocks(html: string, enough = Infinity): Block[] {
  const blocks: Block[] = [];
  let current = "";
  let length = 0;
  let skipDepth = 0;
  const stack: Array<{ tag: string; skipping: boolean }> = [];
  const flush = () => {
    const text = collapseWhitespace(current);
    if (text) blocks.push({ text });
    length += text.length;
    current = "";
  };
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    if (length >= enough) return blocks;
    const index = match.index ?? 0;
    if (skipDepth === 0) current += decodeEntities(html.slice(last, index));
    last = index + match[0].length;
    if (match[0].startsWith("<!--")) continue;
    const closing = match[1] === "/";
    const tag = match[2]!.toLowerCase();
    const attributes = match[3] ?? "";
    if (closing) {
      // Pop to the matching open tag (tolerates unclosed inner elements).
      let at = stack.length - 1;
      while (at >= 0 && stack[at]!.tag !== tag) at--;
      if (at < 0) continue;
      while (stack.length > at) {
        const popped = stack.pop()!;
        if (popped.skipping) skipDepth--;
      }
      if (skipDepth === 0 && BLOCK_ELEMENTS.has(tag)) flush();
      continue;
    }
    if (skipDepth === 0 && BLOCK_ELEMENTS.has(tag)) flush();
    if (VOID_ELEMENTS.has(tag) || attributes.trimEnd().endsWith("/")) continue;
    const skipping = SKIPPED_ELEMENTS.has(tag) || isHiddenByAttributes(attributes);
    if (skipping) skipDepth++;
    stack.push({ tag, skipping });
  }
  if (skipDepth === 0) current += decodeEntities(html.slice(last));
  flush();
  return blocks;
}

/** The inner HTML of the first `<main>` element, or null when the page has none. */
export function mainElementHtml(html: string): string | null {
  const open = /<main(\s[^>]*)?>/i.exec(html);
  if (!open) return null;
  const start = open.index + open[0].length;
  // <main> does not nest in valid HTML: the first closing tag after the opening one ends it.
  const end = html.toLowerCase().indexOf("</main>", start);
  return html.slice(start, end === -1 ? undefined : end);
}

/** The spec's fallback scoring for pages without a main element: long, sentence-like blocks win. */
function scoreBlock(text: string): number {
  const sentences = (text.match(/[.!?](\s|$)/g) ?? []).length;
  const commas = (text.match(/,/g) ?? []).length;
  return Math.floor(text.length / 25) + commas + sentences * 2;
}

export function fallbackBlocks(blocks: Block[]): Block[] {
  return blocks
    .filter((block) => block.text.length > 50)
    .map((block, order) => ({ block, order, score: scoreBlock(block.text) }))
    .filter((entry) => entry.score > 15)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .sort((a, b) => a.order - b.order)
    .map((entry) => entry.block);
}

/**
 * The page's spoken words before the spec's rules: the main element's phrases (with `enough`, its first phrases
 * holding that many characters), or the fallback's best blocks.
 */
export function extractPageText(html: string, enough?: number): string {
  const main = mainElementHtml(html);
  const blocks = main !== null ? htmlToBlocks(main, enough) : fallbackBlocks(htmlToBlocks(bodyHtml(html)));
  return blocks.map((block) => endPhrase(block.text)).join(" ");
}

function bodyHtml(html: string): string {
  const open = /<body(\s[^>]*)?>/i.exec(html);
  return open ? html.slice(open.index + open[0].length) : html;
}

function endPhrase(text: string): string {
  return /[.!?:;…]["'”’)]?$/.test(text) ? text : `${text}.`;
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

// ------------------------------------------------------------------------------------------------ the rules

/**
 * Phrases that tell a sighted visitor what to do with the interface; spoken they are noise. Matched as whole
 * phrases (case-insensitive), with any trailing punctuation.
 */
const INSTRUCTION_PHRASES = [
  /\bskip to (the )?main content\b/gi,
  /\b(click|tap) (here|the [a-z ]{1,30}? (button|link|icon))( to [a-z ]{1,40}?)?(?=[.!,;:]|$)/gi,
  /\b(click|tap|press) (here|below|above)\b/gi,
  /\bread full article\b/gi,
  /\b(scroll|swipe) (down|up|left|right)( to [a-z ]{1,40}?)?(?=[.!,;:]|$)/gi,
  /\bpress (enter|escape|esc|space|f8)\b/gi,
  /\buse the arrow keys\b[^.!?]*/gi,
  /\blisten to this page\b/gi,
  /\bread (this )?page aloud\b/gi,
  /\bloading( \.\.\.|…)?(?=[.!,;:]|$)/gi,
  /\bopen (the )?menu\b/gi,
  /\bclose (the )?menu\b/gi,
  /\btoggle (the )?(navigation|menu)\b/gi,
  /\bback to (home|top|blog|about|forum)\b/gi,
];

/** The spoken names of the spec's symbols. */
const SYMBOL_WORDS: Array<[RegExp, string]> = [
  [/\+/g, " plus "],
  [/=/g, " equals "],
  [/\*/g, " times "],
  [/\//g, " divided by "],
];

/**
 * Characters kept for speech: letters and digits of every script, combining marks (Hindi, Arabic), spaces and
 * the punctuation that shapes intonation. Everything else (symbols, emoji, bullets, brackets) is removed.
 */
const SPECIAL_CHARACTERS = /[^\p{L}\p{M}\p{N}\s.,!?;:'’"“”()\-–—%&…。、！？，]/gu;

/** Applies the spec's symbol, special-character and instruction rules to already extracted text. */
export function normalizeSpeechText(text: string): string {
  let out = text.normalize("NFC");
  for (const phrase of INSTRUCTION_PHRASES) out = out.replace(phrase, " ");
  for (const [symbol, word] of SYMBOL_WORDS) out = out.replace(symbol, word);
  out = out.replace(/&/g, " and ");
  out = out.replace(SPECIAL_CHARACTERS, " ");
  // Tidy what removals leave: spaces before punctuation, runs of punctuation, empty phrases.
  out = out
    .replace(/\s+/g, " ")
    .replace(/\s+([.,!?;:…])/g, "$1")
    .replace(/([.!?;:,])(?:\s*[.,;:])+/g, "$1")
    .replace(/^[\s.,!?;:]+/, "")
    .trim();
  return out;
}

/** Cuts at a sentence end at or before `limit` when one exists after `floor`, else at a word boundary. */
function cutNear(text: string, limit: number, floor: number): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit + 1);
  let sentenceEnd = -1;
  for (const match of head.matchAll(/[.!?…](?=\s|$)/g)) {
    const end = (match.index ?? 0) + 1;
    if (end <= limit) sentenceEnd = end;
  }
  if (sentenceEnd >= floor) return text.slice(0, sentenceEnd);
  const space = text.lastIndexOf(" ", limit);
  return `${text.slice(0, space > floor ? space : limit).replace(/[\s,;:]+$/, "")}.`;
}

/**
 * The caps: about 1,500 characters on normal pages (the last sentence that ends by 1,500); on blog pages reading
 * runs to the first sentence end after 2,500 characters and never beyond 3,500.
 */
export function capSpeechText(text: string, { blog = false }: { blog?: boolean } = {}): string {
  if (!blog) return cutNear(text, NORMAL_PAGE_CAP, Math.floor(NORMAL_PAGE_CAP * 0.6));
  if (text.length <= BLOG_SOFT_CAP) return text;
  const after = /[.!?…](?=\s|$)/g;
  after.lastIndex = BLOG_SOFT_CAP;
  const match = after.exec(text);
  if (match && match.index + 1 <= BLOG_HARD_CAP) return text.slice(0, match.index + 1);
  return cutNear(text, BLOG_HARD_CAP, BLOG_SOFT_CAP);
}

/** The rules applied to extracted text; the fallback message when nothing readable is left. */
export function prepareSpeechText(text: string, options: { blog?: boolean } = {}): string {
  const normalized = capSpeechText(normalizeSpeechText(text), options);
  return hasReadableText(normalized) ? normalized : NO_READABLE_CONTENT;
}

export function hasReadableText(text: string): boolean {
  return text.trim().length > MIN_READABLE_LENGTH;
}

/**
 * What read-aloud speaks for a page's HTML (the whole document or just its `<main>`). The caps keep at most the
 * first 3,500 characters, so only the main element's first phrases are read (twice that many characters; `/blog`
 * has four times more: decision 121), and the whole of it when the rules leave fewer than 3,600 of those: the
 * words are the same as from the whole page (the rules change only the last few characters of a cut text).
 */
export function speechTextFromHtml(html: string, pathname: string): string {
  const blog = isBlogPath(pathname);
  const read = extractPageText(html, 2 * BLOG_HARD_CAP);
  const head = normalizeSpeechText(read);
  const whole = read.length < 2 * BLOG_HARD_CAP || head.length > BLOG_HARD_CAP + 100;
  const text = whole ? head : normalizeSpeechText(extractPageText(html));
  const capped = capSpeechText(text, { blog });
  return hasReadableText(capped) ? capped : NO_READABLE_CONTENT;
}

// ------------------------------------------------------------------------------------------------ sentences

/** A sentence ends at terminal punctuation (with closing quotes or brackets) before a space or the end. */
const SENTENCE = /[^]*?(?:[.!?…]+["'”’)]*(?=\s|$)|[。！？]+|$)/gu;

/**
 * The sentences of a prepared speech text, in order; joined with single spaces they give the text back. Read-along
 * times these (the server) and finds them in the page (the browser): one definition for both (decision 191).
 */
export function speechSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const match of text.matchAll(SENTENCE)) {
    const sentence = match[0].trim();
    if (sentence) sentences.push(sentence);
  }
  return sentences;
}
