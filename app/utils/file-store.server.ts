import { createReadStream, existsSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type postgres from "postgres";
import { rawSql } from "#db/client.server";

/**
 * The shared file store (decision 280): files kept in PostgreSQL, so every instance reads what any other wrote
 * and an instance's DATA_DIR holds nothing another needs. A file is a row of `stored_files` and its bytes are
 * rows of `stored_file_chunks`, CHUNK_SIZE each (the last one shorter).
 *
 * - Writes stream: the bytes are cut into chunks as they arrive, each chunk one short INSERT (no transaction
 *   stays open while a slow client sends, and only one chunk is in memory). The file becomes visible only when
 *   complete, in one transaction that also removes the older file of the same key. A failed stream deletes what
 *   it wrote; a process killed mid-write leaves an incomplete row that `removeAbandonedWrites` sweeps.
 * - Reads stream: one chunk is fetched when the reader asks for more (back-pressure), so a 50 MB model is never
 *   held whole; a byte range reads only the chunks it covers.
 */
export type FileStore = {
  /** Streams `source` into `key` (replacing a file of that key once complete); rejects and leaves nothing behind if the stream errors. */
  write(
    key: string,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Readable,
    options?: { contentType?: string },
  ): Promise<number>;
  put(key: string, bytes: Uint8Array | string, options?: { contentType?: string }): Promise<void>;
  /** The whole file (small files only: posters, pictures, a sniffed head). Rejects when there is none. */
  read(key: string): Promise<Uint8Array>;
  /** The first `length` bytes (fewer if the file is shorter). Rejects when there is none. */
  readHead(key: string, length: number): Promise<Uint8Array>;
  /** The file's bytes (or bytes `start` to `end`, inclusive), fetched chunk by chunk as the reader asks; errors when there is none. */
  stream(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  /** Removes the file `key` and every file under `key/`. */
  remove(key: string): Promise<void>;
  /** The complete files under `prefix/` (keys relative to this store), in key order. */
  list(prefix?: string): Promise<StoredFileInfo[]>;
  /** The same store seen under `prefix/`: its keys are relative to it. */
  under(prefix: string): FileStore;
};

export type StoredFileInfo = { key: string; size: number; createdAt: string };

/** 256 KiB: small enough that a chunk in flight costs little memory, large enough that 50 MB is 200 rows. */
export const CHUNK_SIZE = 256 * 1024;

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export class StoredFileMissingError extends Error {
  readonly code = "ENOENT";
  constructor(key: string) {
    super(`No stored file ${key}`);
    this.name = "StoredFileMissingError";
  }
}

type Sql = postgres.Sql | postgres.TransactionSql;

/** `work` in a transaction: a new one, or the caller's when `sql` already is one. */
function atomically(sql: Sql, work: (tx: Sql) => Promise<unknown>): Promise<unknown> {
  return "begin" in sql ? sql.begin((tx) => work(tx)) : work(sql);
}

/** Escapes LIKE's wildcards in a key prefix. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;

/**
 * The store on the database `sql()` reaches: the app's pool by default, a maintenance connection or a
 * transaction for backups and restores. `root` is the key prefix this view sees ("" for all of it).
 */
export function databaseFileStore(sql: () => Sql, root = ""): FileStore {
  const full = (key: string) => {
    const whole = root ? `${root}/${key}` : key;
    if (!SAFE_KEY.test(whole) || whole.split("/").includes("..")) throw new Error(`Unsafe storage key: ${whole}`);
    return whole;
  };

  const fileOf = async (key: string) => {
    const [row] = await sql()<{ id: string; size: string; chunk_size: number }[]>`
      select id::text, size::text, chunk_size from stored_files where key = ${full(key)} and complete`;
    return row ? { id: row.id, size: Number(row.size), chunkSize: row.chunk_size } : null;
  };

  const store: FileStore = {
    async write(key, source, { contentType } = {}) {
      const name = full(key);
      const [row] = await sql()<{ id: string }[]>`
        insert into stored_files (key, chunk_size, content_type) values (${name}, ${CHUNK_SIZE}, ${contentType ?? null})
        returning id::text`;
      const id = row!.id;
      let size = 0;
      let seq = 0;
      const pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (bytes: Buffer) => {
        await sql()`insert into stored_file_chunks (file_id, seq, data) values (${id}, ${seq++}, ${bytes})`;
      };
      try {
        for await (const piece of source as AsyncIterable<Uint8Array>) {
          const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
          size += chunk.byteLength;
          pending.push(chunk);
          pendingBytes += chunk.byteLength;
          while (pendingBytes >= CHUNK_SIZE) {
            const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
            await flush(all.subarray(0, CHUNK_SIZE));
            const rest = all.subarray(CHUNK_SIZE);
            pending.length = 0;
            // A copy: the rest must not keep the whole concatenation alive.
            if (rest.byteLength > 0) pending.push(Buffer.from(rest));
            pendingBytes = rest.byteLength;
          }
        }
        if (pendingBytes > 0) await flush(Buffer.concat(pending, pendingBytes));
        await atomically(sql(), async (tx) => {
          await tx`delete from stored_files where key = ${name} and complete`;
          await tx`update stored_files set complete = true, size = ${size} where id = ${id}`;
        });
      } catch (error) {
        await sql()`delete from stored_files where id = ${id}`.catch(() => {});
        throw error;
      }
      return size;
    },

    async put(key, bytes, options) {
      const buffer =
        typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const pieces: Buffer[] = [];
      for (let at = 0; at < buffer.byteLength; at += CHUNK_SIZE) pieces.push(buffer.subarray(at, at + CHUNK_SIZE));
      await store.write(key, pieces, options);
    },

    async read(key) {
      const file = await fileOf(key);
      if (!file) throw new StoredFileMissingError(full(key));
      return store.readHead(key, file.size);
    },

    async readHead(key, length) {
      const file = await fileOf(key);
      if (!file) throw new StoredFileMissingError(full(key));
      const end = Math.min(length, file.size);
      if (end <= 0) return new Uint8Array();
      const rows = await sql()<{ data: Buffer }[]>`
        select data from stored_file_chunks where file_id = ${file.id} and seq < ${Math.ceil(end / file.chunkSize)}
        order by seq`;
      const bytes = Buffer.concat(rows.map((r) => r.data)).subarray(0, end);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    stream(key, range) {
      let file: Awaited<ReturnType<typeof fileOf>> | undefined;
      let position = range?.start ?? 0;
      let last = -1;
      return new Readable({
        // One chunk at a time: the next is fetched only when the reader has taken this one.
        highWaterMark: 1,
        objectMode: false,
        read() {
          void (async () => {
            try {
              if (file === undefined) {
                file = await fileOf(key);
                if (!file) throw new StoredFileMissingError(full(key));
                last = Math.min(range ? range.end : file.size - 1, file.size - 1);
              }
              if (!file || position > last) return void this.push(null);
              const seq = Math.floor(position / file.chunkSize);
              const [row] = await sql()<{ data: Buffer }[]>`
                select data from stored_file_chunks where file_id = ${file.id} and seq = ${seq}`;
              // Replaced or removed while being read: the reader gets an error, not a mix of two files.
              if (!row) throw new StoredFileMissingError(full(key));
              const from = position - seq * file.chunkSize;
              const to = Math.min(row.data.byteLength, last - seq * file.chunkSize + 1);
              position = seq * file.chunkSize + to;
              this.push(row.data.subarray(from, to));
            } catch (error) {
              this.destroy(error as Error);
            }
          })();
        },
      });
    },

    async size(key) {
      return (await fileOf(key))?.size ?? null;
    },

    async remove(key) {
      const name = full(key);
      await sql()`delete from stored_files where key = ${name} or key like ${likePrefix(name)}`;
    },

    async list(prefix) {
      const base = prefix ? full(prefix) : root;
      const rows = base
        ? await sql()<{ key: string; size: string; created_at: string }[]>`
            select key, size::text, created_at::text from stored_files where complete and key like ${likePrefix(base)}
            order by key`
        : await sql()<{ key: string; size: string; created_at: string }[]>`
            select key, size::text, created_at::text from stored_files where complete order by key`;
      const cut = root ? root.length + 1 : 0;
      return rows.map((r) => ({ key: r.key.slice(cut), size: Number(r.size), createdAt: r.created_at }));
    },

    under(prefix) {
      return databaseFileStore(sql, root ? `${root}/${prefix}` : prefix);
    },
  };
  return store;
}

/**
 * Removes writes that never completed (their process died mid-stream) and are older than `olderThanMinutes`:
 * run by the hourly maintenance task.
 */
export async function removeAbandonedWrites({ olderThanMinutes = 60 } = {}): Promise<number> {
  const rows = await rawSql()`
    delete from stored_files where not complete and created_at < now() - make_interval(mins => ${olderThanMinutes})
    returning id`;
  return rows.length;
}

/** The site's store, on the app's database pool. */
export const fileStore: FileStore = databaseFileStore(rawSql);

/** What under DATA_DIR moves into the store at the upgrade (decision 282): the folders members' files were kept in. */
export const FOLDERS_MOVED_INTO_STORE = ["models3d", "visual-essence"] as const;
/** Held while files move in: one instance at a time (several may start at once on one DATA_DIR). */
const MOVE_LOCK = 727_280;

/**
 * The upgrade from files on disk (decision 282): every file under `root/<folder>` for each of `folders` is
 * written into the store as `<folder>/<path>`, then its disk copy removed. Idempotent (a file already stored
 * whole, same key and size, is not written again; an interrupted run picks up where it stopped) and safe when
 * several instances start at once (an advisory lock: the second finds nothing left). Returns how many moved.
 */
export async function moveFilesIntoStore({
  root,
  folders = FOLDERS_MOVED_INTO_STORE,
  store = fileStore,
  lock = rawSql,
}: {
  root: string;
  folders?: readonly string[];
  store?: FileStore;
  /** the database to take the advisory lock on; null when the caller has made sure nothing else moves these files */
  lock?: (() => postgres.Sql) | null;
}): Promise<number> {
  const present = folders.filter((folder) => existsSync(path.join(root, folder)));
  if (present.length === 0) return 0;
  const connection = lock ? await lock().reserve() : null;
  let moved = 0;
  try {
    if (connection) await connection`select pg_advisory_lock(${MOVE_LOCK})`;
    for (const folder of present) {
      const base = path.join(root, folder);
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, file).split(path.sep).join("/");
        if (!SAFE_KEY.test(key)) {
          console.warn(`[file-store] not moved into the store (its name is not a storage key): ${file}`);
          continue;
        }
        const { size } = await stat(file);
        if ((await store.size(key)) !== size) await store.write(key, createReadStream(file));
        await rm(file, { force: true });
        moved++;
      }
      await removeEmptyFolders(base);
    }
  } finally {
    if (connection) {
      await connection`select pg_advisory_unlock(${MOVE_LOCK})`.catch(() => {});
      connection.release();
    }
  }
  return moved;
}

async function removeEmptyFolders(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) return false;
  let empty = true;
  for (const entry of entries) {
    if (!entry.isDirectory() || !(await removeEmptyFolders(path.join(dir, entry.name)))) empty = false;
  }
  if (empty) await rm(dir, { recursive: true, force: true });
  return empty;
}
