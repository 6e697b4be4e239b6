import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { z } from "zod";

/**
 * The backup archive (decision 200): one gzip-compressed tar holding
 *
 * - `db/NNN-<table>.copy`: each table's rows in PostgreSQL's COPY text format, in dependency order (a table after
 *   the tables it references);
 * - `files/<path>`: the files members made under DATA_DIR (decision 201 says which);
 * - `manifest.json`: the schema version, every part's size and SHA-256, each table's columns and row count,
 *   the sequences' values;
 * - `manifest.sig`, last (decision 288): `hmac-sha256:<hex>`, an HMAC-SHA256 of the manifest's exact bytes with the
 *   site's BACKUP_SIGNING_KEY, which is never in an archive. With the checksums, it vouches for every byte.
 *
 * Reading checks it all: a part that is missing, extra, or not what the manifest says, a tar or gzip stream that
 * ends early, and a missing manifest all throw an ArchiveError with a message an operator can act on.
 */
export const MANIFEST_NAME = "manifest.json";
export const SIGNATURE_NAME = "manifest.sig";
export const ARCHIVE_FORMAT = "ten-principles-backup";
const SIGNATURE_PREFIX = "hmac-sha256:";

/** The `manifest.sig` entry's text for a manifest's exact bytes. */
export function signManifest(key: string, manifest: Uint8Array): string {
  return `${SIGNATURE_PREFIX}${createHmac("sha256", key).update(manifest).digest("hex")}\n`;
}

/** Whether `signature` (a `manifest.sig` text) is `key`'s over `manifest`, compared in constant time. */
export function isSignedWith(key: string, manifest: Uint8Array, signature: string): boolean {
  const text = signature.trim();
  if (!text.startsWith(SIGNATURE_PREFIX)) return false;
  const given = Buffer.from(text.slice(SIGNATURE_PREFIX.length), "hex");
  const expected = createHmac("sha256", key).update(manifest).digest();
  return given.byteLength === expected.byteLength && timingSafeEqual(given, expected);
}

/**
 * How an archive's signature is checked: with the key of the site that made it (null: this site has none yet),
 * and whether an archive with no signature (written before decision 288) may be read.
 */
export type SignatureCheck = { key: string | null; allowUnsigned?: boolean };

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const partName = z.string().regex(/^(db|files)\/[^\0]+$/);

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  /** how long the backup took, and how long the database's snapshot stayed open */
  durationMs: z.number(),
  schema: z.object({ tag: z.string().nullable(), createdAt: z.number(), hash: z.string() }),
  database: z.object({
    /** the transaction every table was read in */
    snapshot: z.string(),
    tables: z.array(
      z.object({
        name: z.string(),
        part: partName,
        columns: z.array(z.string()).min(1),
        rows: z.number().int().min(0),
        bytes: z.number().int().min(0),
        sha256,
      }),
    ),
    sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  }),
  files: z.array(
    z.object({ path: z.string(), part: partName, bytes: z.number().int().min(0), sha256, mode: z.number().int() }),
  ),
  /** files present when the backup listed them but deleted before they were read (their rows were too, later) */
  vanishedFiles: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestTable = Manifest["database"]["tables"][number];

/** A backup archive that cannot be trusted; nothing was restored from it. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

/** Counts bytes, lines (a COPY row is one line) and the SHA-256 of what passes through. */
export function partDigest() {
  const hash = createHash("sha256");
  let bytes = 0;
  let lines = 0;
  return {
    update(chunk: Uint8Array) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    },
    result: () => ({ bytes, lines, sha256: hash.digest("hex") }),
  };
}

/** Writes `chunks` into a tar entry of `size` bytes (honouring back-pressure); resolves once the entry is packed. */
export async function packEntry(
  pack: tar.Pack,
  header: { name: string; size: number; mode?: number; mtime?: Date },
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<void> {
  let done!: (error?: Error | null) => void;
  const packed = new Promise<void>((resolve, reject) => {
    done = (error) => (error ? reject(error) : resolve());
  });
  const entry = pack.entry({ type: "file", mode: 0o600, mtime: new Date(), ...header }, (error) => done(error));
  for await (const chunk of chunks) {
    if (!entry.write(chunk)) await once(entry, "drain");
  }
  entry.end(null);
  await packed;
}

export type ArchiveEntry = { name: string; size: number; mode: number; body: AsyncIterable<Uint8Array> };

const damaged = (file: string, reason: string) =>
  new ArchiveError(`The backup ${file} is damaged or incomplete (${reason}): it was refused and nothing was restored.`);

/**
 * Calls `onEntry` for each entry of the archive, in order; `onEntry` must read `body` to its end (or not at all:
 * what it leaves is skipped). Throws an ArchiveError when the file is not a gzip-compressed tar or ends early.
 */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const source = pipeline(createReadStream(file), createGunzip(), extract).catch((error: Error) => {
    extract.destroy(error);
    throw error;
  });
  source.catch(() => {}); // awaited below; the loop sees the same error first
  try {
    for await (const entry of extract) {
      const { name, size = 0, mode = 0o600, type } = entry.header;
      if (type !== "file") throw damaged(file, `unexpected ${type} entry ${name}`);
      await onEntry({ name, size, mode, body: entry as AsyncIterable<Uint8Array> });
      entry.resume(); // whatever onEntry left
    }
    await source;
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ArchiveError(`No backup at ${file}.`);
    if (code === "Z_BUF_ERROR" || /unexpected end/i.test(String((error as Error).message)))
      throw damaged(file, "it ends early: a truncated copy?");
    throw damaged(file, (error as Error).message);
  }
}

