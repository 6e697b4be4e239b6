import type { z } from "zod";
import { cacheControl } from "./cache-control";
import { combineHeaders } from "./http.server";
import { invalidIdMessage, parseId } from "./ids";
import { BODY_LIMIT_BYTES, checkContentType, TOO_LARGE_MESSAGE } from "./request-guard.server";

/**
 * The one helper set of every `/api/` route (decision 250): `answer` for a JSON success, `apiError` for a JSON
 * failure, `readBody` for a JSON request body checked by a zod schema. The request method is checked in one layer,
 * the request edge (`allowServedMethods`, decision 127): a route declares a method other than POST in its
 * `handle.actionMethods` and never tests `request.method` itself.
 */

type HeaderSource = HeadersInit | null | undefined;

/**
 * A JSON answer: a plain Response (under single fetch a resource route's `data(value, { status, headers })` loses
 * its status and headers and goes out as 200), UTF-8, and `no-store` unless a header given says otherwise. Later
 * headers win; `Set-Cookie` and other repeatable headers are appended.
 */
export function answer(body: unknown, status = 200, ...headers: HeaderSource[]): Response {
  const all = combineHeaders(...headers);
  all.set("Content-Type", "application/json; charset=utf-8");
  if (!all.has("Cache-Control")) all.set("Cache-Control", cacheControl.noStore);
  return new Response(JSON.stringify(body), { status, headers: all });
}

/**
 * What an error body may carry beside its message, for clients that show more than the message: a short `title`,
 * a machine-readable `code`, the input `field` at fault, the `choices` that would resolve it (a clock time that
 * happened twice), `twoFactorRequired` when a sign-in needs its second factor's code (decision 210).
 */
export type ApiErrorDetails = {
  title?: string;
  code?: string;
  field?: string;
  choices?: unknown;
  twoFactorRequired?: boolean;
};

/**
 * The API's one error shape, `{ error, ...details }` with a 4xx/5xx status: `error` is always the message a person
 * reads (the request edge and the body checks in front of Remix answer the same shape).
 */
export function apiError(
  status: number,
  message: string,
  details: ApiErrorDetails = {},
  ...headers: HeaderSource[]
): Response {
  return answer({ error: message, ...withoutUndefined(details) }, status, ...headers);
}

function withoutUndefined(details: ApiErrorDetails): ApiErrorDetails {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
}

/** The first validation message of a failed parse, as the API answers it. */
function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "The request is not valid.";
}

export const NOT_JSON_MESSAGE = "The request body is not valid JSON.";
export const NOT_AN_OBJECT_MESSAGE = "The request body must be a JSON object.";

/**
 * The request's JSON object (an empty body is `{}`), or a thrown answer: 415 for a body that is not JSON, 413 past
 * the body limit (decision 082; the edge refuses both first, this holds when a route is called on its own), 400 for
 * malformed JSON or anything but an object. JSON clients' null and "" mean "not given" (undefined).
 */
async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const refused = checkContentType(request.headers, "json", new URL(request.url).pathname);
  if (refused) throw apiError(refused.status, refused.message);
  if (Number(request.headers.get("content-length") ?? 0) > BODY_LIMIT_BYTES) throw apiError(413, TOO_LARGE_MESSAGE);
  const text = await request.text();
  if (Buffer.byteLength(text) > BODY_LIMIT_BYTES) throw apiError(413, TOO_LARGE_MESSAGE);
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw apiError(400, NOT_JSON_MESSAGE);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw apiError(400, NOT_AN_OBJECT_MESSAGE);
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null || v === "" ? undefined : v]));
}

/**
 * The request body checked by `schema`, or a thrown 400/413/415 answer (the first validation message; `details`
 * adds what a client shows beside it, such as a title worded for that message).
 */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  details?: (message: string) => ApiErrorDetails,
): Promise<z.output<S>> {
  return checkInput(schema, await readJsonObject(request), details);
}

/** A value from the address (query parameters) checked by `schema`, or a thrown 400 answer naming the field. */
export function readQuery<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw apiError(400, firstIssueMessage(parsed.error), { field: issue ? String(issue.path[0] ?? "") : undefined });
}

function checkInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  details?: (message: string) => ApiErrorDetails,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = firstIssueMessage(parsed.error);
  throw apiError(400, message, details?.(message));
}

/** An id from the address (`params.id`, `?before=`), or a thrown 400 answer saying what the id must look like. */
export function readId(value: string | null | undefined, what: string): number {
  const id = parseId(value);
  if (id === null) throw apiError(400, invalidIdMessage(what));
  return id;
}
