import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, readdir, rename, rm, statfs } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform, type Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import postgres from "postgres";
import tar from "tar-stream";
import { appliedSchemaVersion } from "#db/migrate";
import { databaseFileStore } from "~/utils/file-store.server";
import { KEPT_SECRET_FILES } from "~/utils/kept-secret.server";
import {
  ARCHIVE_FORMAT,
  MANIFEST_NAME,
  packEntry,
  partDigest,
  signManifest,
  SIGNATURE_NAME,
  type Manifest,
  type ManifestTable,
} from "./archive.server";
import { formatBytes } from "./format";

/**
 * `npm run backup` and the daily job (decisions 200-202, 283): a consistent snapshot of the database and of the
 * files members made, written as one archive into the shared file store while the site runs. This module knows
 * nothing of the site's configuration: the caller says which database and data folder.
 */
/**
 * The site to back up: its database, its data folder (the files left there: decision 201) and the key that signs
 * the archive's manifest (BACKUP_SIGNING_KEY, decision 288), which is never written into it.
 */
export type BackupSource = { databaseUrl: string; dataDir: string; signingKey: string };

/** `backup-20261126T235900123Z.tar.gz`: the UTC time the backup started; names sort by date. */
export const BACKUP_NAME = /^backup-(\d{8}T\d{9}Z)\.tar\.gz$/;
const PARTIAL_SUFFIX = ".partial";
/** Held (pg_try_advisory_lock) for the whole backup: one backup at a time per database, whoever starts it. */
const BACKUP_LOCK = 727_275;
/** Where archives are kept in the shared file store (decision 283): `backups/<name>`, each recorded in `backups`. */
export const BACKUPS_FOLDER = "backups";
/** The outcome of the last run, in the store next to the archives (read by the admin page on any instance). */
export const LAST_RUN_KEY = "last-run.json";

/**
 * Tables whose rows are not dumped (decision 283): the file store's own tables (its files go into the archive
 * as files, `files/<key>`) and the record of backups (an archive does not hold the archives).
 */
export const NOT_DUMPED_TABLES = new Set(["stored_files", "stored_file_chunks", "backups"]);

/**
 * Tables whose rows are regenerated on demand (decision 288): archived empty (a part of no rows, so the restore is
 * still complete: the table is there, with nothing in it). The speech clip cache: a clip is synthesised again the
 * first time it is asked for, and the cache may hold what private pages said aloud.
 */
export const REGENERATED_TABLES = new Set(["tts_audio"]);

/**
 * What under DATA_DIR is not backed up (decisions 201, 288): the database's own folder and connection details (the
 * database is dumped instead), the backups, the undelivered-mail outbox, every generated secret (the operator keeps
 * the keys: an archive holds no key material), and dot-named working folders (a restore's staging). Everything
 * else, present or added later by any domain, is.
 */
const NOT_BACKED_UP = new Set<string>([
  "postgres",
  "postgres-password",
  "postgres.port",
  "backups",
  "outbox",
  ...KEPT_SECRET_FILES,
]);

export function isBackedUpPath(relative: string): boolean {
  const top = relative.split("/")[0]!;
  return !NOT_BACKED_UP.has(top) && !top.startsWith(".");
}

/** The store's files an archive holds: all but the archives themselves. */
export const isBackedUpKey = (key: string) => key.split("/")[0] !== BACKUPS_FOLDER;

export class BackupBusyError extends Error {
  constructor() {
    super("Another backup of this database is running; this one was not started.");
    this.name = "BackupBusyError";
  }
}

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

/** What a backup read, for its log line and the caller. */
export type ArchiveSummary = { rows: number; tables: number; files: number; manifest: Manifest };

export type BackupResult = ArchiveSummary & {
  name: string;
  bytes: number;
  sha256: string;
  durationMs: number;
  /** the archive on disk, when it was written to a file (createBackupFile) */
  file?: string;
};

/**
 * Writes one archive of `source` into `destination`: the database read in one REPEATABLE READ, READ ONLY
 * transaction (every table as of one instant, decision 200), table by table with COPY … TO STDOUT; then, in the
 * same snapshot, the files of the shared store (decision 283: every row's file is there, since files are stored
 * before their rows are written); then what is left in DATA_DIR (files an older version kept there and the
 * upgrade has not moved yet; never the generated secrets, decision 288); then the manifest and its signature. Streams all the way (a table is spooled to a
 * temporary file only to learn its size for the tar header; a stored file is read chunk by chunk), so a million
 * posts or a 50 MB model never sit in memory. The steps are separate functions, so the archive is easy to extend.
 */
