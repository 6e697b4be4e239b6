import { randomBytes } from "node:crypto";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { enqueueJob } from "~/jobs/queue.server";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, MODEL_EXTENSIONS, modelExtensionOf, type ModelStatus } from "./formats";
import { createModelRecord } from "./models.server";
import { SNIFF_BYTES, sniffModel } from "./sniff.server";
import { modelStorage } from "./storage.server";

/**
 * Receives the multipart field `model`, streaming it to storage chunk by chunk (never the whole file in
 * memory), stops at the size limit, checks the name's extension and the bytes, then records the model and
 * queues its conversion.
 */
export const CONVERT_QUEUE = "models3d:convert";

export type UploadResult =
  | { ok: true; urn: string; status: ModelStatus }
  | { ok: false; status: 400 | 413 | 415; error: string };

class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const MULTIPART_OVERHEAD = 64 * 1024;

export function newUrn(): string {
  return randomBytes(18).toString("base64url");
}

export async function receiveModelUpload(request: Request, { sessionId }: { sessionId: string | null }): Promise<UploadResult> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) return tooLarge();
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    return { ok: false, status: 400, error: "Send the file as multipart/form-data in the field 'model'." };
  }

  let stored: { urn: string; key: string; name: string; ext: string; size: number } | null = null;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "model" || !filename) {
      for await (const _chunk of data) void _chunk; // other fields are drained and ignored
      return undefined;
    }
    if (stored) throw new UploadRefused(400, "Send one file at a time.");
    const ext = modelExtensionOf(filename);
    if (!ext) throw new UploadRefused(415, `Only these file types are accepted: ${MODEL_EXTENSIONS.join(", ")}.`);
    const urn = newUrn();
    const key = `${urn}/source.${ext}`;
    const size = await modelStorage.write(key, limited(data));
    stored = { urn, key, name: filename, ext, size };
    return urn;
  };

  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (stored) await modelStorage.remove((stored as { urn: string }).urn);
    if (error instanceof UploadRefused) return { ok: false, status: error.status, error: error.message };
    if (error instanceof TooLarge) return tooLarge();
    return { ok: false, status: 400, error: "The upload could not be read. Please try again." };
  }
  const file = stored as { urn: string; key: string; name: string; ext: string; size: number } | null;
  if (!file) return { ok: false, status: 400, error: "Choose a 3D model file to upload (field 'model')." };

  const ext = modelExtensionOf(file.name)!;
  const head = file.size > 0 ? await modelStorage.readHead(file.key, SNIFF_BYTES) : new Uint8Array();
  const refusal = sniffModel({ head, size: file.size, ext });
  if (refusal) {
    await modelStorage.remove(file.urn);
    return { ok: false, status: 415, error: refusal };
  }
  await createModelRecord({
    urn: file.urn,
    originalName: file.name,
    format: ext,
    sizeBytes: file.size,
    sessionId,
    sourceKey: file.key,
  });
  await enqueueJob(CONVERT_QUEUE, { urn: file.urn }, { maxAttempts: 2 });
  return { ok: true, urn: file.urn, status: "stored" };
}

class TooLarge extends Error {}

function tooLarge(): UploadResult {
  return { ok: false, status: 413, error: `The file is larger than the ${MAX_UPLOAD_LABEL} limit.` };
}

async function* limited(data: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of data) {
    total += chunk.byteLength;
    if (total > MAX_UPLOAD_BYTES) throw new TooLarge();
    yield chunk;
  }
}
