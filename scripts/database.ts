import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { runMigrations } from "../db/migrate";

/**
 * The database for a maintenance script: DATABASE_URL when set; otherwise the embedded server of a running
 * `npm start` on the same DATA_DIR; otherwise an embedded server started for the script (and stopped by
 * `close`). Migrations are applied first. Sets DATABASE_URL so the app's modules connect to it.
 */
export async function openScriptDatabase(): Promise<{ close: () => Promise<void> }> {
  const dataDir = process.env.DATA_DIR || ".data";
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    const running = runningEmbeddedUrl(dataDir, "app");
    if (running) {
      process.env.DATABASE_URL = running;
    } else {
      embedded = await startEmbeddedPostgres({ dataDir, database: "app" });
      process.env.DATABASE_URL = embedded.url("app");
    }
  }
  await runMigrations(process.env.DATABASE_URL!);
  return {
    close: async () => {
      const { closePool } = await import("../db/client.server");
      await closePool();
      await embedded?.stop();
    },
  };
}
