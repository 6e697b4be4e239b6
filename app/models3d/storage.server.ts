import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "~/utils/env.server";

/**
 * Where uploads and converted models live. The folder implementation keeps them under DATA_DIR/models3d; a
 * shared store (S3, a network volume) can replace it behind the same interface when instances multiply.
 */
export type ModelStorage = {
  /** Streams `source` into `key`; rejects (and leaves nothing behind) if the stream errors. */
  write(key: string, source: AsyncIterable<Uint8Array> | Readable): Promise<number>;
  put(key: string, bytes: Uint8Array | string): Promise<void>;
  read(key: string): Promise<Uint8Array>;
  readHead(key: string, length: number): Promise<Uint8Array>;
  stream(key: string): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
};

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function folderStorage(root: string): ModelStorage {
  const file = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async write(key, source) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      let bytes = 0;
      try {
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Uint8Array>) {
            for await (const chunk of chunks) {
              bytes += chunk.byteLength;
              yield chunk;
            }
          },
          createWriteStream(target),
        );
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return bytes;
    },
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
    read: async (key) => new Uint8Array(await readFile(file(key))),
    async readHead(key, length) {
      const handle = await open(file(key), "r");
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
      } finally {
        await handle.close();
      }
    },
    stream: (key) => createReadStream(file(key)),
    size: (key) =>
      stat(file(key)).then(
        (s) => s.size,
        () => null,
      ),
    async remove(key) {
      await rm(file(key), { force: true, recursive: true });
    },
  };
}

export const modelStorage: ModelStorage = folderStorage(path.join(env.DATA_DIR, "models3d"));
