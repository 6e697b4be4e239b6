import { type ActionFunctionArgs } from "@remix-run/node";
import { receiveUploadRequest } from "~/models3d/upload.server";
import { jsonError, jsonResponse } from "~/utils/http.server";

/** POST /api/3d/upload (multipart, field `model`) → { urn, status }. Limits per person: upload.server.ts. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405);
  const { result, headers } = await receiveUploadRequest(request, context);
  if (!result.ok) return jsonError(result.error, result.status, headers);
  return jsonResponse({ urn: result.urn, status: result.status }, 201, headers);
}

export function loader() {
  return jsonError("Upload with POST (multipart form data, field 'model').", 405);
}
