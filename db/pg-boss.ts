import { PgBoss, type Db } from "pg-boss";
import type postgres from "postgres";

/** pg-boss's schema (decisions 160, 380): its tables are pg-boss's, installed and upgraded by pg-boss itself. */
export const JOB_SCHEMA = "pgboss";

/** A value as postgres.js should send it for pg-boss's SQL (written for `pg`, which serializes these itself). */
export function toParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((v) => `"${String(v).replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
  if (value !== null && typeof value === "object") return JSON.stringify(value);
  return value;
}

/**
 * pg-boss's `db` adapter (its `Db` contract) on the site's postgres.js pool or one of its transactions, so pg-boss
 * runs on the site's own driver. A text with nothing to bind may be a script of several statements in a
 * transaction of its own (pg-boss's maintenance and migrations): on a pool it runs on a connection reserved for
 * it, as postgres.js requires of a transaction, and the rows of every statement are answered, as the contract
 * asks of a multi-statement query.
 */
export function postgresDb(client: postgres.Sql | postgres.TransactionSql): Db {
  return {
    executeSql: async (text, values = []) => {
      let result: unknown[];
      if (values.length > 0) {
        result = await client.unsafe(text, values.map(toParameter) as postgres.ParameterOrJSON<never>[]);
      } else if ("reserve" in client) {
        const reserved = await client.reserve();
        try {
          result = await reserved.unsafe(text);
        } finally {
          reserved.release();
        }
      } else {
        result = await client.unsafe(text);
      }
      // A multi-statement text answers one list of rows per statement.
      return { rows: result.some(Array.isArray) ? result.flat() : [...result] };
    },
  };
}

/** Installs or upgrades pg-boss's schema with pg-boss's own migrations (db/migrate.ts, after the site's). */
export async function migrateJobSchema(sql: postgres.Sql): Promise<void> {
  const installer = new PgBoss({
    db: postgresDb(sql),
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  installer.on("error", () => {}); // start() rejects with the error that matters
  await installer.start();
  await installer.stop({ graceful: false, close: false });
}
