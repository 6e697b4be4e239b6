import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import postgres from "postgres";
import tar from "tar-stream";
import { appliedSchemaVersion } from "#db/migrate";
import {
  ARCHIVE_FORMAT,
  MANIFEST_NAME,
  packEntry,
  partDigest,
  type Manifest,
  type ManifestTable,
} from "./archive.server";
import { formatBytes } from "./format";

/**
 * `npm run backup` and the daily job (decisions 200-202): a consistent snapshot of the database and of the files
 * members made, written as one archive into the backup folder while the site runs. This module knows nothing
 * of the site's configuration: the caller says which database, data folder and backup folder.
 */
export type BackupTarget = { databaseUrl: string; dataDir: string; backupDir: string };

/** `backup-20261126T235900123Z.tar.gz`: the UTC time the backup started; names sort by date. */
export const BACKUP_NAME = /^backup-(\d{8}T\d{9}Z)\.tar\.gz$/;
const PARTIAL_SUFFIX = ".partial";
/** Held (pg_try_advisory_lock) for the whole backup: one backup at a time per database, whoever starts it. */
const BACKUP_LOCK = 727_275;
/** The outcome of the last backup run, next to the backups (read by the admin page). */
export const LAST_RUN_FILE = "last-run.json";

/**
 * What under DATA_DIR is not backed up (decision 201): the database's own folder and connection details (the
 * database is dumped instead), the backups, the undelivered-mail outbox, and dot-named working folders (a
 * restore's staging). Everything else, present or added later by any domain, is.
 */
const NOT_BACKED_UP = new Set(["postgres", "postgres-password", "postgres.port", "backups", "outbox"]);

export function isBackedUpPath(relative: string): boolean {
  const top = relative.split("/")[0]!;
  return !NOT_BACKED_UP.has(top) && !top.startsWith(".");
}

export class BackupBusyError extends Error {
  constructor() {
    super("Another backup of this database is running; this one was not started.");
    this.name = "BackupBusyError";
  }
}

export type BackupResult = {
  file: string;
  name: string;
  bytes: number;
  durationMs: number;
  rows: number;
  tables: number;
  files: number;
  manifest: Manifest;
};

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A connection of its own for the dump: no statement or idle timeout (the app's are seconds). */
export function maintenanceClient(url: string): postgres.Sql {
  return postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { statement_timeout: 0, idle_in_transaction_session_timeout: 0, application_name: "backup" },
  });
}

type TableInfo = { oid: number; name: string; columns: string[] };

/**
 * The tables of the `public` schema with their stored columns (generated ones are recomputed on restore), each
 * after the tables its foreign keys reference; tables in a reference cycle (none today) come last by name.
 */
export async function tablesInDependencyOrder(sql: postgres.Sql | postgres.TransactionSql): Promise<TableInfo[]> {
  const tables = await sql<TableInfo[]>`
    select c.oid::int as oid, c.relname::text as name,
           array(select a.attname::text from pg_attribute a
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                 order by a.attnum) as columns
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    order by c.relname`;
  const references = await sql<{ child: number; parent: number }[]>`
    select conrelid::int as child, confrelid::int as parent from pg_constraint
    where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`;
  const ordered: TableInfo[] = [];
  const placed = new Set<number>();
  let remaining: TableInfo[] = [...tables];
  while (remaining.length > 0) {
    const ready = remaining.filter((t) =>
      references.every((r) => r.child !== t.oid || placed.has(r.parent) || !tables.some((x) => x.oid === r.parent)),
    );
    if (ready.length === 0) {
      ordered.push(...remaining);
      break;
    }
    for (const t of ready) placed.add(t.oid);
    ordered.push(...ready);
    remaining = remaining.filter((t) => !placed.has(t.oid));
  }
  return ordered;
}

/** Every regular file under `dir` (relative, with `/`), skipping what `keep` refuses; symlinks are not followed. */
export async function* walkFiles(
  dir: string,
  keep: (relative: string) => boolean,
  prefix = "",
): AsyncGenerator<string> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    },
  );
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!keep(relative)) continue;
    if (entry.isDirectory()) yield* walkFiles(dir, keep, relative);
    else if (entry.isFile()) yield relative;
  }
}

function backupName(now: Date): string {
  return `backup-${now.toISOString().replace(/[-:.]/g, "")}.tar.gz`;
}

