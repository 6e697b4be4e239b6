import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { migrateJobSchema } from "./pg-boss";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies the committed drizzle-kit migrations and pg-boss's (decision 160); safe to run from several instances at once (advisory lock). */
export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(727274)`;
    await migrate(drizzle(sql), { migrationsFolder });
    await migrateJobSchema(sql);
    await sql`select pg_advisory_unlock(727274)`;
  } finally {
    await sql.end();
  }
}
