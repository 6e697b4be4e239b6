import { ConversionError, convertModel } from "./convert/index";
import type { ModelExtension } from "./formats";

/**
 * Runs one conversion in a child process of its own (decision 094). The parent (conversion.server.ts) starts it
 * with a V8 heap limit and a cap on WebAssembly memory (the converters are WASM builds, whose memory a worker
 * thread's resourceLimits do not count), a time limit, and kills it when any is exceeded: a hostile file fails
 * its own job and nothing else. Built to build/workers/convert.js with the server (scripts/build-server.ts).
 */
type Job = { bytes: Uint8Array; ext: ModelExtension; title: string };

const send = (message: unknown) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, undefined, {}, () => resolve()) : resolve()));

process.once("message", async ({ bytes, ext, title }: Job) => {
  try {
    const result = await convertModel(bytes, ext, (stage) => void send({ type: "stage", stage }), title);
    await send({ type: "done", glb: result.glb, poster: result.poster, vertexCount: result.vertexCount });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const outOfMemory =
      /out of memory|OOM|enlarge memory|memory access out of bounds|Array buffer allocation failed/i.test(message);
    const code = error instanceof ConversionError ? error.code : outOfMemory ? "too_large" : "translation_failed";
    await send({ type: "error", code, message });
  }
  process.disconnect?.();
});