/** Parses a manifest; an ArchiveError if it is not one this site writes. */
export function parseManifest(file: string, text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw damaged(file, "its manifest is not JSON");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw damaged(file, `its manifest is not this site's: ${issue?.path.join(".")} ${issue?.message}`);
  }
  return parsed.data;
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export async function readBytes(body: AsyncIterable<Uint8Array>, limit = MAX_MANIFEST_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) throw new ArchiveError("The backup's manifest is too large.");
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export async function readText(body: AsyncIterable<Uint8Array>, limit = MAX_MANIFEST_BYTES): Promise<string> {
  return (await readBytes(body, limit)).toString("utf8");
}

/** What the manifest says each part must be, by part name. */
function expectedParts(manifest: Manifest): Map<string, { bytes: number; sha256: string; rows?: number }> {
  const parts = new Map<string, { bytes: number; sha256: string; rows?: number }>();
  for (const t of manifest.database.tables) parts.set(t.part, { bytes: t.bytes, sha256: t.sha256, rows: t.rows });
  for (const f of manifest.files) parts.set(f.part, { bytes: f.bytes, sha256: f.sha256 });
  return parts;
}

export type PartCheck = { name: string; bytes: number; lines: number; sha256: string };

/**
 * Compares the parts read from an archive with its manifest: each listed once, with its size, checksum and (for
 * a table) row count; nothing else. Throws an ArchiveError naming the first difference.
 */
export function checkParts(file: string, manifest: Manifest, seen: PartCheck[]): void {
  const expected = expectedParts(manifest);
  const names = new Set<string>();
  for (const part of seen) {
    const want = expected.get(part.name);
    if (!want) throw damaged(file, `${part.name} is not in its manifest`);
    if (names.has(part.name)) throw damaged(file, `${part.name} appears twice`);
    names.add(part.name);
    if (want.bytes !== part.bytes || want.sha256 !== part.sha256)
      throw damaged(file, `the checksum of ${part.name} does not match its manifest`);
    if (want.rows !== undefined && want.rows !== part.lines)
      throw damaged(file, `${part.name} holds ${part.lines} rows, its manifest says ${want.rows}`);
  }
  for (const name of expected.keys()) if (!names.has(name)) throw damaged(file, `${name} is missing`);
}

/** Refused before anything was read into the site: the archive's signature is not this key's, or it has none. */
function checkSignature(file: string, manifest: Buffer, signature: string | null, check: SignatureCheck): void {
  if (signature === null) {
    if (check.allowUnsigned) return;
    throw new ArchiveError(
      `The backup ${file} is not signed (an archive written before signatures, or one whose manifest.sig was ` +
        `removed): it was refused and nothing was restored. Add --unsigned to restore it anyway, only if you know ` +
        `where it comes from.`,
    );
  }
  if (check.key === null || !isSignedWith(check.key, manifest, signature))
    throw new ArchiveError(
      `The backup ${file} was signed with another key, or altered: it was refused and nothing was restored. ` +
        `Set BACKUP_SIGNING_KEY to the key of the site that made it` +
        (check.key === null ? " (this data folder has no backup-signing-key)." : "."),
    );
}

/**
 * Reads the whole archive once: checks the manifest's signature with `check`'s key (decision 288), then every part
 * against the manifest (which comes after the parts, followed only by its signature); returns the manifest.
 * Nothing is written anywhere.
 */
export async function verifyArchive(file: string, check: SignatureCheck): Promise<Manifest> {
  const seen: PartCheck[] = [];
  let manifestBytes: Buffer | null = null;
  let signature: string | null = null;
  await readArchive(file, async (entry) => {
    if (signature !== null) throw damaged(file, `${entry.name} follows the signature`);
    if (entry.name === SIGNATURE_NAME) {
      if (!manifestBytes) throw damaged(file, "its signature comes before its manifest");
      signature = await readText(entry.body, 1024);
      return;
    }
    if (manifestBytes) throw damaged(file, `${entry.name} follows the manifest`);
    if (entry.name === MANIFEST_NAME) {
      manifestBytes = await readBytes(entry.body);
      return;
    }
    if (!partName.safeParse(entry.name).success || entry.name.split("/").includes(".."))
      throw damaged(file, `unexpected entry ${entry.name}`);
    const digest = partDigest();
    for await (const chunk of entry.body) digest.update(chunk);
    seen.push({ name: entry.name, ...digest.result() });
  });
  if (!manifestBytes) throw damaged(file, "it has no manifest, which comes last: a truncated copy?");
  checkSignature(file, manifestBytes, signature, check);
  const manifest = parseManifest(file, (manifestBytes as Buffer).toString("utf8"));
  checkParts(file, manifest, seen);
  return manifest;
}

/** The manifest of an archive, read without checking the parts (the admin page; tests). */
export async function readManifest(file: string): Promise<Manifest> {
  let manifest: Manifest | null = null;
  await readArchive(file, async (entry) => {
    if (entry.name === MANIFEST_NAME) manifest = parseManifest(file, await readText(entry.body));
  });
  if (!manifest) throw damaged(file, "it has no manifest");
  return manifest;
}
