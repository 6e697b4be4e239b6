/**
 * `npm run seed`: demo content in the database of DATABASE_URL (or the embedded one in DATA_DIR), migrated first.
 */
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { runMigrations } from "../db/migrate";

async function main() {
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({ dataDir: process.env.DATA_DIR ?? ".data", database: "app" });
    process.env.DATABASE_URL = embedded.url("app");
  }
  await runMigrations(process.env.DATABASE_URL);
  const { seedDemoForum } = await import("../app/forum/seed.server");
  const { closePool } = await import("../db/client.server");
  const topics = await seedDemoForum();
  console.log(topics ? `[seed] forum: ${topics} demo topics` : "[seed] forum: not empty, left as it is");
  await closePool();
  await embedded?.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
