/**
 * `npm run seed`: demo content in the database of DATABASE_URL (or the embedded one in DATA_DIR), migrated first.
 */
import "./env-file"; // first: .env and NODE_ENV before any other module reads them (decision 220)
import { openScriptDatabase } from "./database";

async function main() {
  const database = await openScriptDatabase();
  const { seedDemoForum } = await import("../app/forum/seed.server");
  const topics = await seedDemoForum();
  console.log(topics ? `[seed] forum: ${topics} demo topics` : "[seed] forum: not empty, left as it is");
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
