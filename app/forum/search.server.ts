import { and, desc, eq, gte, lt, sql, type Column, type SQL, type SQLWrapper } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, users } from "#db/schema";
import { hitCostLimit, type Person } from "~/utils/cost-limits.server";
import { env } from "~/utils/env.server";
import { postPlainText } from "./post-markdown.server";
import { SEARCH_MESSAGES, SEARCH_PER_PAGE, type ExcerptPiece, type SearchInput, type SearchRefusal } from "./search";
import { pageOfPost, postVisibleTo, topicVisibleTo, type Reader } from "./topics.server";

/**
 * Forum search (issue 35, decision 180): PostgreSQL full-text search over the generated `search_vector` columns of
 * forum_topics (title A, description B) and forum_posts (text C), both GIN-indexed, English stemming, the visitor's
 * words read by websearch_to_tsquery (quotes, `or`, `-word`; it never fails on syntax). One result per topic, as
 * Discourse groups its full-page search: the topic's best hit (its opening or one of its posts) is shown.
 *
 * Bounded work on a million posts (ranking every row a common word matches is the trap): each side (topics, posts)
 * first asks the planner how many rows its words match (EXPLAIN, from the columns' lexeme statistics: a
 * millisecond, nothing read). Few (below the crossover, about 14,000 of a million posts): every match is fetched
 * through the GIN index and ranked with ts_rank_cd, and the count is exact. Many (a common word): only the NEWEST
 * most recent matches are ranked, found by a backward scan of the primary key filtered by the match (a common word
 * fills it after a few rows), and the count says "more than". A plain `order by id limit` would leave that choice
 * to the planner, which walks the whole primary key for a rare word it knows nothing of (decision 180).
 *
 * Moderation: the forum's one answer to "may this reader see it" (topicVisibleTo/postVisibleTo, the SQL form of
 * canSeeTopic, decisions 162 and 250): deleted topics and posts never appear; hidden ones (by a moderator or by
 * members' flags pending review) appear only to their author and to moderators and admins.
 */
export const NEWEST = 200;
export type Strategy = "all" | "newest";
/** A safety cap on "every match" when the planner's estimate was too low (correlated words): ranked, then "more than". */
export const ALL_MATCHES = 20_000;

/**
 * Above this many estimated matches, ranking the newest NEWEST (a primary-key walk of about NEWEST × rows / matches
 * rows) costs less than ranking every match (a GIN lookup and a heap visit per match): the two meet at
 * sqrt(NEWEST × rows), about 14,000 matches of a million posts.
 */
const crossover = (rows: number) => Math.sqrt(NEWEST * Math.max(rows, 1));

/** The planner's estimate of the rows a query returns (EXPLAIN without running it: a millisecond). */
async function estimatedRows(query: SQLWrapper): Promise<number> {
  const [row] = (await db.execute(sql`explain (format json) ${query}`)) as unknown as Array<Record<string, unknown>>;
  const plan = row?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as Array<{ Plan: { "Plan Rows": number } }>;
  return parsed[0]?.Plan["Plan Rows"] ?? 0;
}

