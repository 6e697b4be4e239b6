import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";

/**
 * A zip container (3MF is one) is inspected before any converter inflates it (decision 094), with yauzl reading
 * the central directory: entry count, names (no `..`, no absolute or drive paths), the total uncompressed size
 * and each entry's compression ratio, as declared; then every entry is inflated into a counter (nothing kept),
 * so an archive that lies about its sizes is caught too (yauzl checks each entry's real size against the
 * declared one). A refusal carries the message shown to the visitor.
 */
export const ZIP_LIMITS = {
  maxEntries: 2_000,
  maxTotalBytes: 256 * 1024 * 1024,
  /** Entries above this size must not compress better than maxRatio (an XML mesh compresses 5-20 times). */
  ratioFloorBytes: 1024 * 1024,
  maxRatio: 100,
};

export type ZipLimits = typeof ZIP_LIMITS;

export type ZipVerdict = { ok: true; entries: number; totalBytes: number } | { ok: false; message: string };

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function unsafeName(name: string): boolean {
  const normalised = name.replaceAll("\\", "/");
  return (
    normalised.startsWith("/") ||
    /^[A-Za-z]:/.test(normalised) ||
    normalised.split("/").some((part) => part === "..") ||
    normalised.includes("\0")
  );
}

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      // Names are checked here (for our own message), so yauzl's own check is off; sizes are validated.
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    );
  });
}

export async function inspectZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipVerdict> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    return { ok: false, message: "The file is not a readable zip archive (3MF files are zip archives)." };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return {
      ok: false,
      message: `The archive holds ${zip.entryCount} files; at most ${limits.maxEntries} are accepted.`,
    };
  }
  const entries: yauzl.Entry[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.once("end", () => resolve());
      zip.once("error", reject);
      zip.readEntry();
    });
  } catch {
    zip.close();
    return { ok: false, message: "The archive's table of contents is damaged." };
  }

  let declared = 0;
  for (const entry of entries) {
    const name = Buffer.isBuffer(entry.fileName) ? (entry.fileName as Buffer).toString("utf8") : String(entry.fileName);
    if (unsafeName(name)) {
      zip.close();
      return {
        ok: false,
        message: `The archive holds a file with an unsafe path (${JSON.stringify(name.slice(0, 80))}).`,
      };
    }
    declared += entry.uncompressedSize;
    if (
      entry.uncompressedSize > limits.ratioFloorBytes &&
      entry.uncompressedSize > entry.compressedSize * limits.maxRatio
    ) {
      zip.close();
      return {
        ok: false,
        message: `The archive is refused: a file in it expands more than ${limits.maxRatio} times (a "zip bomb").`,
      };
    }
  }
  if (declared > limits.maxTotalBytes) {
    zip.close();
    return {
      ok: false,
      message: `The archive expands to ${mb(declared)}; at most ${mb(limits.maxTotalBytes)} are accepted.`,
    };
  }

  // Inflate each entry into a counter: yauzl errors if an entry's real size differs from its declared size.
  try {
    for (const entry of entries) {
      if (entry.uncompressedSize === 0 && entry.compressedSize === 0) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) => (error || !s ? reject(error) : resolve(s))),
      );
      await pipeline(stream, new Writable({ write: (_chunk, _enc, done) => done() }));
    }
  } catch {
    return { ok: false, message: "The archive is refused: its files are damaged or larger than the archive says." };
  } finally {
    zip.close();
  }
  return { ok: true, entries: entries.length, totalBytes: declared };
}
