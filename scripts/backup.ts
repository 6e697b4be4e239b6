/**
 * `npm run backup [-- --file PATH]`: one backup of the site now, while it runs (decisions 200, 283): an archive of
 * the database and of the files members made, streamed into the database's shared file store and recorded there
 * (listed and downloadable at /admin/backups on every instance); the oldest beyond BACKUP_KEEP are removed.
 * Prints the archive's name, size and SHA-256. With --file, the archive is written to PATH instead (a copy to
 * keep elsewhere; nothing is recorded or removed). Uses DATABASE_URL, or the embedded database of a running
 * `npm start` on the same DATA_DIR, or starts that one for the backup.
 */
import "./env-file"; // first: .env and NODE_ENV before any other module reads them (decision 220)
import { openScriptDatabase } from "./database";

const USAGE = "usage: npm run backup [-- --file <backup.tar.gz>]";

async function main() {
  const args = process.argv.slice(2);
  const fileAt = args.indexOf("--file");
  const file = fileAt >= 0 ? args[fileAt + 1] : undefined;
  if ((fileAt >= 0 && !file) || args.length !== (fileAt >= 0 ? 2 : 0)) {
    console.error(USAGE);
    process.exit(2);
  }
  const database = await openScriptDatabase();
  try {
    if (file) {
      const { createBackupFile } = await import("../app/backups/backup.server");
      const { formatBytes } = await import("../app/backups/format");
      const { env } = await import("../app/utils/env.server");
      const result = await createBackupFile(
        { databaseUrl: process.env.DATABASE_URL!, dataDir: env.DATA_DIR, signingKey: env.BACKUP_SIGNING_KEY },
        file,
      );
      console.log(
        `[backup] ${result.file}: ${formatBytes(result.bytes)}, ${result.tables} tables, ${result.rows} rows, ` +
          `${result.files} files in ${(result.durationMs / 1000).toFixed(1)} s, sha256 ${result.sha256}`,
      );
    } else {
      const { backUpSite } = await import("../app/backups/schedule.server");
      await backUpSite(); // logs the archive and its figures, or the failure
    }
  } catch (error) {
    if (file) console.error(`[backup] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
