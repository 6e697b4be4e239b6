import { postHref } from "./pages";

/**
 * Mentions and quotes in a post's plain text (decision 313). `@name` is a mention when nothing of a word, an address
 * or another `@` stands just before it (so `someone@example.com` is not one). A quote is lines starting "> " followed
 * by the attribution line "— author, post #N /forum/topic/T/post/N" that the Quote link writes; the post it names is
 * the one quoted (a quote inside a quote starts with "> " itself and names nobody).
 */
export const MENTION_PATTERN = /(?<![\w@./-])@([A-Za-z0-9_-]{1,40})(?![\w-])/g;

/** At most this many members are notified of one post's mentions, and this many of its quotes. */
export const MENTIONS_PER_POST = 10;
export const QUOTES_PER_POST = 10;

/** The quoted text is cut here, so a quote of a long post leaves room for the reply (posts hold 2,000 characters). */
export const QUOTED_CHARACTERS = 1200;

/** The distinct names mentioned, first ones first (compared without case, as usernames are unique without case). */
export function mentionedNames(text: string): string[] {
  const names = new Map<string, string>();
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const name = match[1]!;
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/** Ids and post numbers are PostgreSQL integers: a larger number names no post. */
const MAX_ID = 2_147_483_647;

const ATTRIBUTION = /^— .+, post #\d+ (?:https?:\/\/[^\s/]+)?\/forum\/topic\/(\d{1,10})\/post\/(\d{1,10})\s*$/;

/** A quote's attribution line in its parts: the author, the post's number and its address (the renderer's view). */
export const ATTRIBUTION_PARTS =
  /^— (.+), post #(\d+) ((?:https?:\/\/[^\s/]+)?\/forum\/topic\/\d{1,10}\/post\/\d{1,10})\s*$/;

/** The posts a text quotes (topic and number), each once, in order. */
export function quotedPosts(text: string): Array<{ topicId: number; number: number }> {
  const lines = text.split(/\r?\n/);
  const seen = new Map<string, { topicId: number; number: number }>();
  lines.forEach((line, i) => {
    const match = ATTRIBUTION.exec(line);
    if (!match || i === 0 || !lines[i - 1]!.startsWith(">")) return;
    const [topicId, number] = [Number(match[1]), Number(match[2])];
    if (topicId <= MAX_ID && number <= MAX_ID) seen.set(`${topicId}/${number}`, { topicId, number });
  });
  return [...seen.values()];
}

/** The reply text the Quote link starts with: the post's lines as a quote, its author, number and address. */
export function quoteText(post: { topicId: number; number: number; content: string; author: string }): string {
  const content = post.content.trim();
  const cut =
    [...content].length > QUOTED_CHARACTERS ? `${[...content].slice(0, QUOTED_CHARACTERS).join("")}…` : content;
  const quoted = cut
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join("\n");
  return `${quoted}\n— ${post.author}, post #${post.number} ${postHref(post.topicId, post.number)}\n\n`;
}
