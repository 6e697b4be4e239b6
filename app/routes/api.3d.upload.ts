import { apiJson, apiError } from "~/models3d/api.server";
import { type ActionFunctionArgs } from "@remix-run/node";
import { receiveModelUpload } from "~/models3d/upload.server";
import { clientIp, hashIp } from "~/utils/http.server";
import { hitRateLimit, tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { getVisitor } from "~/utils/visitor.server";

/** POST /api/3d/upload (multipart, field `model`) → { urn, status }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError("Use POST.", 405);
  const limit = await hitRateLimit({ key: `models3d-upload:${hashIp(clientIp(context))}`, limit: 60, windowSeconds: 3600 });
  if (!limit.allowed) return apiError(tooManyRequestsMessage(limit.retryAfterSeconds), 429);
  const visitor = await getVisitor(request);
  const result = await receiveModelUpload(request, { sessionId: visitor.sessionId });
  const headers = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined;
  if (!result.ok) return apiError(result.error, result.status, headers);
  return apiJson({ urn: result.urn, status: result.status }, 201, headers);
}

export function loader() {
  return apiError("Upload with POST (multipart form data, field 'model').", 405);
}