/**
 * Takes a backup into `backupDir`: the database read in one REPEATABLE READ, READ ONLY transaction (every table
 * as of one instant, decision 200), table by table with COPY … TO STDOUT, then the files, then the manifest.
 * Streams all the way (a table is spooled to a temporary file only to learn its size for the tar header), so a
 * million posts never sit in memory. The archive appears under its final name only when complete.
 */
export async function createBackup({ databaseUrl, dataDir, backupDir }: BackupTarget): Promise<BackupResult> {
  const started = Date.now();
  const root = path.resolve(dataDir);
  const target = path.resolve(backupDir);
  await mkdir(target, { recursive: true, mode: 0o700 });
  const name = backupName(new Date(started));
  const file = path.join(target, name);
  const partial = file + PARTIAL_SUFFIX;
  const spool = path.join(target, `.${name}.table`);
  const sql = maintenanceClient(databaseUrl);
  try {
    const [lock] = await sql<{ locked: boolean }[]>`select pg_try_advisory_lock(${BACKUP_LOCK}) as locked`;
    if (!lock?.locked) throw new BackupBusyError();
    // We hold the lock: any partial archive left in the folder is from a backup that died.
    for (const leftover of await readdir(target)) {
      if (leftover.endsWith(PARTIAL_SUFFIX) || (leftover.startsWith(".backup-") && leftover.endsWith(".table")))
        await rm(path.join(target, leftover), { force: true });
    }

    const pack = tar.pack();
    const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
    written.catch(() => {}); // awaited below
    const tables: ManifestTable[] = [];
    const sequences: Manifest["database"]["sequences"] = [];
    let schema: Manifest["schema"] | null = null;
    try {
      await sql.begin("isolation level repeatable read, read only", async (tx) => {
        schema = await appliedSchemaVersion(tx);
        if (!schema) throw new Error("The database has no schema yet (no migration applied): nothing to back up.");
        const infos = await tablesInDependencyOrder(tx);
        for (const [index, table] of infos.entries()) {
          const copy = `copy ${ident(table.name)} (${table.columns.map(ident).join(", ")}) to stdout`;
          const digest = partDigest();
          const rows = await tx.unsafe(copy).readable();
          try {
            await pipeline(
              rows,
              async function* (chunks: AsyncIterable<Buffer>) {
                for await (const chunk of chunks) {
                  digest.update(chunk);
                  yield chunk;
                }
              },
              createWriteStream(spool, { mode: 0o600 }),
            );
          } finally {
            resumeConnection(rows);
          }
          const { bytes, lines, sha256 } = digest.result();
          const part = `db/${String(index + 1).padStart(3, "0")}-${table.name}.copy`;
          await packEntry(pack, { name: part, size: bytes }, createReadStream(spool));
          tables.push({ name: table.name, part, columns: table.columns, rows: lines, bytes, sha256 });
        }
        // Sequences are not transactional: read now, each is at least what the snapshot's rows used.
        const names = await tx<{ name: string }[]>`
          select relname::text as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace
          order by relname`;
        for (const { name: sequence } of names) {
          const [value] = await tx.unsafe<{ last_value: string; is_called: boolean }[]>(
            `select last_value::text, is_called from public.${ident(sequence)}`,
          );
          sequences.push({ name: sequence, lastValue: value!.last_value, isCalled: value!.is_called });
        }
      });
      await rm(spool, { force: true });

      // The files, after the snapshot: every file a snapshot row names was written before its row (uploads are
      // stored, then recorded), so it is here, unless deleted since (listed as vanished).
      const backupRelative = path.relative(root, target).split(path.sep).join("/");
      const keep = (relative: string) =>
        isBackedUpPath(relative) && relative !== backupRelative && !relative.startsWith(`${backupRelative}/`);
      const files: Manifest["files"] = [];
      const vanishedFiles: string[] = [];
      for await (const relative of walkFiles(root, keep)) {
        const handle = await open(path.join(root, relative), "r").catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return null;
          throw error;
        });
        if (!handle) {
          vanishedFiles.push(relative);
          continue;
        }
        try {
          const info = await handle.stat();
          const digest = partDigest();
          const part = `files/${relative}`;
          const mode = info.mode & 0o777;
          await packEntry(
            pack,
            { name: part, size: info.size, mode, mtime: info.mtime },
            (async function* () {
              // Read exactly the size the header announced: a file that grows meanwhile is cut where it was.
              for await (const chunk of handle.createReadStream({ start: 0, end: info.size - 1, autoClose: false })) {
                digest.update(chunk);
                yield chunk;
              }
            })(),
          );
          const { bytes, sha256 } = digest.result();
          if (bytes !== info.size) throw new Error(`${relative} shrank while it was being backed up`);
          files.push({ path: relative, part, bytes, sha256, mode });
        } finally {
          await handle.close();
        }
      }

      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: 1,
        createdAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        schema: schema!,
        database: { snapshot: "repeatable read, read only", tables, sequences },
        files,
        vanishedFiles,
      };
      const text = Buffer.from(JSON.stringify(manifest, null, 2));
      await packEntry(pack, { name: MANIFEST_NAME, size: text.byteLength }, [text]);
      pack.finalize();
      await written;
      await rename(partial, file);
      const { size } = await stat(file);
      return {
        file,
        name,
        bytes: size,
        durationMs: Date.now() - started,
        rows: tables.reduce((sum, t) => sum + t.rows, 0),
        tables: tables.length,
        files: files.length,
        manifest,
      };
    } catch (error) {
      pack.destroy(error as Error);
      await written.catch(() => {});
      throw error;
    }
  } finally {
    await rm(spool, { force: true });
    await rm(partial, { force: true });
    await sql.end({ timeout: 5 });
  }
}

