import { and, eq, lt, ne, sql } from "drizzle-orm";
import { db, schema } from "#db/client.server";
import type { ModelStatus } from "./formats";
import { modelStorage } from "./storage.server";
import { parseSummary, type ModelSummary } from "./summary";

/** The models3d table: one row per upload (and one for the site's octahedron), its stage and its files. */
export const RETENTION_DAYS = 7;
const { models3d } = schema;

/** The person an upload belongs to: a member wherever they are, a visitor by their address's keyed hash. */
export function ownerKeyOf({ userId, ipHash }: { userId: number | null; ipHash: string }): string {
  return userId ? `user:${userId}` : `ip:${ipHash}`;
}

export type ModelRecord = {
  urn: string;
  ownerKey: string | null;
  originalName: string;
  format: string;
  sizeBytes: number;
  status: ModelStatus;
  progress: number;
  error: string | null;
  sourceKey: string;
  glbKey: string | null;
  vertexCount: number | null;
};

const columns = {
  urn: models3d.urn,
  ownerKey: models3d.ownerKey,
  originalName: models3d.originalName,
  format: models3d.format,
  sizeBytes: models3d.sizeBytes,
  status: models3d.status,
  progress: models3d.progress,
  error: models3d.error,
  sourceKey: models3d.sourceKey,
  glbKey: models3d.glbKey,
  vertexCount: models3d.vertexCount,
};

export async function createModelRecord(input: {
  urn: string;
  originalName: string;
  format: string;
  sizeBytes: number;
  sessionId: string | null;
  /** whose upload (ownerKeyOf); null for the site's own models */
  ownerKey?: string | null;
  sourceKey: string;
  status?: ModelStatus;
  glbKey?: string;
  vertexCount?: number;
  expiresAt?: Date;
  /** bytes in storage; the upload's size unless said otherwise */
  storedBytes?: number;
}): Promise<void> {
  await db.insert(models3d).values({
    urn: input.urn,
    originalName: input.originalName.slice(0, 255),
    format: input.format,
    sizeBytes: input.sizeBytes,
    storedBytes: input.storedBytes ?? input.sizeBytes,
    sessionId: input.sessionId,
    ownerKey: input.ownerKey ?? null,
    sourceKey: input.sourceKey,
    status: input.status ?? "stored",
    progress: input.status === "success" ? 100 : 0,
    glbKey: input.glbKey,
    vertexCount: input.vertexCount,
    expiresAt: input.expiresAt ?? new Date(Date.now() + RETENTION_DAYS * 24 * 3600 * 1000),
  });
}

/** A model's address as newUrn makes them (the site's own are named alike): checked before any query. */
export function isModelUrn(urn: string | undefined): urn is string {
  return typeof urn === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(urn);
}
export const NOT_A_MODEL_ADDRESS = "This is not a 3D model's address.";

export async function getModel({ urn }: { urn: string }): Promise<ModelRecord | null> {
  if (!isModelUrn(urn)) return null;
  const [row] = await db.select(columns).from(models3d).where(eq(models3d.urn, urn)).limit(1);
  return (row as ModelRecord | undefined) ?? null;
}

/** Moves a model to the next stage; a finished model (success or failed) is never moved back. */
export async function setModelStage({ urn, status, progress }: { urn: string; status: ModelStatus; progress: number }) {
  await db
    .update(models3d)
    .set({ status, progress, updatedAt: new Date() })
    .where(and(eq(models3d.urn, urn), ne(models3d.status, "success"), ne(models3d.status, "failed")));
}

export async function markModelFailed({ urn, error }: { urn: string; error: string }) {
  await db
    .update(models3d)
    .set({ status: "failed", error: error.slice(0, 1000), updatedAt: new Date() })
    .where(eq(models3d.urn, urn));
}

export async function markModelConverted({
  urn,
  glbKey,
  vertexCount,
  addedBytes = 0,
}: {
  urn: string;
  glbKey: string;
  vertexCount: number;
  /** what the conversion added to storage (GLB and poster) */
  addedBytes?: number;
}) {
  await db
    .update(models3d)
    .set({
      status: "success",
      progress: 100,
      glbKey,
      vertexCount,
      error: null,
      updatedAt: new Date(),
      storedBytes: sql`${models3d.storedBytes} + ${addedBytes}`,
    })
    .where(eq(models3d.urn, urn));
}

/** The retention rule: expired models lose their row and their files. Returns how many were removed. */
export async function deleteExpiredModels(now = new Date()): Promise<number> {
  const expired = await db
    .delete(models3d)
    .where(lt(models3d.expiresAt, sql`${now.toISOString()}::timestamptz`))
    .returning({ urn: models3d.urn });
  for (const { urn } of expired) await modelStorage.remove(urn);
  return expired.length;
}

