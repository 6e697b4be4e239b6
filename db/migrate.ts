import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { migrateJobSchema } from "./pg-boss";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

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

/**
 * A database's schema version: the last migration applied, as drizzle records it in
 * `drizzle.__drizzle_migrations` (`created_at` is the journal's `when`, `hash` the SHA-256 of the SQL file), with
 * the migration's tag when this checkout knows it.
 */
export type SchemaVersion = { tag: string | null; createdAt: number; hash: string };

type KnownMigration = { tag: string; createdAt: number; hash: string; statements: string[] };

/** The committed migrations, oldest first, read as drizzle's migrator reads them. */
export function knownMigrations(): KnownMigration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const files = readMigrationFiles({ migrationsFolder });
  return journal.entries.map((entry, i) => ({
    tag: entry.tag,
    createdAt: entry.when,
    hash: files[i]!.hash,
    statements: files[i]!.sql,
  }));
}

type Queryable = postgres.Sql | postgres.TransactionSql;

/** The schema version of the database `sql` is connected to (in its transaction's snapshot), or null if none. */
export async function appliedSchemaVersion(sql: Queryable): Promise<SchemaVersion | null> {
  const [table] = await sql`select to_regclass('drizzle.__drizzle_migrations') as name`;
  if (!table?.name) return null;
  const [last] = await sql<{ hash: string; created_at: string }[]>`
    select hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`;
  if (!last) return null;
  const createdAt = Number(last.created_at);
  const tag = knownMigrations().find((m) => m.createdAt === createdAt && m.hash === last.hash)?.tag ?? null;
  return { tag, createdAt, hash: last.hash };
}

/**
 * Builds the schema as it was at `version` (a restore loads an archive's rows into the schema they were dumped
 * from, then migrates forward with runMigrations): the migrations up to it, applied and recorded exactly as
 * drizzle's migrator does, in the caller's transaction on an empty database.
 */
export async function applyMigrationsUpTo(tx: postgres.TransactionSql, version: SchemaVersion): Promise<void> {
  await tx`create schema if not exists drizzle`;
  await tx`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`;
  for (const migration of knownMigrations()) {
    if (migration.createdAt > version.createdAt) break;
    for (const statement of migration.statements) await tx.unsafe(statement);
    await tx`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.createdAt})`;
  }
}
