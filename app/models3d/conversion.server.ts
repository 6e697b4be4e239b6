import { fork } from "node:child_process";
import { env } from "~/utils/env.server";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { builtWorker, workerEnv } from "~/utils/workers.server";
import { STAGE_PROGRESS, type ConversionStage } from "./convert/index";
import { modelExtensionOf, type ModelExtension } from "./formats";
import {
  evictOldestModels,
  getModel,
  markModelConverted,
  markModelFailed,
  setModelStage,
  storedBytesOf,
} from "./models.server";
import { modelStorage } from "./storage.server";
import { STORE_FULL_MESSAGE, storedAllowanceBytes, storedAllowanceMessage, uploadQuotaOf } from "./upload.server";

/**
 * Conversion as a background job: the job handler loads the upload, runs the converter in a child process with
 * a time limit and memory limits, reports each stage to the models3d row (the status route reads it), and stores
 * the GLB and its poster. A converter failure is final (the model is marked failed, the job succeeds); only an
 * infrastructure error (database, storage) throws, so the queue retries it.
 */
export type WorkerOutcome =
  { ok: true; glb: Uint8Array; poster: string; vertexCount: number } | { ok: false; code: string; message: string };

/** 64 KiB WebAssembly pages in `mb` megabytes. */
const wasmPages = (mb: number) => Math.max(1, Math.floor((mb * 1024 * 1024) / 65536));

/**
 * Runs the converter in a child process (decision 094): its V8 heap is capped with --max-old-space-size and every
 * WebAssembly memory in it with --wasm-max-mem-pages (both at `memoryMb`), so a file that inflates past the limit
 * makes only that process fail; it is killed at the time limit.
 */
export function runConversionWorker({
  bytes,
  ext,
  title,
  timeoutMs = env.MODELS3D_CONVERSION_TIMEOUT_MS,
  memoryMb = env.MODELS3D_WORKER_MEMORY_MB,
  onStage = () => {},
}: {
  bytes: Uint8Array;
  ext: ModelExtension;
  title: string;
  timeoutMs?: number;
  memoryMb?: number;
  onStage?: (stage: ConversionStage) => void;
}): Promise<WorkerOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let stderr = "";
    const child = fork(builtWorker("convert"), [], {
      execArgv: [`--max-old-space-size=${memoryMb}`, `--wasm-max-mem-pages=${wasmPages(memoryMb)}`],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      env: workerEnv(), // nothing of the server's: no database URL, no secret (decision 298)
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString();
    });
    const finish = (outcome: WorkerOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ ok: false, code: "timeout", message: `conversion stopped after ${timeoutMs} ms` }),
      timeoutMs,
    );
    child.on("message", (message: { type: string; [key: string]: unknown }) => {
      if (message.type === "stage") onStage(message.stage as ConversionStage);
      else if (message.type === "done") {
        finish({
          ok: true,
          // A fresh copy: what arrives through the IPC channel may be a view at an unaligned offset.
          glb: new Uint8Array(message.glb as Uint8Array),
          poster: message.poster as string,
          vertexCount: message.vertexCount as number,
        });
      } else if (message.type === "error")
        finish({ ok: false, code: String(message.code), message: String(message.message) });
    });
    child.on("error", (error) => finish({ ok: false, code: "translation_failed", message: error.message }));
    child.on("exit", (exitCode, signal) => {
      const outOfMemory = /heap out of memory|Out of memory|Allocation failed/i.test(stderr);
      finish(
        outOfMemory
          ? { ok: false, code: "too_large", message: `the conversion needed more than its ${memoryMb} MB of memory` }
          : { ok: false, code: "translation_failed", message: `conversion process exited (${signal ?? exitCode})` },
      );
    });
    child.send({ bytes, ext, title });
  });
}

