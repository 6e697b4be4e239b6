import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type postgres from "postgres";
import { applyMigrationsUpTo, knownMigrations, runMigrations, type SchemaVersion } from "#db/migrate";
import { databaseFileStore, moveFilesIntoStore } from "~/utils/file-store.server";
import { KEPT_SECRET_FILES } from "~/utils/kept-secret.server";
import {
  ArchiveError,
  checkParts,
  MANIFEST_NAME,
  partDigest,
  readArchive,
  SIGNATURE_NAME,
  verifyArchive,
  type Manifest,
  type PartCheck,
  type SignatureCheck,
} from "./archive.server";
import {
  ident,
  isBackedUpKey,
  isBackedUpPath,
  maintenanceClient,
  NOT_DUMPED_TABLES,
  tablesInDependencyOrder,
  walkFiles,
} from "./backup.server";

/**
 * `npm run restore -- FILE` (decisions 202, 288): checks the archive's signature and then the whole archive
 * before touching anything, then loads it in
 * one transaction onto an empty database (the schema rebuilt at the archive's version, every table, the
 * sequences, the row counts checked) while the files are unpacked into a staging folder; only when the
 * transaction has committed and the schema is migrated forward are the files moved into the shared store. The
 * target keeps its own generated secrets (an archive holds none; one written before decision 288 has its copies
 * skipped). A failure at any step before the commit leaves the database, its store
 * and DATA_DIR as they were.
 */

/** The restore was not started: the target is not empty, or the archive is of a schema this site cannot load. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

/** Secrets the site generates at first start (decision 288): the target's stay; an older archive's are skipped. */
const GENERATED_SECRETS = new Set<string>(KEPT_SECRET_FILES);

const describeVersion = (v: SchemaVersion) => v.tag ?? `migration of ${new Date(v.createdAt).toISOString()}`;

/**
 * Reads the archive once, checking its manifest's signature with `check`'s key (decision 288) and every part
 * against its manifest, and checks that this site can load its schema version (one of its own migrations, the
 * same file). Returns the manifest; throws an ArchiveError or a RestoreRefusedError with the reason. Touches
 * nothing.
 */
export async function checkRestorable(file: string, check: SignatureCheck): Promise<Manifest> {
  const manifest = await verifyArchive(file, check);
  const version = manifest.schema;
  const known = knownMigrations();
  const latest = known.at(-1)!;
  const same = known.find((m) => m.createdAt === version.createdAt);
  if (!same) {
    if (version.createdAt > latest.createdAt)
      throw new RestoreRefusedError(
        `The backup ${file} was made by a newer version of the site (schema ${describeVersion(version)}); this one ` +
          `knows migrations up to ${latest.tag}. Update the site, then restore.`,
      );
    throw new RestoreRefusedError(
      `The backup ${file} has schema ${describeVersion(version)}, which is not one of this site's migrations.`,
    );
  }
  if (same.hash !== version.hash)
    throw new RestoreRefusedError(
      `The backup ${file} was made with a different migration ${same.tag} than this site's: it cannot be restored here.`,
    );
  return manifest;
}

/** Where the store's tables wait while the schema is rebuilt (decision 283): the archives in it stay. */
const HOLD_SCHEMA = "restore_hold";
const STORE_TABLES = ["stored_file_chunks", "stored_files", "backups"] as const;

const hasTable = async (sql: postgres.Sql | postgres.TransactionSql, qualified: string) =>
  !!(await sql`select to_regclass(${qualified}) as name`)[0]?.name;

