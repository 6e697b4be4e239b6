/**
 * `npx tsx scripts/bench-forum.ts`: the forum at scale. Seeds two databases on an embedded PostgreSQL of its own
 * (.data-bench/): 1,000 posts (100 topics, one of 500 posts) and 1,000,000 posts (100,000 topics, one of 5,000
 * posts), with generate_series SQL. Then, for each, it starts the production server (RUN_JOBS=false) on
 * loopback and measures with autocannon the topic list page and the big topic's first and last page, twice:
 *
 * - as a signed-out visitor (what the public and search engines load; served from the anonymous page cache
 *   once rendered, see app/page-cache/), and
 * - as a signed-in member with read state (decision 310: 10,000 members, bench_member_1 a returning member with
 *   an e-mail address, so their list and topic pages come from member templates; the list's topics and read marks
 *   are read and rendered per response into the template's hole), plus that member's Unread and New lists.
 *
 * and member pages (decision 360): bench_member_2's (about 1,000 posts and 100 topics in the million-post forum;
 * every member has given 20 likes) as a visitor and as bench_member_1, its third page of posts, and bench_member_1's
 * own page with their 60 bookmarks.
 *
 * Each at 10 connections (p50/p95/p99 over every response, requests per second, the server's CPU time per
 * request) and at 1 connection (median). It prints EXPLAIN (ANALYZE, BUFFERS) of each page's queries and a
 * markdown table, and writes .data-bench/results.json.
 *
 * Options: --reseed (rebuild the databases), --duration=SECONDS (per measurement, default 10), --workers=N
 * (WEB_CONCURRENCY of the server, default 1), --lists[=ROUNDS] (instead of the pages: the member's Latest, Unread
 * and New lists in interleaved one-second turns, ROUNDS of each, default 10, at --connections=N, default 1, so that
 * the lists compare under the same load on a busy machine; decision 440). Needs a production build (`npm run build`).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import postgres from "postgres";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { startAppServer } from "./app-server";
import { benchDataDir, root, scenarios, seedBenchForum, type Scenario } from "./bench-forum-data";

type AutocannonResult = { requests: { average: number }; non2xx: number; errors: number; latency: { p50: number } };
type AutocannonInstance = PromiseLike<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: Record<string, unknown>,
) => AutocannonInstance;

const dataDir = benchDataDir;
const args = process.argv.slice(2);
const reseed = args.includes("--reseed");
const duration = Number(args.find((a) => a.startsWith("--duration="))?.split("=")[1] ?? 10);
const workers = Number(args.find((a) => a.startsWith("--workers="))?.split("=")[1] ?? 1);
const listsArg = args.find((a) => a === "--lists" || a.startsWith("--lists="));
const listRounds = listsArg ? Number(listsArg.split("=")[1] ?? 10) : 0;
const listConnections = Number(args.find((a) => a.startsWith("--connections="))?.split("=")[1] ?? 1);
const SESSION_SECRET = "bench-session-secret-0123456789";
const POSTS_PER_PAGE = 25;
/** What a visitor may see of a post and its topic (topics.server's postVisibleTo and topicVisibleTo for nobody). */
const VISIBLE = "p.deleted_at is null and p.hidden_at is null and t.deleted_at is null and t.hidden_at is null";

