import { randomBytes } from "node:crypto";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { personOf } from "~/accounts/person.server";
import { enqueueJob } from "~/jobs/queue.server";
import { hitCostLimit } from "~/utils/cost-limits.server";
import { env } from "~/utils/env.server";
import { hashIp } from "~/utils/http.server";
import { hitRateLimit, peekRateLimit, tooManyRequestsMessage, type RateLimit } from "~/utils/rate-limit.server";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, MODEL_EXTENSIONS, modelExtensionOf, type ModelStatus } from "./formats";
import {
  countUnfinishedModels,
  createModelRecord,
  deleteModel,
  evictOldestModels,
  ownerKeyOf,
  storedBytesOf,
} from "./models.server";
import { SNIFF_BYTES, sniffModel } from "./sniff.server";
import { modelStorage } from "./storage.server";
import { inspectZip } from "./zip-inspect.server";

/**
 * Receives the multipart field `model`, streaming it to storage chunk by chunk (never the whole file in
 * memory), stops at the size limit or the uploader's daily allowance, checks the name's extension and the bytes
 * (a zip container such as 3MF is inspected before anything inflates it), then records the model, keeps the
 * storage under its cap (oldest models first) and queues the conversion (decision 094).
 */
export const CONVERT_QUEUE = "models3d/convert";

export type UploadResult =
  | { ok: true; urn: string; status: ModelStatus }
  | { ok: false; status: 400 | 413 | 415 | 429 | 503; error: string; retryAfterSeconds?: number };

/** Who uploads: a member's allowance is theirs wherever they are; a visitor's is their address's. */
export type Uploader = { sessionId: string | null; userId: number | null; ip: string };

const DAY = 24 * 60 * 60;
/** The daily byte allowance, counted in kilobytes in the shared rate-limit table. */
export function uploadQuota({ userId, ip }: Pick<Uploader, "userId" | "ip">): RateLimit & { label: string } {
  return uploadQuotaOf(ownerKeyOf({ userId, ipHash: hashIp(ip) }));
}

/** The daily allowance of a person (ownerKeyOf): uploads and, once converted, what their conversion stored. */
export function uploadQuotaOf(ownerKey: string): RateLimit & { label: string } {
  const member = ownerKey.startsWith("user:");
  const mb = member ? env.MODELS3D_MEMBER_DAILY_MB : env.MODELS3D_ANONYMOUS_DAILY_MB;
  return { key: `models3d-bytes:${ownerKey}`, limit: mb * 1024, windowSeconds: DAY, label: `${mb} MB` };
}

/** What one person may keep stored at once: their uploads and what the conversions made of them. */
export function storedAllowanceBytes({ userId }: Pick<Uploader, "userId">): number {
  return (userId ? env.MODELS3D_MEMBER_STORED_MB : env.MODELS3D_ANONYMOUS_STORED_MB) * 1024 * 1024;
}

export function storedAllowanceMessage(allowanceBytes: number): string {
  return `Your models already take up to the ${Math.round(allowanceBytes / 1024 / 1024)} MB each person may keep. Delete one or wait for them to expire (after 7 days), then try again.`;
}

export const STORE_FULL_MESSAGE =
  "The model store is full just now (everyone's models of the last day are kept). Please try again later.";

export function quotaMessage(label: string, member: boolean): string {
  return member
    ? `You have used today's upload allowance of ${label}. Please try again tomorrow.`
    : `Today's upload allowance of ${label} for your address is used up. Sign in for a larger allowance, or try again tomorrow.`;
}

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

