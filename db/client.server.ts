import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

/**
 * The one database pool of the process, created on first use and kept across dev reloads.
 * `DATABASE_URL` is set before the app's modules load: by the operator, or by scripts/start when it runs the
 * embedded PostgreSQL.
 */
type Pool = { sql: postgres.Sql; db: ReturnType<typeof drizzle<typeof schema>> };
const globalForDb = globalThis as unknown as { __pool?: Pool };

function createPool(): Pool {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app through scripts/start or server.ts");
  const sql = postgres(url, {
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    idle_timeout: 30,
    connect_timeout: 5,
    onnotice: () => {},
  });
  return { sql, db: drizzle(sql, { schema }) };
}

function pool(): Pool {
  return (globalForDb.__pool ??= createPool());
}

export const db = new Proxy({} as Pool["db"], {
  get: (_target, key) => Reflect.get(pool().db, key),
});

/**
 * The same pool for hand-written SQL. drizzle makes this client pass dates and JSON through as text: send
 * timestamps as ISO strings (`${d.toISOString()}::timestamptz`), JSON as `${JSON.stringify(v)}::jsonb`, and
 * expect timestamps back as strings.
 */
export function rawSql(): postgres.Sql {
  return pool().sql;
}

export async function closePool(): Promise<void> {
  const current = globalForDb.__pool;
  globalForDb.__pool = undefined;
  await current?.sql.end({ timeout: 5 });
}

export async function isDatabaseReachable(timeoutMs = 2000): Promise<boolean> {
  try {
    await Promise.race([
      pool().sql`select 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs)),
    ]);
    return true;
  } catch {
    return false;
  }
}

export { schema };