/** The pages' queries as the app runs them (see app/forum/topics.server.ts), explained. */
async function explain(url: string, s: Scenario): Promise<Record<string, string>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const lastPage = Math.ceil(s.bigTopicPosts / POSTS_PER_PAGE);
  const from = (lastPage - 1) * POSTS_PER_PAGE + 1;
  const queries: Record<string, string> = {
    "topic list": `select t.id, t.title, t.description, t.category, t.author_id, t.created_at, t.updated_at, t.last_activity_at, t.post_count, u.username, t.last_activity_at::text
      from forum_topics t inner join users u on u.id = t.author_id order by t.last_activity_at desc nulls last, t.id desc nulls last limit 21`,
    "topic list, one category": `select t.id, t.title, u.username from forum_topics t inner join users u on u.id = t.author_id
      where t.category = 'principles' order by t.last_activity_at desc nulls last, t.id desc nulls last limit 21`,
    "big topic, first page": `select p.id, p.number, p.content, u.username from forum_posts p inner join users u on u.id = p.author_id
      where p.topic_id = 1 and p.number >= 1 and p.number <= ${POSTS_PER_PAGE} order by p.number asc`,
    "big topic, last page": `select p.id, p.number, p.content, u.username from forum_posts p inner join users u on u.id = p.author_id
      where p.topic_id = 1 and p.number >= ${from} and p.number <= ${from + POSTS_PER_PAGE - 1} order by p.number asc`,
    // A member page (decision 360) of bench_member_2 as everyone but the member sees it: the counts, then a page of posts.
    "member page, counts": `select
      (select count(*) from forum_posts p join forum_topics t on t.id = p.topic_id where p.author_id = 2 and ${VISIBLE}) as posts,
      (select count(*) from forum_topics t where t.author_id = 2 and t.deleted_at is null and t.hidden_at is null) as topics,
      (select count(*) from forum_post_likes l join forum_posts p on p.id = l.post_id join forum_topics t on t.id = p.topic_id
        where l.user_id = 2 and ${VISIBLE}) as likes_given,
      (select coalesce(sum(p.like_count), 0) from forum_posts p join forum_topics t on t.id = p.topic_id
        where p.author_id = 2 and ${VISIBLE}) as likes_received`,
    "member page, posts": `select p.id, p.topic_id, t.title, p.number, p.content, p.created_at from forum_posts p
      join forum_topics t on t.id = p.topic_id where p.author_id = 2 and ${VISIBLE}
      order by p.created_at desc nulls last, p.id desc limit 20 offset 0`,
    "member page, topics": `select t.id, t.title, t.category, t.post_count, t.created_at from forum_topics t
      where t.author_id = 2 and t.deleted_at is null and t.hidden_at is null order by t.created_at desc, t.id desc limit 20`,
  };
  const plans: Record<string, string> = {};
  try {
    for (const [name, query] of Object.entries(queries)) {
      const rows = await sql.unsafe(`explain (analyze, buffers, costs off) ${query}`);
      plans[name] = rows.map((r) => r["QUERY PLAN"]).join("\n");
    }
  } finally {
    await sql.end();
  }
  return plans;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CPU time (user + system, ms) used so far by a process and its children (the HTTP workers). */
function cpuMs(pid: number): number {
  const children = (() => {
    try {
      return execFileSync("pgrep", ["-P", String(pid)])
        .toString()
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  })();
  const ticks = [pid, ...children].reduce((sum, id) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
      return sum + Number(fields[11]) + Number(fields[12]);
    } catch {
      return sum;
    }
  }, 0);
  return ticks * 10; // USER_HZ = 100
}

async function measure(
  url: string,
  connections: number,
  seconds: number,
  options: { cookie?: string; pid?: number } = {},
) {
  const latencies: number[] = [];
  const headers = options.cookie ? { cookie: options.cookie } : undefined;
  const cpuBefore = options.pid ? cpuMs(options.pid) : 0;
  const instance = autocannon({ url, connections, duration: seconds, headers });
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  const cpu = options.pid ? cpuMs(options.pid) - cpuBefore : NaN;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(result.requests.average),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    cpuPerRequest: round(cpu / Math.max(1, latencies.length), 2),
    errors: result.errors + result.non2xx,
  };
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function startServer(databaseUrl: string) {
  return startAppServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dataDir, "app"),
    SESSION_SECRET,
    WEB_CONCURRENCY: String(workers),
  });
}

/**
 * A signed-in member's session cookie (bench_member_1), signed as the server will check it, with its session row in
 * the scenario's database `url` (each scenario's seeding empties the users and their sessions).
 */
async function memberCookie(url: string): Promise<string> {
  process.env.SESSION_SECRET = SESSION_SECRET;
  process.env.DATA_DIR ??= path.join(dataDir, "app");
  const { closePool } = await import("../db/client.server");
  await closePool();
  process.env.DATABASE_URL = url;
  const { createUserSession } = await import("../app/accounts/session.server");
  const cookie = (await createUserSession(1)).split(";")[0]!;
  await closePool();
  return cookie;
}