export async function writeBackupArchive(
  { databaseUrl, dataDir, signingKey }: BackupSource,
  destination: Writable,
  started = Date.now(),
): Promise<ArchiveSummary> {
  const root = path.resolve(dataDir);
  const spoolDir = await mkdtemp(path.join(tmpdir(), "backup-"));
  const spool = path.join(spoolDir, "table.copy");
  const sql = maintenanceClient(databaseUrl);
  try {
    const [lock] = await sql<{ locked: boolean }[]>`select pg_try_advisory_lock(${BACKUP_LOCK}) as locked`;
    if (!lock?.locked) throw new BackupBusyError();
    const pack = tar.pack();
    const written = pipeline(pack, createGzip({ level: 6 }), destination);
    written.catch(() => {}); // awaited below
    try {
      const tables: ManifestTable[] = [];
      const sequences: Manifest["database"]["sequences"] = [];
      const files: Manifest["files"] = [];
      let schema: Manifest["schema"] | null = null;
      await sql.begin("isolation level repeatable read, read only", async (tx) => {
        schema = await appliedSchemaVersion(tx);
        if (!schema) throw new Error("The database has no schema yet (no migration applied): nothing to back up.");
        tables.push(...(await packTables(tx, pack, spool)));
        sequences.push(...(await readSequences(tx)));
        files.push(...(await packStoredFiles(tx, pack)));
      });
      const taken = new Set(files.map((f) => f.path));
      const vanishedFiles: string[] = [];
      files.push(...(await packDiskFiles(root, pack, taken, vanishedFiles)));
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
      const signature = Buffer.from(signManifest(signingKey, text));
      await packEntry(pack, { name: SIGNATURE_NAME, size: signature.byteLength }, [signature]);
      pack.finalize();
      await written;
      return { rows: tables.reduce((sum, t) => sum + t.rows, 0), tables: tables.length, files: files.length, manifest };
    } catch (error) {
      pack.destroy(error as Error);
      await written.catch(() => {});
      throw error;
    }
  } catch (error) {
    destination.destroy(error as Error);
    throw error;
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
    await sql.end({ timeout: 5 });
  }
}

/** Every table but NOT_DUMPED_TABLES, in dependency order, as COPY text. */
async function packTables(tx: postgres.TransactionSql, pack: tar.Pack, spool: string): Promise<ManifestTable[]> {
  const tables: ManifestTable[] = [];
  const infos = (await tablesInDependencyOrder(tx)).filter((t) => !NOT_DUMPED_TABLES.has(t.name));
  for (const [index, table] of infos.entries()) {
    // A regenerated table's part holds no rows: COPY of a query that selects none.
    const copy = REGENERATED_TABLES.has(table.name)
      ? `copy (select ${table.columns.map(ident).join(", ")} from ${ident(table.name)} where false) to stdout`
      : `copy ${ident(table.name)} (${table.columns.map(ident).join(", ")}) to stdout`;
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
  return tables;
}

/** Sequences are not transactional: read in the snapshot's transaction, each is at least what its rows used. */
async function readSequences(tx: postgres.TransactionSql): Promise<Manifest["database"]["sequences"]> {
  const names = await tx<{ name: string }[]>`
    select c.relname::text as name from pg_class c
    where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace
      and not exists (select from pg_depend d join pg_class t on t.oid = d.refobjid
                      where d.objid = c.oid and d.deptype in ('a', 'i') and t.relname = any(${[...NOT_DUMPED_TABLES]}))
    order by c.relname`;
  const sequences: Manifest["database"]["sequences"] = [];
  for (const { name } of names) {
    const [value] = await tx.unsafe<{ last_value: string; is_called: boolean }[]>(
      `select last_value::text, is_called from public.${ident(name)}`,
    );
    sequences.push({ name, lastValue: value!.last_value, isCalled: value!.is_called });
  }
  return sequences;
}

/** The shared store's files (not the archives), read in the snapshot, chunk by chunk: `files/<key>`. */
async function packStoredFiles(tx: postgres.TransactionSql, pack: tar.Pack): Promise<Manifest["files"]> {
  const [table] = await tx`select to_regclass('public.stored_files') as name`;
  if (!table?.name) return []; // a database of a schema before the store
  const store = databaseFileStore(() => tx);
  const files: Manifest["files"] = [];
  for (const file of await store.list()) {
    if (!isBackedUpKey(file.key)) continue;
    const part = `files/${file.key}`;
    const digest = partDigest();
    await packEntry(
      pack,
      { name: part, size: file.size, mode: 0o600, mtime: new Date(file.createdAt) },
      (async function* () {
        for await (const chunk of store.stream(file.key) as AsyncIterable<Buffer>) {
          digest.update(chunk);
          yield chunk;
        }
      })(),
    );
    const { bytes, sha256 } = digest.result();
    if (bytes !== file.size)
      throw new Error(`${file.key} is ${bytes} bytes in the store, its record says ${file.size}`);
    files.push({ path: file.key, part, bytes, sha256, mode: 0o600 });
  }
  return files;
}

/** What is left under DATA_DIR (decision 201 says which), but not a path the store already gave. */
async function packDiskFiles(
  root: string,
  pack: tar.Pack,
  taken: Set<string>,
  vanishedFiles: string[],
): Promise<Manifest["files"]> {
  const files: Manifest["files"] = [];
  for await (const relative of walkFiles(root, isBackedUpPath)) {
    if (taken.has(relative)) continue;
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
          if (info.size === 0) return;
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
  return files;
}

/** Counts the bytes and the SHA-256 of the whole archive as it passes. */
function archiveDigest() {
  const hash = createHash("sha256");
  let bytes = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      done(null, chunk);
    },
  });
  return { transform, result: () => ({ bytes, sha256: hash.digest("hex") }) };
}

