import { startEmbeddedPostgres } from "./db/embedded";
import { benchDataDir } from "./scripts/bench-forum-data";
const pg = await startEmbeddedPostgres({ dataDir: benchDataDir, database: "postgres", log: (l) => { if (process.env.EXPLAIN) console.log(l); } });
process.env.DATABASE_POOL_SIZE = "1";
process.env.DATABASE_URL = pg.url("bench_1m");
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789";
process.env.DATA_DIR ??= benchDataDir + "/app";
const { searchForum } = await import("./app/forum/search.server");
const { readSearchParams } = await import("./app/forum/search");
const { closePool } = await import("./db/client.server");
const { db } = await import("./db/client.server");
const { sql } = await import("drizzle-orm");
if (process.env.EXPLAIN) { await db.execute(sql`load 'auto_explain'`); await db.execute(sql`set auto_explain.log_min_duration = 50`); await db.execute(sql`set auto_explain.log_analyze = on`); }
try {
  for (const q of process.argv.slice(2)) {
    const parsed = readSearchParams(new URLSearchParams(q))!;
    if (parsed.refusal) { console.log(q, parsed.refusal); continue; }
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const a = await searchForum({ input: parsed.input, reader: null });
      const ms = performance.now() - t;
      if (i === 2) console.log(q, ms.toFixed(1), "ms", a.ok ? `${a.total} atLeast=${a.atLeast} first=${JSON.stringify(a.results[0])}` : a.refusal);
    }
  }
} catch (e) { console.error(e); }
await closePool?.();
await pg.stop();