/**
 * Models whose conversion stopped without an answer (its job expired with its worker on the last attempt, so no
 * handler marked it): unfinished and unchanged for `staleHours` (every stage moves updated_at). Failed with the
 * given-up reason (decision 299); returns how many.
 */
export async function failAbandonedConversions({ error, staleHours = 24 }: { error: string; staleHours?: number }) {
  const failed = await db
    .update(models3d)
    .set({ status: "failed", error, updatedAt: new Date() })
    .where(
      and(
        sql`${models3d.status} not in ('success', 'failed')`,
        sql`${models3d.updatedAt} < now() - make_interval(hours => ${staleHours})`,
      ),
    )
    .returning({ urn: models3d.urn });
  return failed.length;
}

/** How many of a person's uploads wait for their conversion or are being converted. */
export async function countUnfinishedModels({ ownerKey }: { ownerKey: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(models3d)
    .where(and(eq(models3d.ownerKey, ownerKey), sql`${models3d.status} not in ('success', 'failed')`));
  return row?.n ?? 0;
}

/** The bytes a person's models take in storage now (uploads, converted models and posters). */
export async function storedBytesOf({ ownerKey }: { ownerKey: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${models3d.storedBytes}), 0)::bigint` })
    .from(models3d)
    .where(eq(models3d.ownerKey, ownerKey));
  return Number(row?.n ?? 0);
}

/** A model younger than this is never removed to make room for another person's upload (issue 33). */
export const EVICTION_GRACE_HOURS = 24;

/**
 * The storage cap (decisions 094 and 161): while the visitors' models take more than `capBytes`, models are
 * removed (row and files): first the oldest of `ownerKey`, the person whose upload or conversion needs the room,
 * then other people's models older than EVICTION_GRACE_HOURS, oldest first; never `keepUrn` (the model being
 * answered), never the site's own models (no session), never another person's model younger than a day.
 * Returns the urns removed and whether the store is now within its cap (when not, the caller refuses).
 */
export async function evictOldestModels({
  capBytes,
  keepUrn,
  ownerKey,
}: {
  capBytes: number;
  keepUrn?: string;
  ownerKey?: string | null;
}): Promise<{ removed: string[]; fits: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    // One eviction at a time across instances.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('models3d-evict'))`);
    const owner = ownerKey ?? "";
    const rows = await tx.execute<{ urn: string }>(sql`
      with excess as (
        select coalesce(sum(stored_bytes), 0) - ${capBytes} as bytes from models3d where session_id is not null
      ), ranked as (
        select urn, stored_bytes,
          sum(stored_bytes) over (order by (owner_key = ${owner}) desc, created_at asc, urn asc) as freed
        from models3d
        where session_id is not null and urn <> ${keepUrn ?? ""}
          and (owner_key = ${owner} or created_at < now() - make_interval(hours => ${EVICTION_GRACE_HOURS}))
      )
      delete from models3d where urn in (
        select urn from ranked where freed - stored_bytes < (select bytes from excess)
      )
      returning urn`);
    const [total] = await tx.execute<{ bytes: string }>(
      sql`select coalesce(sum(stored_bytes), 0)::bigint as bytes from models3d where session_id is not null`,
    );
    return { removed: [...rows].map((r) => r.urn), fits: Number(total?.bytes ?? 0) <= capBytes };
  });
  for (const urn of outcome.removed) await modelStorage.remove(urn);
  return outcome;
}

/** Removes a model: its row and its files. */
export async function deleteModel({ urn }: { urn: string }): Promise<void> {
  await db.delete(models3d).where(eq(models3d.urn, urn));
  await modelStorage.remove(urn);
}

/**
 * The converted model's description (see summary.ts), read from the GLB's JSON chunk only: its header says how
 * long the chunk is, so a large model's binary data is never read. Models converted before descriptions
 * existed (or a damaged file) give null.
 */
export async function getModelSummary({ glbKey }: { glbKey: string }): Promise<ModelSummary | null> {
  try {
    const header = await modelStorage.readHead(glbKey, 20);
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    if (header.byteLength < 20 || view.getUint32(0, true) !== 0x46546c67 || view.getUint32(16, true) !== 0x4e4f534a)
      return null;
    const length = view.getUint32(12, true);
    if (length > 64 * 1024 * 1024) return null;
    const chunk = await modelStorage.readHead(glbKey, 20 + length);
    const json = JSON.parse(new TextDecoder().decode(chunk.subarray(20))) as { extras?: { summary?: unknown } };
    return parseSummary(json.extras?.summary);
  } catch {
    return null;
  }
}