/** The shared store and the record of backups of the database `sql` is connected to. */
const backupStore = (sql: postgres.Sql) => databaseFileStore(() => sql).under(BACKUPS_FOLDER);

/**
 * Takes a backup into the shared store of the database it backs up (decision 283): the archive streams into
 * `backups/<name>` as it is made (never whole in memory or on a local disk) and is recorded in `backups` with
 * its size and SHA-256 once complete, so every instance lists it and serves its download. A failed backup
 * leaves neither.
 */
export async function createBackup(source: BackupSource): Promise<BackupResult> {
  const started = Date.now();
  const name = backupName(new Date(started));
  const sql = maintenanceClient(source.databaseUrl);
  try {
    const digest = archiveDigest();
    // Its errors reach both promises below; no 'error' event may go unheard.
    digest.transform.on("error", () => {});
    const stored = backupStore(sql).write(name, digest.transform, { contentType: "application/gzip" });
    // A store that fails stops the archive (else the archive would wait for a reader that is gone).
    stored.catch((error: Error) => digest.transform.destroy(error));
    const [summary] = await Promise.all([writeBackupArchive(source, digest.transform, started), stored]);
    const { bytes, sha256 } = digest.result();
    await sql`insert into backups (name, bytes, sha256, created_at)
              values (${name}, ${bytes}, ${sha256}, ${new Date(started).toISOString()}::timestamptz)`;
    return { ...summary, name, bytes, sha256, durationMs: Date.now() - started };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Not started: the folder an archive was to be written to has less free space than the archive may need. */
export class NotEnoughSpaceError extends Error {
  constructor(dir: string, needed: number, free: number) {
    super(
      `Not enough free space in ${dir} for the backup: it may need up to ${formatBytes(needed)} (the database's ` +
        `size and the files left in the data folder) and ${formatBytes(free)} is free. Nothing was written; free ` +
        `some space or choose another --file.`,
    );
    this.name = "NotEnoughSpaceError";
  }
}

/** Bytes an unprivileged process may still write in the file system holding `dir` (statfs). */
export async function freeBytes(dir: string): Promise<number> {
  const info = await statfs(dir);
  return info.bavail * info.bsize;
}

/**
 * An upper bound of an archive's size before it is written (decision 288): the database's size on disk (its rows,
 * indexes and the stored files' chunks: the archive holds less, compressed), less the archives kept in it (not
 * copied), plus what is left in DATA_DIR.
 */
export async function estimateArchiveBytes({ databaseUrl, dataDir }: BackupSource): Promise<number> {
  const sql = maintenanceClient(databaseUrl);
  try {
    const [database] = await sql<{ bytes: number }[]>`select pg_database_size(current_database())::float8 as bytes`;
    const [kept] = (await hasBackupsTable(sql))
      ? await sql<{ bytes: number }[]>`select coalesce(sum(bytes), 0)::float8 as bytes from backups`
      : [{ bytes: 0 }];
    let disk = 0;
    const root = path.resolve(dataDir);
    for await (const relative of walkFiles(root, isBackedUpPath)) {
      disk += await open(path.join(root, relative), "r").then(
        async (handle) => {
          try {
            return (await handle.stat()).size;
          } finally {
            await handle.close();
          }
        },
        () => 0,
      );
    }
    return Math.max(0, database!.bytes - kept!.bytes) + disk;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const hasBackupsTable = async (sql: postgres.Sql) =>
  !!(await sql`select to_regclass('public.backups') as name`)[0]?.name;

/**
 * Takes a backup into a file instead (`npm run backup -- --file PATH`: a copy for elsewhere; a database of a
 * schema before the store). Refused before the first byte when the folder has less free space than the estimate
 * (`free`: statfs; replaced in tests); the file appears under its name only when complete.
 */
export async function createBackupFile(
  source: BackupSource,
  file: string,
  { free = freeBytes }: { free?: (dir: string) => Promise<number> } = {},
): Promise<BackupResult> {
  const started = Date.now();
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const needed = await estimateArchiveBytes(source);
  const available = await free(path.dirname(target));
  if (available < needed) throw new NotEnoughSpaceError(path.dirname(target), needed, available);
  const partial = target + PARTIAL_SUFFIX;
  const digest = archiveDigest();
  const output = createWriteStream(partial, { mode: 0o600 });
  const done = pipeline(digest.transform, output);
  done.catch(() => {}); // awaited below
  try {
    const summary = await writeBackupArchive(source, digest.transform, started);
    await done;
    await rename(partial, target);
    const { bytes, sha256 } = digest.result();
    return { ...summary, name: path.basename(target), bytes, sha256, durationMs: Date.now() - started, file: target };
  } finally {
    await rm(partial, { force: true });
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

export type BackupFile = { name: string; bytes: number; createdAt: string; sha256: string };

/** The backups recorded in the database `sql` is connected to, newest first. */
export async function listBackups(sql: postgres.Sql): Promise<BackupFile[]> {
  return sql<BackupFile[]>`
    select name, bytes::float8 as bytes, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
           sha256
    from backups order by name desc`;
}

/** Removes all but the newest `keep` backups (record and archive); returns the names removed. */
export async function pruneBackups(sql: postgres.Sql, keep: number): Promise<string[]> {
  const old = (await listBackups(sql)).slice(keep);
  const store = backupStore(sql);
  for (const backup of old) {
    await sql`delete from backups where name = ${backup.name}`;
    await store.remove(backup.name);
  }
  return old.map((b) => b.name);
}

/** A recorded backup's archive, streamed from the store chunk by chunk, or null. */
export async function openStoredBackup(
  sql: postgres.Sql,
  name: string,
  { pace }: { pace?: () => Promise<void> } = {},
): Promise<{ stream: Readable; bytes: number; sha256: string } | null> {
  if (!BACKUP_NAME.test(name)) return null;
  const [row] = await sql<{ bytes: number; sha256: string }[]>`
    select bytes::float8 as bytes, sha256 from backups where name = ${name}`;
  if (!row) return null;
  const store = backupStore(sql);
  if ((await store.size(name)) !== row.bytes) return null;
  return { stream: store.stream(name, { pace }), bytes: row.bytes, sha256: row.sha256 };
}

export type LastRun =
  | { ok: true; at: string; name: string; bytes: number; durationMs: number; rows: number; files: number }
  | { ok: false; at: string; error: string };

export async function readLastRun(sql: postgres.Sql): Promise<LastRun | null> {
  const bytes = await backupStore(sql)
    .read(LAST_RUN_KEY)
    .catch(() => null);
  return bytes ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as LastRun) : null;
}

/**
 * A backup with its bookkeeping, as the script and the daily job run it: the backup into the store, then the
 * oldest beyond `keep` removed, the outcome logged and kept in the store for the admin page. Rejects when the
 * backup failed.
 */
export async function runBackup(
  source: BackupSource,
  { keep, log = console }: { keep: number; log?: Pick<Console, "log" | "error"> },
): Promise<BackupResult> {
  const at = new Date().toISOString();
  const sql = maintenanceClient(source.databaseUrl);
  const record = (outcome: LastRun) => backupStore(sql).put(LAST_RUN_KEY, JSON.stringify(outcome));
  try {
    const result = await createBackup(source);
    const removed = await pruneBackups(sql, keep);
    log.log(
      `[backup] ${result.name}: ${formatBytes(result.bytes)}, ${result.tables} tables, ${result.rows} rows, ` +
        `${result.files} files in ${(result.durationMs / 1000).toFixed(1)} s, sha256 ${result.sha256}` +
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
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The upgrade (decision 283): archives an older version wrote into a folder (BACKUP_DIR, DATA_DIR/backups) are
 * moved into the store of the database `sql` reaches and recorded, once (a recorded name is not stored again),
 * then removed from the folder with that version's last-run file. Returns the names moved.
 */
export async function adoptBackupsFromFolder(sql: postgres.Sql, dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n)).sort();
  const moved: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const [known] = await sql`select 1 from backups where name = ${name}`;
    if (!known) {
      const digest = archiveDigest();
      const stored = backupStore(sql).write(name, digest.transform, { contentType: "application/gzip" });
      await Promise.all([pipeline(createReadStream(file), digest.transform), stored]);
      const { bytes, sha256 } = digest.result();
      const stamp = BACKUP_NAME.exec(name)![1]!;
      const createdAt = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`;
      await sql`insert into backups (name, bytes, sha256, created_at)
                values (${name}, ${bytes}, ${sha256}, ${createdAt}::timestamptz) on conflict (name) do nothing`;
      moved.push(name);
    }
    await rm(file, { force: true });
  }
  if (names.length > 0) await rm(path.join(dir, "last-run.json"), { force: true });
  return moved;
}
