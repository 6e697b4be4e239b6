import { fork } from "node:child_process";
import { env } from "~/utils/env.server";
import { builtWorker } from "~/utils/workers.server";
import { STAGE_PROGRESS, type ConversionStage } from "./convert/index";
import { modelExtensionOf, type ModelExtension } from "./formats";
import { evictOldestModels, getModel, markModelConverted, markModelFailed, setModelStage } from "./models.server";
import { modelStorage } from "./storage.server";

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
      env: { ...process.env, NODE_OPTIONS: "" },
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
  const glbKey = `${urn}/model.glb`;
  await modelStorage.put(glbKey, outcome.glb);
  await modelStorage.put(`${urn}/poster.svg`, outcome.poster);
  const addedBytes = outcome.glb.byteLength + Buffer.byteLength(outcome.poster);
  await markModelConverted({ urn, glbKey, vertexCount: outcome.vertexCount, addedBytes });
  await evictOldestModels({ capBytes: env.MODELS3D_STORAGE_CAP_MB * 1024 * 1024, keepUrn: urn });
}
