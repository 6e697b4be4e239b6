/**
 * Forum search's shared parts (issue 35, decision 180): what the search form sends, how a result's excerpt is
 * marked, and the page's addresses. Server and browser both load this file; the queries are in search.server.ts.
 */
import { isForumCategory, type ForumCategoryKey } from "./categories";

export const SEARCH_PER_PAGE = 20;
/** Discourse's minimum: a search of 2 characters or fewer is refused. */
export const SEARCH_MIN_CHARACTERS = 3;
export const SEARCH_MAX_CHARACTERS = 200;
export const SEARCH_SORTS = ["relevance", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export type SearchInput = {
  q: string;
  category: ForumCategoryKey | null;
  author: string | null;
  /** YYYY-MM-DD, UTC days, both included */
  from: string | null;
  to: string | null;
  sort: SearchSort;
  page: number;
};

export type SearchField = "q" | "category" | "author" | "from" | "to" | "sort";
export type SearchRefusal = { field: SearchField; message: string };

export const SEARCH_MESSAGES = {
  tooShort: `Search for at least ${SEARCH_MIN_CHARACTERS} characters.`,
  tooLong: `Search for at most ${SEARCH_MAX_CHARACTERS} characters.`,
  onlyCommonWords: "Those words are too common to search for: add a more specific word.",
  onlyExclusions: "Add a word to look for: a search cannot be only words to leave out.",
  category: "Choose one of the forum's categories.",
  author: "A member's name has at most 40 characters.",
  date: "Write dates as YYYY-MM-DD, for example 2026-01-31.",
  dateOrder: "The start date must not be after the end date.",
  sort: "Sort by relevance or by newest.",
} as const;

// eslint-disable-next-line no-control-regex -- control characters (NUL included) become spaces
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Reads what the search form (or an API client) sent. Control characters count as spaces and broken UTF-16 is
 * repaired, so nothing typed reaches the database as anything but text; length is counted in characters as a
 * reader sees them (code points). Returns the input or the first refusal. `q` absent: no search yet (null).
 */
export function readSearchParams(
  params: URLSearchParams,
): { input: SearchInput; refusal: null } | { input: SearchInput | null; refusal: SearchRefusal } | null {
  const raw = params.get("q");
  const text = (name: string) => {
    const value = params.get(name);
    const cleaned = value?.replace(LONE_SURROGATE, "\uFFFD").replace(CONTROL, " ").trim();
    return cleaned ? cleaned : null;
  };
  const categoryParam = text("category");
  const sortParam = text("sort");
  const input: SearchInput = {
    q: text("q") ?? "",
    category: isForumCategory(categoryParam) ? categoryParam : null,
    author: text("author")?.replace(/^@/, "") ?? null,
    from: text("from"),
    to: text("to"),
    sort: sortParam === "newest" ? "newest" : "relevance",
    page: Math.min(Math.max(Math.trunc(Number(params.get("page"))) || 1, 1), 10_000),
  };
  if (raw === null) return null;
  const refuse = (field: SearchField, message: string) => ({ input, refusal: { field, message } });
  const length = [...input.q].length;
  if (length < SEARCH_MIN_CHARACTERS) return refuse("q", SEARCH_MESSAGES.tooShort);
  if (length > SEARCH_MAX_CHARACTERS) return refuse("q", SEARCH_MESSAGES.tooLong);
  if (categoryParam && !input.category) return refuse("category", SEARCH_MESSAGES.category);
  if (input.author && [...input.author].length > 40) return refuse("author", SEARCH_MESSAGES.author);
  if (input.from && !validDate(input.from)) return refuse("from", SEARCH_MESSAGES.date);
  if (input.to && !validDate(input.to)) return refuse("to", SEARCH_MESSAGES.date);
  if (input.from && input.to && input.from > input.to) return refuse("from", SEARCH_MESSAGES.dateOrder);
  if (sortParam && !(SEARCH_SORTS as readonly string[]).includes(sortParam))
    return refuse("sort", SEARCH_MESSAGES.sort);
  return { input, refusal: null };
}

/** The search page's address for these terms (page 1 and the defaults are left out). */
export function searchHref(input: Partial<SearchInput> & { q: string }, path = "/forum/search"): string {
  const params = new URLSearchParams({ q: input.q });
  if (input.category) params.set("category", input.category);
  if (input.author) params.set("author", input.author);
  if (input.from) params.set("from", input.from);
  if (input.to) params.set("to", input.to);
  if (input.sort && input.sort !== "relevance") params.set("sort", input.sort);
  if (input.page && input.page > 1) params.set("page", String(input.page));
  return `${path}?${params.toString()}`;
}

/** An excerpt as pieces: `marked` pieces are the words the search matched. Rendered as text, never as HTML. */
export type ExcerptPiece = { text: string; marked: boolean };

/** "Results 1 to 20 of 137" (or "of more than 1,000" when the search looked at its candidates' cap). */
export function resultsAnnouncement({
  first,
  last,
  total,
  atLeast,
}: {
  first: number;
  last: number;
  total: number;
  atLeast: boolean;
}): string {
  if (total === 0) return "No results";
  const count = total.toLocaleString("en-US");
  return `Results ${first} to ${last} of ${atLeast ? `more than ${count}` : count}`;
}