/** The tables' sizes as the statistics know them (pg_class.reltuples; -1 before the first ANALYZE). */
async function tableSizes(): Promise<{ topics: number; posts: number }> {
  const [row] = await db
    .select({
      topics: sql<number>`(select reltuples from pg_class where oid = 'forum_topics'::regclass)`.mapWith(Number),
      posts: sql<number>`(select reltuples from pg_class where oid = 'forum_posts'::regclass)`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { topics: Math.max(row?.topics ?? 0, 0), posts: Math.max(row?.posts ?? 0, 0) };
}
/** ts_rank_cd normalisation 1: the rank is divided by 1 + the logarithm of the document's length. */
const NORMALISATION = 1;
/**
 * Weights of D, C (posts), B (descriptions), A (titles): PostgreSQL's default is {0.1, 0.2, 0.4, 1.0}; a post's word
 * counts half as much here, so that a reply saying the word three times does not outrank a description saying it.
 */
const WEIGHTS = "{0.05, 0.1, 0.4, 1.0}";
const MARK_START = "\uE000";
const MARK_END = "\uE001";
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

export type SearchResult = {
  topic: { id: number; title: string; category: string };
  /** the post the topic was found by; null when it was its title or description */
  post: { id: number; number: number } | null;
  author: { username: string };
  createdAt: Date;
  excerpt: ExcerptPiece[];
  /** the topic page (and the post's place on it) */
  href: string;
  /** shown to moderators only: the topic or post is hidden from members */
  hidden: boolean;
};

export type SearchAnswer =
  | {
      ok: true;
      results: SearchResult[];
      total: number;
      /** the count is a lower bound: more matched than the search looks at */
      atLeast: boolean;
      page: number;
      pageCount: number;
      perPage: number;
    }
  | { ok: false; refusal: SearchRefusal };

/** A search the database gave up on (the statement timeout): the route answers 503 with this message. */
export class SearchTooSlowError extends Error {
  constructor() {
    super("The search took too long. Please try more specific words.");
  }
}

/** Counts one search for the person (their address, and their member and visitor ids when known). */
export function hitSearchLimit(person: Person) {
  return hitCostLimit("forum-search", person, { limit: env.FORUM_SEARCH_RATE_LIMIT, windowSeconds: 60 });
}

/** The title as a search compares it whole: lower case, runs of anything but letters and digits as one space. */
const normalisedTitle = (text: SQL) => sql`btrim(regexp_replace(lower(${text}), '[^[:alnum:]]+', ' ', 'g'))`;

function excerptPieces(headline: string): ExcerptPiece[] {
  const pieces: ExcerptPiece[] = [];
  for (const [i, part] of headline.split(MARK_START).entries()) {
    const [marked, rest] = i === 0 ? [null, part] : part.split(MARK_END, 2);
    if (marked) pieces.push({ text: marked, marked: true });
    if (rest) pieces.push({ text: rest.replaceAll(MARK_END, ""), marked: false });
  }
  return pieces;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** The excerpt as HTML for API clients: every character of the text escaped, only the marks as `<mark>`. */
export function excerptHtml(pieces: ExcerptPiece[]): string {
  return pieces
    .map(({ text, marked }) => {
      const escaped = text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
      return marked ? `<mark>${escaped}</mark>` : escaped;
    })
    .join("");
}

/**
 * Each text's excerpt around the search's words (ts_headline, in one query for the page): cut from the plain text of
 * the post or opening (decision 340), so an excerpt never shows Markdown (`**`, `](`), HTML or half a link.
 */
async function excerptHeadlines(texts: string[], query: SQL): Promise<string[]> {
  if (!texts.length) return [];
  const plain = texts.map((text) => text.replaceAll(MARK_START, "").replaceAll(MARK_END, ""));
  const rows = (await db.execute(
    sql`select ts_headline('english', t.text, ${query}, ${HEADLINE_OPTIONS}) as headline
      from unnest(${sql.param(plain)}::text[]) with ordinality as t(text, n) order by t.n`,
  )) as unknown as Array<{ headline: string }>;
  return rows.map((row) => row.headline);
}

/** The visitor's words as a tsquery, or why they cannot be searched (only stop words, only exclusions). */
async function parseQuery(q: string): Promise<{ query: string } | { refusal: SearchRefusal }> {
  const [row] = await db
    .select({
      query: sql<string>`websearch_to_tsquery('english', ${q})::text`,
      tree: sql<string>`querytree(websearch_to_tsquery('english', ${q}))`,
    })
    .from(sql`(select 1) as one`);
  if (!row?.query) return { refusal: { field: "q", message: SEARCH_MESSAGES.onlyCommonWords } };
  if (row.tree === "T") return { refusal: { field: "q", message: SEARCH_MESSAGES.onlyExclusions } };
  return { query: row.query };
}

async function authorId(username: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row?.id ?? null;
}

const emptyAnswer = (page: number): SearchAnswer => ({
  ok: true,
  results: [],
  total: 0,
  atLeast: false,
  page,
  pageCount: 0,
  perPage: SEARCH_PER_PAGE,
});

/**
 * One page of results for `input` as `reader` may see them (null: a signed-out visitor). A page past the last
 * shows the last.
 */
export async function searchForum({
  input,
  reader,
  strategy,
}: {
  input: SearchInput;
  reader: Reader;
  /** rank every match or only the newest, whatever the estimates say (tests of each path) */
  strategy?: Strategy;
}): Promise<SearchAnswer> {
  const parsed = await parseQuery(input.q);
  if ("refusal" in parsed) return { ok: false, refusal: parsed.refusal };
  let author: number | null = null;
  if (input.author) {
    author = await authorId(input.author);
    if (author === null) return emptyAnswer(1);
  }
  try {
    const answer = await searchPage(input, parsed.query, author, reader, input.page, strategy);
    if (answer.results.length || input.page === 1) return answer;
    // Past the last page: count on the first, then show the last.
    const { total } = await searchPage(input, parsed.query, author, reader, 1, strategy);
    if (!total) return emptyAnswer(1);
    return await searchPage(input, parsed.query, author, reader, Math.ceil(total / SEARCH_PER_PAGE), strategy);
  } catch (error) {
    if ((error as { code?: string }).code === "57014") throw new SearchTooSlowError();
    throw error;
  }
}

async function searchPage(
  input: SearchInput,
  tsquery: string,
  author: number | null,
  reader: Reader,
  page: number,
  strategy: Strategy | undefined,
): Promise<Extract<SearchAnswer, { ok: true }>> {
  const query = sql`${tsquery}::tsquery`;
  const exact = input.q
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  const categoryFilter = input.category ? eq(forumTopics.category, input.category) : undefined;
  const itemFilters = (createdAt: Column, authorCol: SQL) => [
    author !== null ? sql`${authorCol} = ${author}` : undefined,
    input.from ? gte(createdAt, new Date(`${input.from}T00:00:00Z`)) : undefined,
    input.to ? lt(createdAt, dayAfter(input.to)) : undefined,
  ];

  const topicMatch = and(
    sql`${forumTopics.searchVector} @@ ${query}`,
    topicVisibleTo(reader),
    categoryFilter,
    ...itemFilters(forumTopics.createdAt, sql`${forumTopics.authorId}`),
  );
  const postMatch = and(
    sql`${forumPosts.searchVector} @@ ${query}`,
    postVisibleTo(reader),
    ...itemFilters(forumPosts.createdAt, sql`${forumPosts.authorId}`),
  );
  // A post's topic, visible and in the category, looked up for each post (a lateral join with a limit: never a
  // hash join that reads every topic, which the planner picks when it overestimates a rare word's matches).
  const postTopic = (topicId: SQL.Aliased<number> | typeof forumPosts.topicId) =>
    db
      .select({ one: sql`1`.as("one") })
      .from(forumTopics)
      .where(and(sql`${forumTopics.id} = ${topicId}`, topicVisibleTo(reader), categoryFilter))
      .limit(1)
      .as("post_topic");
  const topicColumns = {
    topicId: sql<number>`${forumTopics.id}`.as("topic_id"),
    createdAt: sql`${forumTopics.createdAt}`.as("created_at"),
    vector: sql`${forumTopics.searchVector}`.as("vector"),
    title: sql<string>`${forumTopics.title}`.as("title"),
  };
  const postColumns = {
    topicId: sql<number>`${forumPosts.topicId}`.as("topic_id"),
    postId: sql<number>`${forumPosts.id}`.as("post_id"),
    createdAt: sql`${forumPosts.createdAt}`.as("created_at"),
    vector: sql`${forumPosts.searchVector}`.as("vector"),
  };
  // How many rows each side's words match, as the planner estimates it (from the columns' statistics of their
  // lexemes): above the side's crossover, only its NEWEST newest matches are ranked (see the module's comment).
  const [topicRows, postRows, sizes] = await Promise.all([
    estimatedRows(
      db
        .select({ one: sql`1` })
        .from(forumTopics)
        .where(and(topicMatch)),
    ),
    estimatedRows(
      (categoryFilter
        ? db
            .select({ one: sql`1` })
            .from(forumPosts)
            .innerJoin(forumTopics, and(eq(forumTopics.id, forumPosts.topicId), categoryFilter))
        : db.select({ one: sql`1` }).from(forumPosts)
      ).where(postMatch),
    ),
    tableSizes(),
  ]);
  const manyTopics = strategy ? strategy === "newest" : topicRows > crossover(sizes.topics);
  const manyPosts = strategy ? strategy === "newest" : postRows > crossover(sizes.posts);
  // Every match (through the GIN index, up to ALL_MATCHES) when they are few, else the NEWEST newest, by a backward
  // scan of the primary key filtered by the match, which a common word fills after a few rows.
  const topicHits = db.$with("topic_hits").as(
    manyTopics
      ? db.select(topicColumns).from(forumTopics).where(topicMatch).orderBy(desc(forumTopics.id)).limit(NEWEST)
      : db
          .select(topicColumns)
          .from(forumTopics)
          .where(topicMatch)
          .limit(ALL_MATCHES + 1),
  );
  const postsOfVisibleTopics = db
    .select(postColumns)
    .from(forumPosts)
    .crossJoinLateral(postTopic(forumPosts.topicId))
    .where(postMatch);
  const postHits = db
    .$with("post_hits")
    .as(
      manyPosts
        ? postsOfVisibleTopics.orderBy(desc(forumPosts.id)).limit(NEWEST)
        : postsOfVisibleTopics.limit(ALL_MATCHES + 1),
    );
  const rank = (vector: SQL.Aliased) =>
    sql<number>`ts_rank_cd(${WEIGHTS}::float4[], ${vector}, ${query}, ${NORMALISATION})`.as("rank");
  const ranked = [
    db
      .select({
        topicId: topicHits.topicId,
        postId: sql<number | null>`null::int`.as("post_id"),
        createdAt: topicHits.createdAt,
        // 2: the title is the search's words; 1: the title alone matches the search
        titleTier: sql<number>`case when ts_filter(${topicHits.vector}, '{a}') @@ ${query}
          then case when ${normalisedTitle(sql`${topicHits.title}`)} = ${exact} then 2 else 1 end else 0 end`.as(
          "title_tier",
        ),
        rank: rank(topicHits.vector),
      })
      .from(topicHits),
    db
      .select({
        topicId: postHits.topicId,
        postId: postHits.postId,
        createdAt: postHits.createdAt,
        titleTier: sql<number>`0`.as("title_tier"),
        rank: rank(postHits.vector),
      })
      .from(postHits),
  ] as const;
  const hits = db.$with("hits").as(unionAll(...ranked));
  // The hit shown for a topic: by relevance, its title first, then the best ranked; by date, the newest.
  const bestOrder =
    input.sort === "newest"
      ? sql`${hits.createdAt} desc, ${hits.postId} desc nulls last`
      : sql`${hits.titleTier} desc, ${hits.rank} desc, ${hits.postId} nulls first`;
  const perTopic = db.$with("per_topic").as(
    db
      .select({
        // a name of its own: the outer query joins forum_posts, which has a topic_id too
        topicId: sql<number>`${hits.topicId}`.as("hit_topic_id"),
        score: sql<number>`max(${hits.rank})`.as("score"),
        titleTier: sql<number>`max(${hits.titleTier})`.as("best_title_tier"),
        newest: sql`max(${hits.createdAt})`.as("newest"),
        bestPostId: sql<number | null>`(array_agg(${hits.postId} order by ${bestOrder}))[1]`.as("best_post_id"),
      })
      .from(hits)
      .groupBy(hits.topicId),
  );
  const order =
    input.sort === "newest"
      ? [sql`${perTopic.newest} desc`, sql`${perTopic.topicId} desc`]
      : [
          sql`${perTopic.titleTier} desc`,
          sql`${perTopic.score} desc`,
          sql`${perTopic.newest} desc`,
          sql`${perTopic.topicId} desc`,
        ];
  // the text the excerpt is cut from: the post's, else the opening's (Markdown, made plain below), else the title
  const shown = sql<string | null>`coalesce(${forumPosts.content}, nullif(${forumTopics.description}, ''))`;
  const rows = await db
    .with(topicHits, postHits, hits, perTopic)
    .select({
      topicId: forumTopics.id,
      title: forumTopics.title,
      category: forumTopics.category,
      postId: forumPosts.id,
      postNumber: forumPosts.number,
      username: users.username,
      createdAt: sql<Date>`coalesce(${forumPosts.createdAt}, ${forumTopics.createdAt})`.mapWith(forumTopics.createdAt),
      hidden: sql<boolean>`${forumTopics.hiddenAt} is not null or ${forumPosts.hiddenAt} is not null`,
      shown,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      // a side ranked only some of its matches: the newest (many), or the first ALL_MATCHES + 1 (misestimated)
      capped: sql<boolean>`(select count(*) from ${topicHits}) > ${manyTopics ? NEWEST - 1 : ALL_MATCHES} or (select count(*) from ${postHits}) > ${manyPosts ? NEWEST - 1 : ALL_MATCHES}`,
    })
    .from(perTopic)
    .innerJoin(forumTopics, eq(forumTopics.id, perTopic.topicId))
    .leftJoin(forumPosts, eq(forumPosts.id, perTopic.bestPostId))
    .innerJoin(users, sql`${users.id} = coalesce(${forumPosts.authorId}, ${forumTopics.authorId})`)
    .orderBy(...order)
    .limit(SEARCH_PER_PAGE)
    .offset((page - 1) * SEARCH_PER_PAGE);
  const total = rows[0]?.total ?? 0;
  const headlines = await excerptHeadlines(
    rows.map((row) => (row.shown === null ? row.title : postPlainText(row.shown))),
    query,
  );
  return {
    ok: true,
    results: rows.map((row, i) => ({
      topic: { id: row.topicId, title: row.title, category: row.category },
      post: row.postId !== null && row.postNumber !== null ? { id: row.postId, number: row.postNumber } : null,
      author: { username: row.username },
      createdAt: row.createdAt,
      excerpt: excerptPieces(headlines[i]!),
      href:
        row.postNumber !== null
          ? `/forum/topic/${row.topicId}${pageOfPost(row.postNumber) > 1 ? `?page=${pageOfPost(row.postNumber)}` : ""}#post-${row.postNumber}`
          : `/forum/topic/${row.topicId}`,
      hidden: row.hidden,
    })),
    total,
    atLeast: rows[0]?.capped ?? false,
    page,
    pageCount: Math.ceil(total / SEARCH_PER_PAGE),
    perPage: SEARCH_PER_PAGE,
  };
}