export async function convertStoredModel({ urn, timeoutMs }: { urn: string; timeoutMs?: number }): Promise<void> {
  const model = await getModel({ urn });
  if (!model || model.status === "success" || model.status === "failed") return;
  const ext = modelExtensionOf(`x.${model.format}`);
  if (!ext) {
    await markModelFailed({ urn, error: `translation_failed: unknown format ${model.format}` });
    return;
  }
  const bytes = await modelStorage.read(model.sourceKey);
  // Stage writes are chained so they land in order even though the worker reports them asynchronously.
  let stageWrites = Promise.resolve();
  const outcome = await runConversionWorker({
    bytes,
    ext,
    title: model.originalName,
    timeoutMs,
    onStage: (stage) => {
      stageWrites = stageWrites.then(() => setModelStage({ urn, status: stage, progress: STAGE_PROGRESS[stage] }));
    },
  });
  await stageWrites;
  if (!outcome.ok) {
    console.warn(`[models3d] ${urn} (${model.format}) failed: ${outcome.code}: ${outcome.message}`);
    await markModelFailed({ urn, error: `${outcome.code}: ${outcome.message}` });
    return;
  }
  const addedBytes = outcome.glb.byteLength + Buffer.byteLength(outcome.poster);
  const refusal = await refuseOutput({ model, addedBytes });
  if (refusal) {
    console.warn(`[models3d] ${urn} (${model.format}) refused: ${refusal}`);
    await markModelFailed({ urn, error: refusal });
    return;
  }
  // Room for the output first: the store's cap counts what is stored after conversion.
  const room = await evictOldestModels({
    capBytes: env.MODELS3D_STORAGE_CAP_MB * 1024 * 1024 - addedBytes,
    keepUrn: urn,
    ownerKey: model.ownerKey,
  });
  if (!room.fits) {
    await markModelFailed({ urn, error: `store_full: ${STORE_FULL_MESSAGE}` });
    return;
  }
  const glbKey = `${urn}/model.glb`;
  await modelStorage.put(glbKey, outcome.glb);
  await modelStorage.put(`${urn}/poster.svg`, outcome.poster);
  await markModelConverted({ urn, glbKey, vertexCount: outcome.vertexCount, addedBytes });
  if (model.ownerKey) {
    // The daily allowance counts what is stored, not only what was uploaded (issue 33).
    await hitRateLimit({ ...uploadQuotaOf(model.ownerKey), cost: Math.ceil(addedBytes / 1024) });
  }
}

const MB = 1024 * 1024;
/** A size as people read it: bytes, KB or MB. */
const readableSize = (bytes: number) =>
  bytes < 1024
    ? `${Math.round(bytes)} bytes`
    : bytes < MB
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / MB).toFixed(1)} MB`;

/** The largest output a conversion of `inputBytes` may store: a ratio to the input, a floor, an absolute bound. */
export function outputBound(inputBytes: number): number {
  return Math.min(
    env.MODELS3D_OUTPUT_MAX_MB * MB,
    Math.max(env.MODELS3D_OUTPUT_RATIO * inputBytes, env.MODELS3D_OUTPUT_FLOOR_MB * MB),
  );
}

/** Why a conversion's output is not stored ("code: message" as stored with the model), or null. */
async function refuseOutput({
  model,
  addedBytes,
}: {
  model: { sizeBytes: number; ownerKey: string | null };
  addedBytes: number;
}): Promise<string | null> {
  const bound = outputBound(model.sizeBytes);
  if (addedBytes > bound) {
    return `output_too_large: The converted model would take ${readableSize(addedBytes)}, more than the ${readableSize(bound)} allowed for an upload of ${readableSize(model.sizeBytes)} (at most ${env.MODELS3D_OUTPUT_RATIO} times the upload, and never more than ${env.MODELS3D_OUTPUT_MAX_MB} MB).`;
  }
  if (model.ownerKey) {
    const allowance = storedAllowanceBytes({ userId: model.ownerKey.startsWith("user:") ? 1 : null });
    if ((await storedBytesOf({ ownerKey: model.ownerKey })) + addedBytes > allowance) {
      return `over_allowance: ${storedAllowanceMessage(allowance)}`;
    }
  }
  return null;
}
