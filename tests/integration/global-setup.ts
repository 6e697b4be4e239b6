import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../db/embedded";
import { runMigrations } from "../../db/migrate";

/**
 * Integration tests run against a real PostgreSQL: the one `npm test` prepared (DATABASE_URL), or, when vitest
 * is run on its own, an embedded server started here for the run.
 */
let embedded: EmbeddedDatabase | undefined;

export async function setup() {
  process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef";
  process.env.DATA_DIR ??= path.resolve(".data-test/vitest");
  process.env.LOG_REQUESTS ??= "false";
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.resolve(".data-test/vitest-pg"),
      database: "test_integration",
    });
    process.env.DATABASE_URL = embedded.url("test_integration");
    process.env.TEST_ADMIN_DATABASE_URL = embedded.url("postgres");
  }
  await runMigrations(process.env.DATABASE_URL);
}

export async function teardown() {
  await embedded?.stop();
}
