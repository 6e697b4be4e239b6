/**
 * `npm run backup`: one backup of the site now, while it runs (decision 200): an archive of the database and of
 * the files members made, written into BACKUP_DIR (DATA_DIR/backups by default); the oldest beyond BACKUP_KEEP
 * are removed. Prints the archive's path. Uses DATABASE_URL, or the embedded database of a running `npm start`
 * on the same DATA_DIR, or starts that one for the backup.
 */
import "./env-file"; // first: .env and NODE_ENV before any other module reads them (decision 220)
import { openScriptDatabase } from "./database";

async function main() {
  const database = await openScriptDatabase();
  try {
    const { backUpSite } = await import("../app/backups/schedule.server");
    await backUpSite(); // logs the archive and its figures, or the failure
  } catch {
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
