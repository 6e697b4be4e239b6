import { data, type ActionFunctionArgs } from "@remix-run/node";
import { receiveModelUpload } from "~/models3d/upload.server";
import { clientIp, hashIp, jsonError } from "~/utils/http.server";
import { hitRateLimit, tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/3d/upload (multipart, field `model`) → { urn, status }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const limit = await hitRateLimit({ key: `models3d-upload:${hashIp(clientIp(context))}`, limit: 60, windowSeconds: 3600 });
  if (!limit.allowed) return jsonError(tooManyRequestsMessage(limit.retryAfterSeconds), 429);
  const visitor = await getVisitor(request);
  const result = await receiveModelUpload(request, { sessionId: visitor.sessionId });
  const headers = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined;
  if (!result.ok) return jsonError(result.error, result.status, headers);
  return data({ urn: result.urn, status: result.status }, { status: 201, headers });
}

export function loader() {
  return jsonError("Upload with POST (multipart form data, field 'model').", 405);
}
