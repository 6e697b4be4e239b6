/**
 * `npm run restore -- FILE [--force]` (decision 202): restores a backup onto an empty database and data folder
 * (DATABASE_URL, or the embedded database in DATA_DIR, started for the restore), then migrates it forward; `npm
 * start` then serves the restored site. The archive is checked whole (checksums, row counts, schema version)
 * before anything is written; a damaged or truncated one is refused and nothing is restored. A target that holds
 * data is refused unless --force, which replaces it. Exits 1 with the reason when refused.
 */
import "./env-file"; // first: .env and NODE_ENV before any other module reads them (decision 220)
import path from "node:path";
import { ArchiveError } from "../app/backups/archive.server";
import { formatBytes } from "../app/backups/format";
import { checkRestorable, restoreBackup, RestoreRefusedError } from "../app/backups/restore.server";
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";

const USAGE = "usage: npm run restore -- <backup.tar.gz> [--force]";

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((a) => !a.startsWith("--"));
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--force");
  if (files.length !== 1 || unknown.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const file = path.resolve(files[0]!);
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");

  console.log(`[restore] checking ${file}`);
  const manifest = await checkRestorable(file);
  console.log(
    `[restore] the backup of ${manifest.createdAt} is whole: ${manifest.database.tables.length} tables, ` +
      `${manifest.files.length} files, schema ${manifest.schema.tag ?? manifest.schema.createdAt}`,
  );

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    if (runningEmbeddedUrl(dataDir, "app"))
      throw new RestoreRefusedError(`The site is running on ${dataDir}: stop it before restoring.`);
    embedded = await startEmbeddedPostgres({ dataDir, database: "app" });
    databaseUrl = embedded.url("app");
  }
  try {
    const result = await restoreBackup({
      file,
      manifest,
      databaseUrl,
      dataDir,
      force,
      log: (line) => console.log(`[restore] ${line}`),
    });
    const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(
      `[restore] restored ${result.rows} rows and ${result.files} files (${formatBytes(bytes)}) into ${dataDir}; ` +
        `schema ${result.from} → ${result.to}. Start the site with \`npm start\`.`,
    );
  } finally {
    await embedded?.stop();
  }
}

main().catch((error) => {
  if (error instanceof ArchiveError || error instanceof RestoreRefusedError)
    console.error(`[restore] ${error.message}`);
  else console.error(error);
  process.exit(1);
});