export async function receiveModelUpload(request: Request, { sessionId, userId, ip }: Uploader): Promise<UploadResult> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) return tooLarge();
  // 60 uploads an hour per person (address, member, visitor id: decision 095), then the daily byte allowance.
  const count = await hitCostLimit("models3d-upload", { ip, userId, sessionId }, { limit: 60, windowSeconds: 3600 });
  if (!count.allowed) {
    return {
      ok: false,
      status: 429,
      error: tooManyRequestsMessage(count.retryAfterSeconds),
      retryAfterSeconds: count.retryAfterSeconds,
    };
  }
  const ownerKey = ownerKeyOf({ userId, ipHash: hashIp(ip) });
  // Conversions are limited per person (issue 33): a few waiting at a time, so no one fills the queue.
  if ((await countUnfinishedModels({ ownerKey })) >= env.MODELS3D_PENDING_PER_PERSON) {
    await drain(request);
    return {
      ok: false,
      status: 429,
      error: `You have ${env.MODELS3D_PENDING_PER_PERSON} models waiting to be converted. Please upload the next one when one of them is ready.`,
      retryAfterSeconds: 30,
    };
  }
  const allowance = storedAllowanceBytes({ userId });
  if ((await storedBytesOf({ ownerKey })) + Math.max(0, declared - MULTIPART_OVERHEAD) > allowance) {
    await drain(request);
    return { ok: false, status: 429, error: storedAllowanceMessage(allowance), retryAfterSeconds: secondsToMidnight() };
  }
  const quota = uploadQuota({ userId, ip });
  const used = await peekRateLimit(quota);
  const remainingBytes = used.remaining * 1024;
  const overQuota = (): UploadResult => ({
    ok: false,
    status: 429,
    error: quotaMessage(quota.label, !!userId),
    retryAfterSeconds: used.retryAfterSeconds || secondsToMidnight(),
  });
  if (remainingBytes <= 0 || declared > remainingBytes + MULTIPART_OVERHEAD) {
    // Read (and drop) what the client is sending, so it receives the answer rather than a reset connection.
    await drain(request);
    return overQuota();
  }
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    return { ok: false, status: 400, error: "Send the file as a form upload (multipart/form-data)." };
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
    const size = await modelStorage.write(key, limited(data, Math.min(MAX_UPLOAD_BYTES, remainingBytes)));
    stored = { urn, key, name: filename, ext, size };
    return urn;
  };

  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (stored) await modelStorage.remove((stored as { urn: string }).urn);
    if (error instanceof UploadRefused) return { ok: false, status: error.status, error: error.message };
    if (error instanceof TooLarge) return error.limit < MAX_UPLOAD_BYTES ? overQuota() : tooLarge();
    return { ok: false, status: 400, error: "The upload could not be read. Please try again." };
  }
  const file = stored as { urn: string; key: string; name: string; ext: string; size: number } | null;
  if (!file) return { ok: false, status: 400, error: "Choose a 3D model file to upload." };

  const ext = modelExtensionOf(file.name)!;
  const head = file.size > 0 ? await modelStorage.readHead(file.key, SNIFF_BYTES) : new Uint8Array();
  const refusal = sniffModel({ head, size: file.size, ext });
  if (refusal) {
    await modelStorage.remove(file.urn);
    return { ok: false, status: 415, error: refusal };
  }
  if (isZipContainer(head)) {
    const verdict = await inspectZip(await modelStorage.read(file.key));
    if (!verdict.ok) {
      await modelStorage.remove(file.urn);
      return { ok: false, status: 413, error: verdict.message };
    }
  }
  const counted = await hitRateLimit({ ...quota, cost: Math.ceil(file.size / 1024) });
  if (!counted.allowed) {
    // Another upload of the same person used the allowance meanwhile.
    await modelStorage.remove(file.urn);
    return overQuota();
  }
  await createModelRecord({
    urn: file.urn,
    originalName: file.name,
    format: ext,
    sizeBytes: file.size,
    sessionId,
    ownerKey,
    sourceKey: file.key,
  });
  const room = await evictOldestModels({
    capBytes: env.MODELS3D_STORAGE_CAP_MB * 1024 * 1024,
    keepUrn: file.urn,
    ownerKey,
  });
  if (!room.fits) {
    await deleteModel({ urn: file.urn });
    return { ok: false, status: 503, error: STORE_FULL_MESSAGE, retryAfterSeconds: 3600 };
  }
  await enqueueJob(CONVERT_QUEUE, { urn: file.urn }, { maxAttempts: 2 });
  return { ok: true, urn: file.urn, status: "stored" };
}

/**
 * An upload as the page's action and POST /api/3d/upload both take it: the visitor's id and the person's limits,
 * the result, and the headers to answer with (the visitor's cookie, and Retry-After when a limit refused it).
 */
export async function receiveUploadRequest(
  request: Request,
  context: { clientIp?: string } | undefined,
): Promise<{ result: UploadResult; headers: Headers }> {
  const visitor = await getVisitor(request);
  const person = await personOf(request, context);
  const result = await receiveModelUpload(request, { ...person, sessionId: visitor.sessionId });
  const headers = new Headers(visitorCookieHeader(visitor));
  if (!result.ok && result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
  return { result, headers };
}

async function drain(request: Request) {
  if (!request.body) return;
  let total = 0;
  try {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) break;
    }
  } catch {
    // the client went away: nothing to answer
  }
}

class TooLarge extends Error {
  constructor(readonly limit: number) {
    super("too large");
  }
}

/** A zip local-file header ("PK\x03\x04"): 3MF, or any format that arrives zipped. */
const isZipContainer = (head: Uint8Array) =>
  head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

function secondsToMidnight(now = Date.now()): number {
  return Math.max(1, DAY - (Math.floor(now / 1000) % DAY));
}

function tooLarge(): UploadResult {
  return { ok: false, status: 413, error: `The file is larger than the ${MAX_UPLOAD_LABEL} limit.` };
}

async function* limited(data: AsyncIterable<Uint8Array>, max: number): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of data) {
    total += chunk.byteLength;
    if (total > max) throw new TooLarge(max);
    yield chunk;
  }
}
