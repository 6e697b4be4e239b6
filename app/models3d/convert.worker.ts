import { parentPort, workerData } from "node:worker_threads";
import { ConversionError, convertModel } from "./convert/index";
import type { ModelExtension } from "./formats";

/**
 * Runs one conversion off the main thread. The parent (conversion.server.ts) gives it a time limit and V8 heap
 * limits and terminates it when either is exceeded, so a hostile file cannot stall or crash the server.
 */
const { bytes, ext, title } = workerData as { bytes: Uint8Array; ext: ModelExtension; title: string };
const port = parentPort!;

try {
  const result = await convertModel(bytes, ext, (stage) => port.postMessage({ type: "stage", stage }), title);
  port.postMessage({ type: "done", glb: result.glb, poster: result.poster, vertexCount: result.vertexCount }, [
    result.glb.buffer as ArrayBuffer,
  ]);
} catch (error) {
  const code = error instanceof ConversionError ? error.code : "translation_failed";
  const message = error instanceof Error ? error.message : String(error);
  port.postMessage({ type: "error", code, message });
}