/** What the target already holds: tables with rows and files members made (in the store or on disk). Empty lists mean empty. */
export async function targetContents(
  sql: postgres.Sql,
  dataDir: string,
): Promise<{ tables: string[]; files: string[]; storedFiles: string[] }> {
  const tables: string[] = [];
  for (const table of await tablesInDependencyOrder(sql)) {
    if (NOT_DUMPED_TABLES.has(table.name)) continue;
    const [row] = await sql.unsafe<{ any: boolean }[]>(`select exists (select from ${ident(table.name)}) as any`);
    if (row?.any) tables.push(table.name);
  }
  const files: string[] = [];
  for await (const relative of walkFiles(path.resolve(dataDir), isBackedUpPath)) {
    if (!GENERATED_SECRETS.has(relative)) files.push(relative);
  }
  const storedFiles = (await hasTable(sql, "public.stored_files"))
    ? (await databaseFileStore(() => sql).list()).map((f) => f.key).filter(isBackedUpKey)
    : [];
  return { tables, files, storedFiles };
}

export type RestoreResult = { manifest: Manifest; from: string; to: string; rows: number; files: number };

/**
 * Restores `file` (decisions 202, 283). In one transaction: the store's tables are set aside (the backups kept
 * in the store survive), the schema is rebuilt at the archive's version and every table loaded; the archive's
 * files are unpacked into a staging folder meanwhile. Then the schema is migrated forward and, in a second
 * transaction, the store's tables come back, the target's old files leave it and the archive's files go in
 * (the generated secrets go to DATA_DIR, as before).
 */
