/**
 * The forum benchmark's data (scripts/bench-forum.ts, scripts/bench-backup.ts): 1,000 posts (100 topics, one of
 * 500 posts) or 1,000,000 posts (100,000 topics, one of 5,000 posts) and 1,000 members, written with
 * generate_series SQL into a migrated database; kept when already there unless `reseed`.
 */
import postgres from "postgres";

export type ForumScenario = {
  database: string;
  label: string;
  topics: number;
  bigTopicPosts: number;
  totalPosts: number;
};
export const FORUM_SCENARIOS: ForumScenario[] = [
  { database: "bench_1k", label: "1k posts", topics: 100, bigTopicPosts: 500, totalPosts: 1_000 },
  { database: "bench_1m", label: "1M posts", topics: 100_000, bigTopicPosts: 5_000, totalPosts: 1_000_000 },
];

export async function seedForum(url: string, s: ForumScenario, { reseed = false } = {}) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ count } = { count: 0 }] = await sql<{ count: number }[]>`select count(*)::int as count from forum_posts`;
    if (count === s.totalPosts && !reseed) {
      console.log(`[bench] ${s.database}: ${count} posts already seeded`);
      return;
    }
    const started = Date.now();
    await sql`truncate forum_posts, forum_topics, users restart identity cascade`;
    await sql`set synchronous_commit = off`;
    await sql`insert into users (username, password_hash) select 'bench_member_' || g, 'not-a-hash' from generate_series(1, 1000) g`;
    const rest = s.totalPosts - s.bigTopicPosts;
    const base = Math.floor(rest / (s.topics - 1));
    const extra = rest - base * (s.topics - 1);
    // Topic 1 is the big one and the oldest; the others get base or base+1 posts; activity spreads over time.
    await sql`
      insert into forum_topics (title, description, category, author_id, post_count, last_activity_at, created_at, updated_at)
      select 'Topic ' || g || ': the principles in daily life',
             'A conversation about numbers, number ' || g,
             (array['introductions','principles','mathematical-implications','emotional-growth','technology','general'])[1 + g % 6],
             1 + (g % 1000),
             case when g = 1 then ${s.bigTopicPosts}::int when g <= ${extra + 1}::int then ${base + 1}::int else ${base}::int end,
             now() - make_interval(mins => ${s.topics}::int - g),
             now() - make_interval(mins => ${s.topics}::int - g) - interval '1 day',
             now() - make_interval(mins => ${s.topics}::int - g)
      from generate_series(1, ${s.topics}::int) g`;
    // Bulk load: build the posts' secondary indexes after the rows are in (much faster than row by row).
    await sql`drop index if exists forum_posts_topic_number_idx`;
    await sql`drop index if exists forum_posts_author_idx`;
    await sql`
      insert into forum_posts (topic_id, author_id, number, content, created_at, updated_at)
      select t.id, 1 + ((t.id * 7 + n) % 1000), n,
             'Post #' || n || ' in topic ' || t.id || E'.\\nThe numbers speak of change, growth and harmony; see https://example.org/' || n,
             t.created_at + make_interval(secs => n), t.created_at + make_interval(secs => n)
      from forum_topics t cross join lateral generate_series(1, t.post_count) n`;
    await sql`create unique index forum_posts_topic_number_idx on forum_posts using btree (topic_id, number)`;
    await sql`create index forum_posts_author_idx on forum_posts using btree (author_id, created_at desc nulls last)`;
    await sql`vacuum analyze users`;
    await sql`vacuum analyze forum_topics`;
    await sql`vacuum analyze forum_posts`;
    const [{ posts } = { posts: 0 }] = await sql<{ posts: number }[]>`select count(*)::int as posts from forum_posts`;
    console.log(
      `[bench] ${s.database}: seeded ${s.topics} topics, ${posts} posts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await sql.end();
  }
}