/**
 * postgres.js pauses the connection's socket when a COPY stream's buffer is full, and resumes it only from the
 * stream's read(); when the rows' end arrived in the same network read as the pause, read() is never called
 * again and the connection's next query waits forever (porsager/postgres#499, open). Calling read() once more
 * after the stream ended resumes the socket; it does nothing else.
 */
function resumeConnection(stream: Readable): void {
  (stream as Readable & { _read?: (size: number) => void })._read?.(0);
}

export type BackupFile = { name: string; bytes: number; createdAt: string };

/** The complete backups in `backupDir`, newest first. */
export async function listBackups(backupDir: string): Promise<BackupFile[]> {
  const names = (await readdir(backupDir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));
  const backups = await Promise.all(
    names.map(async (name) => {
      const stamp = BACKUP_NAME.exec(name)![1]!;
      const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`;
      const info = await stat(path.join(backupDir, name)).catch(() => null);
      return info ? { name, bytes: info.size, createdAt: iso } : null;
    }),
  );
  return backups.filter((b): b is BackupFile => b !== null).sort((a, b) => (a.name < b.name ? 1 : -1));
}

/** Removes all but the newest `keep` backups; returns the names removed. */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(backupDir)).slice(keep);
  for (const backup of old) await rm(path.join(backupDir, backup.name), { force: true });
  return old.map((b) => b.name);
}

export type LastRun =
  | { ok: true; at: string; name: string; bytes: number; durationMs: number; rows: number; files: number }
  | { ok: false; at: string; error: string };

/**
 * A backup with its bookkeeping, as the script and the daily job run it: the backup, then the oldest beyond
 * `keep` removed, the outcome logged and kept in LAST_RUN_FILE for the admin page. Rejects when the backup failed.
 */
export async function runBackup(
  target: BackupTarget,
  { keep, log = console }: { keep: number; log?: Pick<Console, "log" | "error"> },
): Promise<BackupResult> {
  const at = new Date().toISOString();
  const record = async (outcome: LastRun) => {
    await mkdir(target.backupDir, { recursive: true, mode: 0o700 });
    const file = path.join(target.backupDir, LAST_RUN_FILE);
    await writeFile(`${file}.tmp`, JSON.stringify(outcome), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
  };
  try {
    const result = await createBackup(target);
    const removed = await pruneBackups(target.backupDir, keep);
    log.log(
      `[backup] ${result.file}: ${formatBytes(result.bytes)}, ${result.tables} tables, ${result.rows} rows, ` +
        `${result.files} files in ${(result.durationMs / 1000).toFixed(1)} s` +
        (removed.length ? `; removed the oldest: ${removed.join(", ")}` : "") +
        (result.manifest.vanishedFiles.length
          ? `; deleted while backing up: ${result.manifest.vanishedFiles.join(", ")}`
          : ""),
    );
    await record({
      ok: true,
      at,
      name: result.name,
      bytes: result.bytes,
      durationMs: result.durationMs,
      rows: result.rows,
      files: result.files,
    });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error(`[backup] failed: ${message}`);
    // A backup refused because another is running leaves that one's outcome to be recorded.
    if (!(error instanceof BackupBusyError)) await record({ ok: false, at, error: message }).catch(() => {});
    throw error;
  }
}