export async function restoreBackup({
  file,
  manifest,
  databaseUrl,
  dataDir,
  force = false,
  log = () => {},
}: {
  file: string;
  /** what checkRestorable answered for `file` */
  manifest: Manifest;
  databaseUrl: string;
  dataDir: string;
  /** replace what the database and DATA_DIR hold; refused otherwise */
  force?: boolean;
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const root = path.resolve(dataDir);
  await mkdir(root, { recursive: true });
  const sql = maintenanceClient(databaseUrl);
  const staging = path.join(root, `.restore-${randomBytes(6).toString("hex")}`);
  try {
    const present = await targetContents(sql, root);
    if (!force && (present.tables.length > 0 || present.files.length > 0 || present.storedFiles.length > 0)) {
      const what = [
        present.tables.length ? `the database has rows in ${listSome(present.tables)}` : null,
        present.storedFiles.length ? `its file store holds ${listSome(present.storedFiles)}` : null,
        present.files.length ? `${root} holds ${listSome(present.files)}` : null,
      ].filter(Boolean);
      throw new RestoreRefusedError(
        `Nothing was restored: ${what.join(", and ")}. Restore onto an empty database and data folder, or add ` +
          `--force to replace what they hold.`,
      );
    }

    await mkdir(staging, { recursive: true, mode: 0o700 });
    const tablesByPart = new Map(manifest.database.tables.map((t) => [t.part, t]));
    log(`loading ${manifest.database.tables.length} tables at schema ${describeVersion(manifest.schema)}`);
    await sql.begin(async (tx) => {
      // The store's tables (the backups kept in it) wait aside while the schema is rebuilt; one set aside by an
      // interrupted restore is kept as it is.
      if ((await hasTable(tx, "public.stored_files")) && !(await hasTable(tx, `${HOLD_SCHEMA}.stored_files`))) {
        await tx.unsafe(`create schema if not exists ${HOLD_SCHEMA}`);
        for (const table of STORE_TABLES)
          if (await hasTable(tx, `public.${table}`))
            await tx.unsafe(`alter table public.${ident(table)} set schema ${HOLD_SCHEMA}`);
      }
      // An empty target may still have the schema a first start made: rebuilt at the archive's version.
      await tx`drop schema if exists drizzle cascade`;
      await tx`drop schema if exists public cascade`;
      await tx`create schema public`;
      await applyMigrationsUpTo(tx, manifest.schema);
      const seen: PartCheck[] = [];
      await readArchive(file, async (entry) => {
        if (entry.name === MANIFEST_NAME || entry.name === SIGNATURE_NAME) return;
        const digest = partDigest();
        const hashing = async function* (chunks: AsyncIterable<Uint8Array>) {
          for await (const chunk of chunks) {
            digest.update(chunk);
            yield chunk;
          }
        };
        const table = tablesByPart.get(entry.name);
        if (table) {
          // The archive holds every table's rows as they were, derived ones included: the site's own triggers
          // (notifications, counters) stay off while they load. Foreign keys are checked.
          await tx.unsafe(`alter table ${ident(table.name)} disable trigger user`);
          const copy = `copy ${ident(table.name)} (${table.columns.map(ident).join(", ")}) from stdin`;
          await pipeline(entry.body, hashing, await tx.unsafe(copy).writable());
          await tx.unsafe(`alter table ${ident(table.name)} enable trigger user`);
        } else {
          const relative = entry.name.slice("files/".length);
          if (entry.name.startsWith("files/") && GENERATED_SECRETS.has(relative)) {
            // An archive written before decision 288 holds the secrets of the site that made it: the target's stay.
            for await (const chunk of entry.body) digest.update(chunk);
            seen.push({ name: entry.name, ...digest.result() });
            return;
          }
          if (
            !entry.name.startsWith("files/") ||
            relative.split("/").some((p) => p === ".." || p === "") ||
            !isBackedUpPath(relative) ||
            !isBackedUpKey(relative)
          )
            throw new ArchiveError(`The backup ${file} holds an unexpected entry ${entry.name}: nothing was restored.`);
          const target = path.join(staging, relative);
          await mkdir(path.dirname(target), { recursive: true });
          await pipeline(entry.body, hashing, createWriteStream(target, { mode: entry.mode & 0o777 || 0o600 }));
        }
        seen.push({ name: entry.name, ...digest.result() });
      });
      // The same checks as before loading: the file could have changed in between.
      checkParts(file, manifest, seen);
      for (const sequence of manifest.database.sequences) {
        await tx`select setval(${`public.${ident(sequence.name)}`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`;
      }
      for (const table of manifest.database.tables) {
        const [row] = await tx.unsafe<{ rows: string }[]>(`select count(*)::text as rows from ${ident(table.name)}`);
        if (Number(row?.rows) !== table.rows)
          throw new Error(`${table.name} holds ${row?.rows} rows after loading, the manifest says ${table.rows}`);
      }
    });

    // The database is restored: migrated forward, then the files take their place.
    const latest = knownMigrations().at(-1)!;
    if (latest.createdAt > manifest.schema.createdAt) log(`migrating forward to ${latest.tag}`);
    await runMigrations(databaseUrl);
    await sql.begin(async (tx) => {
      if (await hasTable(tx, `${HOLD_SCHEMA}.stored_files`)) {
        for (const table of STORE_TABLES) await tx.unsafe(`drop table if exists public.${ident(table)} cascade`);
        for (const table of [...STORE_TABLES].reverse())
          if (await hasTable(tx, `${HOLD_SCHEMA}.${table}`))
            await tx.unsafe(`alter table ${HOLD_SCHEMA}.${ident(table)} set schema public`);
        await tx.unsafe(`drop schema ${HOLD_SCHEMA}`);
      }
      const store = databaseFileStore(() => tx);
      for (const key of present.storedFiles) await store.remove(key);
      for (const name of await readdir(staging)) {
        await moveFilesIntoStore({ root: staging, folders: [name], store, lock: null });
      }
    });
    for (const relative of present.files) await rm(path.join(root, relative), { force: true });
    for (const name of await readdir(staging)) {
      await rm(path.join(root, name), { recursive: true, force: true });
      await rename(path.join(staging, name), path.join(root, name));
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
    await sql.end({ timeout: 5 });
  }

  return {
    manifest,
    from: describeVersion(manifest.schema),
    to: knownMigrations().at(-1)!.tag,
    rows: manifest.database.tables.reduce((sum, t) => sum + t.rows, 0),
    files: manifest.files.length,
  };
}

function listSome(names: string[]): string {
  return names.length <= 5 ? names.join(", ") : `${names.slice(0, 5).join(", ")} and ${names.length - 5} more`;
}
