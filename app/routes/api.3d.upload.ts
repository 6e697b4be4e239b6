import { type ActionFunctionArgs } from "@remix-run/node";
import { receiveModelUpload } from "~/models3d/upload.server";
import { personOf } from "~/utils/cost-limits.server";
import { jsonError, jsonResponse } from "~/utils/http.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/3d/upload (multipart, field `model`) → { urn, status }. Limits per person: upload.server.ts. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const visitor = await getVisitor(request);
  const person = await personOf(request, context);
  const result = await receiveModelUpload(request, { ...person, sessionId: visitor.sessionId });
  const headers = new Headers(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined);
  if (!result.ok) {
    if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
    return jsonError(result.error, result.status, headers);
  }
  return jsonResponse({ urn: result.urn, status: result.status }, 201, headers);
}

export function loader() {
  return jsonError("Upload with POST (multipart form data, field 'model').", 405);
}