/**
 * Issue 44's members: 10,000 of them, each with read state (decision 310), and bench_member_1 as a returning plain
 * member with an e-mail address (so their forum pages come from member templates): read rows for the 2,000 most
 * active topics, most a few posts behind, and a read-since two days back, so the newest topics are new to them.
 * Every other member has read 20 topics. Idempotent: run on every start.
 */
export async function seedReadState(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`insert into users (username, password_hash) select 'bench_member_' || g, 'not-a-hash'
      from generate_series(1001, 10000) g on conflict do nothing`;
    await sql`update users set email = 'bench_member_1@example.test', forum_read_since = now() - interval '2 days'
      where id = 1`;
    await sql`insert into forum_topic_reads (user_id, topic_id, last_read_number)
      select 1, id, greatest(post_count - id % 4, 0) from forum_topics
      order by last_activity_at desc, id desc limit 2000
      on conflict (user_id, topic_id) do update set last_read_number = excluded.last_read_number`;
    const [{ topics } = { topics: 1 }] = await sql<
      { topics: number }[]
    >`select count(*)::int as topics from forum_topics`;
    await sql`insert into forum_topic_reads (user_id, topic_id, last_read_number)
      select m, 1 + (m * 7919 + k * 104729) % ${topics}::int, 1 from generate_series(2, 10000) m, generate_series(1, 20) k
      on conflict do nothing`;
    // Likes (decision 312): 20 by each member, so member pages count likes given and received (decision 360); and
    // bench_member_1's 60 bookmarks, listed on their own page.
    const [{ maxPost } = { maxPost: 1 }] = await sql<
      { maxPost: number }[]
    >`select max(id)::int as "maxPost" from forum_posts`;
    await sql`insert into forum_post_likes (post_id, user_id)
      select 1 + (m::bigint * 7919 + k::bigint * 104729) % ${maxPost}::int, m
      from generate_series(1, 10000) m, generate_series(1, 20) k
      on conflict do nothing`;
    await sql`update forum_posts p set like_count = c.n
      from (select post_id, count(*)::int as n from forum_post_likes group by post_id) c
      where p.id = c.post_id and p.like_count <> c.n`;
    await sql`insert into forum_bookmarks (user_id, post_id)
      select 1, 1 + (k::bigint * 15485863) % ${maxPost}::int from generate_series(1, 60) k
      on conflict do nothing`;
    await sql`vacuum analyze forum_post_likes`;
    await sql`vacuum analyze forum_bookmarks`;
    await sql`vacuum analyze forum_topic_reads`;
    await sql`vacuum analyze users`;
  } finally {
    await sql.end();
  }
}

/** The member's three lists in interleaved one-second turns (--lists): each list's latencies over every round. */
async function compareLists(base: string, cookie: string, pid: number | undefined) {
  const lists = { Latest: "/forum", Unread: "/forum?filter=unread", New: "/forum?filter=new" };
  const latencies: Record<string, number[]> = { Latest: [], Unread: [], New: [] };
  const cpu: Record<string, number> = { Latest: 0, Unread: 0, New: 0 };
  for (let round = 0; round < listRounds; round++) {
    for (const [name, list] of Object.entries(lists)) {
      const before = pid ? cpuMs(pid) : 0;
      const instance = autocannon({
        url: `${base}${list}`,
        connections: listConnections,
        duration: 1,
        headers: { cookie },
      });
      instance.on("response", (_client, status, _bytes, ms) => {
        if (status === 200) latencies[name]!.push(ms);
      });
      await instance;
      cpu[name]! += pid ? cpuMs(pid) - before : NaN;
    }
  }
  return Object.entries(latencies).map(([name, values]) => {
    values.sort((a, b) => a - b);
    return `| ${name} | ${listConnections} | ${values.length} | ${round(percentile(values, 50), 2)} | ${round(percentile(values, 95))} | ${round(cpu[name]! / Math.max(1, values.length), 2)} |`;
  });
}

