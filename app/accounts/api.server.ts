import type { z } from "zod";
import { jsonError, parseOrThrow, readJsonObject } from "~/utils/http.server";
import type { AccountFailure } from "./errors";

/**
 * Helpers of the accounts JSON API (`/api/...`): bodies are JSON objects (the request edge answers 415 to any
 * other type, decision 082), validated by the same schemas as the pages; failures answer `{ error }` with a 4xx
 * status through the site's one JSON error helper.
 */
export async function parseApiBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return parseOrThrow(schema, await readJsonObject(request));
}

export function apiFailure(failure: AccountFailure, headers?: HeadersInit) {
  return jsonError(failure.error, failure.status, headers);
}

/** Only POST reaches an action; anything else gets 405 with the allowed method. */
export function requirePost(request: Request) {
  if (request.method !== "POST") {
    throw jsonError("Method not allowed", 405, { Allow: "POST" });
  }
}
