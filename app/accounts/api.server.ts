import type { z } from "zod";
import { jsonError, readJsonBody } from "~/utils/http.server";
import type { AccountFailure } from "./errors";
import { firstIssueMessage } from "./schemas";

/**
 * Helpers of the accounts JSON API (`/api/...`): bodies are JSON (the request edge answers 415 to any other type,
 * decision 082), validated by the same schemas as the pages; failures answer `{ error }` with a 4xx status.
 * Resource routes answer with `Response.json`: Remix drops the status of a `data()` value returned from a resource route (it answers 200).
 */
export async function parseApiBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await readJsonBody(request);
  } catch {
    throw jsonError("The request body is not valid JSON.", 400);
  }
  const parsed = schema.safeParse(body && typeof body === "object" ? body : {});
  if (!parsed.success) throw jsonError(firstIssueMessage(parsed.error), 400);
  return parsed.data;
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