async function main() {
  if (!existsSync(path.join(root, "build/index.js"))) throw new Error("No build: run `npm run build` first.");
  mkdirSync(dataDir, { recursive: true });
  const pg = await startEmbeddedPostgres({ dataDir, database: "postgres" });
  const report: Record<string, unknown> = { date: new Date().toISOString(), duration, workers, scenarios: {} };
  const rows: string[] = [];
  try {
    for (const s of scenarios) {
      await ensureDatabase(pg.url("postgres"), s.database);
      const url = pg.url(s.database);
      await runMigrations(url);
      await seedBenchForum(url, s, { reseed });
      await seedReadState(url);
      const cookie = await memberCookie(url);
      const plans = await explain(url, s);
      for (const [name, plan] of Object.entries(plans)) console.log(`\n[bench] ${s.label} EXPLAIN ${name}:\n${plan}`);
      const { base, child, stop } = await startServer(url);
      if (listRounds) {
        try {
          for (const name of ["/forum", "/forum?filter=unread", "/forum?filter=new"]) {
            await fetch(`${base}${name}`, { headers: { cookie } }); // warm
          }
          const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
          const startLoad = load();
          for (const row of await compareLists(base, cookie, child.pid)) rows.push(`| ${s.label} ${row}`);
          rows.push(`| ${s.label} | load average (1, 5, 15 min) ${startLoad} → ${load()} | | | | | |`);
        } finally {
          await stop();
        }
        continue;
      }
      const lastPage = Math.ceil(s.bigTopicPosts / POSTS_PER_PAGE);
      const pages: Record<string, string> = {
        "/forum (topic list)": `${base}/forum`,
        "/forum?filter=unread (a member's Unread list)": `${base}/forum?filter=unread`,
        "/forum?filter=new (a member's New list)": `${base}/forum?filter=new`,
        "topic, first page": `${base}/forum/topic/1`,
        [`topic, last page (${lastPage})`]: `${base}/forum/topic/1?page=${lastPage}`,
        // Member pages (decision 360): another member's (bench_member_2) and, for the member, their own.
        "member page (bench_member_2)": `${base}/forum/u/bench_member_2`,
        "member page, posts page 3": `${base}/forum/u/bench_member_2?posts=3`,
        "own member page (bookmarks)": `${base}/forum/u/bench_member_1`,
      };
      const results: Record<string, unknown> = {};
      try {
        for (const [name, pageUrl] of Object.entries(pages)) {
          for (const [who, options] of [
            ["visitor", { pid: child.pid }],
            ["member", { pid: child.pid, cookie }],
          ] as const) {
            if (pageUrl.includes("filter=") && who === "visitor") continue; // a member's own list
            if (pageUrl.endsWith("/bench_member_1") && who === "visitor") continue; // the own page is the member's
            const check = await fetch(pageUrl, { headers: "cookie" in options ? { cookie: options.cookie } : {} });
            if (check.status !== 200) throw new Error(`${pageUrl} answered ${check.status}`);
            await measure(pageUrl, 10, 2, options); // warm-up
            const probe = await fetch(pageUrl, { headers: "cookie" in options ? { cookie: options.cookie } : {} });
            const fromCache = probe.headers.get("x-page-cache") === "hit";
            const single = await measure(pageUrl, 1, Math.max(3, Math.round(duration / 2)), options);
            const ten = await measure(pageUrl, 10, duration, options);
            results[`${name}, ${who}`] = { single, ten, fromCache };
            const line = `| ${s.label} | ${name} | ${who} | ${single.p50} | ${ten.p50} | ${ten.p95} | ${ten.p99} | ${ten.rps} | ${ten.cpuPerRequest} | ${fromCache ? "yes" : "no"} | ${ten.errors} |`;
            rows.push(line);
            console.log(line);
          }
        }
      } finally {
        await stop();
      }
      (report.scenarios as Record<string, unknown>)[s.database] = { ...s, results, plans };
    }
  } finally {
    await pg.stop();
  }
  if (listRounds) {
    console.log(`\nthe member's lists, ${listRounds} interleaved one-second turns each, server workers: ${workers}`);
    console.log("| database | list | connections | responses | p50 ms | p95 ms | server CPU ms/req |");
    console.log("| --- | --- | --- | --- | --- | --- | --- |");
    for (const row of rows) console.log(row);
    return;
  }
  writeFileSync(path.join(dataDir, "results.json"), JSON.stringify(report, null, 2));
  console.log(`\nserver workers: ${workers}, ${duration} s per measurement`);
  console.log(
    "| database | page | as | 1 conn p50 ms | 10 conn p50 ms | p95 ms | p99 ms | req/s | server CPU ms/req | from cache | errors |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
