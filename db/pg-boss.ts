import PgBoss from "pg-boss";
import type postgres from "postgres";

/** pg-boss's schema (decision 160): its tables are pg-boss's, installed and upgraded by its own migrations. */
export const JOB_SCHEMA = "pgboss";

export type Executor = {
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
};

/** A value as postgres.js should send it for pg-boss's SQL (written for `pg`, which serializes these itself). */
export function toParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((v) => `"${String(v).replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return value;
}

/** pg-boss's `db` adapter on a postgres.js client or transaction: pg-boss runs on the site's own driver. */
export function postgresExecutor(client: postgres.Sql | postgres.TransactionSql): Executor {
  return {
    executeSql: async (text, values = []) => {
      // pg-boss's maintenance sends "BEGIN; …; COMMIT;" as one text: on a pool, postgres.js wants sql.begin.
      const wrapped = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/.exec(text);
      if (wrapped && values.length === 0 && "begin" in client) {
        const rows = await client.begin((tx) => tx.unsafe(wrapped[1]!));
        return { rows: [...rows] as Record<string, unknown>[], rowCount: rows.length };
      }
      const rows = await client.unsafe(text, values.map(toParameter) as postgres.ParameterOrJSON<never>[]);
      return { rows: [...rows] as Record<string, unknown>[], rowCount: rows.count ?? rows.length };
    },
  };
}

/** Installs or upgrades pg-boss's schema (db/migrate.ts, after the site's own migrations). */
export async function migrateJobSchema(sql: postgres.Sql): Promise<void> {
  const installer = new PgBoss({
    db: postgresExecutor(sql),
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await installer.start();
  await installer.stop({ graceful: false, close: false });
}
