import type { z } from "zod";
import { isModeratorUser, type PublicUser } from "~/accounts/users.server";
import { checkForumLimit, type ForumAction } from "./limits.server";
import { ForumWriteRefusedError, type Reader } from "./topics.server";

/** Small helpers for the forum's JSON API: errors are `{ error }` with a 4xx status (never a 500 for bad input). */
export function apiError(error: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}

/** The request's JSON object, or a thrown 400 answer. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw apiError("The request body is not valid JSON.", 400);
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw apiError("The request body must be a JSON object.", 400);
  // JSON clients send null or "" for "not given"; the schemas (shared with the forms) expect undefined.
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null || v === "" ? undefined : v]));
}

/** Parses with a shared schema; a failure is thrown as 400 with the first validation message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw apiError(parsed.error.issues[0]?.message ?? "Invalid input", 400);
  return parsed.data;
}

export async function enforceLimit(
  action: ForumAction,
  userId: number,
  isRepeat?: () => Promise<boolean>,
): Promise<void> {
  const limited = await checkForumLimit(action, userId, isRepeat);
  if (limited) throw apiError(limited.message, 429, { "Retry-After": String(limited.retryAfterSeconds) });
}

/** Runs a forum write; a refusal (locked topic, silenced member: decision 026) is thrown as its JSON answer. */
export async function refusedAsApiError<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ForumWriteRefusedError) throw apiError(error.message, error.status);
    throw error;
  }
}

/** The API's reader: a hidden post's text is shown only to its author and to moderators. */
export function apiReader(user: PublicUser | null): Reader {
  return user ? { id: user.id, canModerate: isModeratorUser(user) } : null;
}
