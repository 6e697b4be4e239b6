/**
 * `npm run restore -- FILE|NAME [--force] [--unsigned]` (decisions 202, 283, 288): restores a backup onto an empty database and data folder
 * (DATABASE_URL, or the embedded database in DATA_DIR, started for the restore), then migrates it forward; `npm
 * start` then serves the restored site. The archive's signature is checked first, with BACKUP_SIGNING_KEY or the
 * target data folder's backup-signing-key (an archive signed with another key is refused; an unsigned one, of an
 * older version, only with --unsigned); then the archive is checked whole (checksums, row counts, schema version)
 * before anything is written; a damaged or truncated one is refused and nothing is restored. A target that holds
 * data is refused unless --force, which replaces it. NAME (`backup-….tar.gz` with no such file here) is a backup
 * kept in the target database's own store: copied out to a temporary file first, it is restored with --force
 * (the backups kept in the store stay). Exits 1 with the reason when refused.
 */
import "./env-file"; // first: .env and NODE_ENV before any other module reads them (decision 220)
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ArchiveError } from "../app/backups/archive.server";
import { BACKUP_NAME, maintenanceClient, openStoredBackup } from "../app/backups/backup.server";
import { formatBytes } from "../app/backups/format";
import { checkRestorable, restoreBackup, RestoreRefusedError } from "../app/backups/restore.server";
import { existingKeptSecret } from "../app/utils/kept-secret.server";
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";

const USAGE = "usage: npm run restore -- <backup.tar.gz | name of a stored backup> [--force] [--unsigned]";

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const allowUnsigned = args.includes("--unsigned");
  const files = args.filter((a) => !a.startsWith("--"));
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--force" && a !== "--unsigned");
  if (files.length !== 1 || unknown.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const argument = files[0]!;
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  const stored = BACKUP_NAME.test(argument) && !existsSync(argument);
  let file = path.resolve(argument);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  const openDatabase = async () => {
    if (databaseUrl) return databaseUrl;
    if (runningEmbeddedUrl(dataDir, "app"))
      throw new RestoreRefusedError(`The site is running on ${dataDir}: stop it before restoring.`);
    embedded = await startEmbeddedPostgres({ dataDir, database: "app" });
    return (databaseUrl = embedded.url("app"));
  };
  const copies = stored ? await mkdtemp(path.join(tmpdir(), "restore-")) : null;
  try {
    if (stored) {
      // A backup kept in the target's own store: copied out first (the restore rebuilds that database).
      const sql = maintenanceClient(await openDatabase());
      try {
        const backup = await openStoredBackup(sql, argument).catch(() => null);
        if (!backup) throw new RestoreRefusedError(`No file ${argument} here and no stored backup of that name.`);
        file = path.join(copies!, argument);
        await pipeline(backup.stream, createWriteStream(file, { mode: 0o600 }));
        console.log(`[restore] copied the stored backup ${argument} (${formatBytes(backup.bytes)}) out of the store`);
      } finally {
        await sql.end();
      }
    }
    console.log(`[restore] checking ${file}`);
    // The key of the site that made the archive: given, or this data folder's own (never generated here).
    const key = process.env.BACKUP_SIGNING_KEY || existingKeptSecret(dataDir, "backup-signing-key");
    const manifest = await checkRestorable(file, { key, allowUnsigned });
    console.log(
      `[restore] the backup of ${manifest.createdAt} is whole: ${manifest.database.tables.length} tables, ` +
        `${manifest.files.length} files, schema ${manifest.schema.tag ?? manifest.schema.createdAt}`,
    );
    const result = await restoreBackup({
      file,
      manifest,
      databaseUrl: await openDatabase(),
      dataDir,
      force,
      log: (line) => console.log(`[restore] ${line}`),
    });
    const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(
      `[restore] restored ${result.rows} rows and ${result.files} files (${formatBytes(bytes)}) into ${dataDir} ` +
        `and its database's file store; schema ${result.from} → ${result.to}. Start the site with \`npm start\`.`,
    );
  } finally {
    if (copies) await rm(copies, { recursive: true, force: true });
    await embedded?.stop();
  }
}

main().catch((error) => {
  if (error instanceof ArchiveError || error instanceof RestoreRefusedError)
    console.error(`[restore] ${error.message}`);
  else console.error(error);
  process.exit(1);
});
