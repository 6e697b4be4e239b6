import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

/**
 * Issue 42's "memory of an instance stays flat while it serves a 50 MB model" (decision 280), measured the same
 * way by tests/integration/shared-store.test.ts and scripts/bench-model-memory.ts: the serving process's
 * resident memory (VmRSS from /proc) before, during and after a slow client downloads the model, so a server
 * that read the whole file into memory, or ignored back-pressure, would show the file's size in its RSS.
 */

/** Resident memory of process `pid`, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

/** `size` bytes of a model-like file in 1 MiB pieces (random, so nothing compresses it), with their SHA-256. */
export function largeFile(size: number): { pieces: () => AsyncGenerator<Uint8Array>; sha256: string } {
  const piece = randomBytes(1024 * 1024);
  const hash = createHash("sha256");
  for (let at = 0; at < size; at += piece.byteLength)
    hash.update(piece.subarray(0, Math.min(piece.byteLength, size - at)));
  return {
    sha256: hash.digest("hex"),
    async *pieces() {
      for (let at = 0; at < size; at += piece.byteLength)
        yield piece.subarray(0, Math.min(piece.byteLength, size - at));
    },
  };
}

export type ServingMemory = {
  bytes: number;
  sha256: string;
  seconds: number;
  beforeBytes: number;
  peakBytes: number;
  afterBytes: number;
};

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Downloads `url` as a slow client would (a pause after every piece read: about `seconds` for the whole), while
 * sampling the RSS of `pid` every 25 ms; `before` is taken after a second of quiet, `after` a second after the
 * last byte.
 */
export async function measureServingMemory({
  url,
  headers = {},
  pid,
  expectedBytes,
  seconds = 4,
}: {
  url: string;
  headers?: Record<string, string>;
  pid: number;
  expectedBytes: number;
  seconds?: number;
}): Promise<ServingMemory> {
  await settle(1000);
  const beforeBytes = residentBytes(pid);
  let peakBytes = beforeBytes;
  const sampler = setInterval(() => (peakBytes = Math.max(peakBytes, residentBytes(pid))), 25);
  const started = Date.now();
  const hash = createHash("sha256");
  let bytes = 0;
  try {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    const reader = response.body!.getReader();
    // Pieces arrive at most 64 KiB at a time: this pause spreads the download over about `seconds`.
    const pauseMs = (seconds * 1000) / Math.max(1, expectedBytes / (64 * 1024));
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hash.update(value);
      bytes += value.byteLength;
      await settle(pauseMs);
    }
  } finally {
    clearInterval(sampler);
  }
  const elapsed = (Date.now() - started) / 1000;
  await settle(1000);
  return {
    bytes,
    sha256: hash.digest("hex"),
    seconds: elapsed,
    beforeBytes,
    peakBytes,
    afterBytes: residentBytes(pid),
  };
}

export const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
