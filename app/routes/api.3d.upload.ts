import { type ActionFunctionArgs } from "@remix-run/node";
import { receiveUploadRequest } from "~/models3d/upload.server";
import { answer, apiError } from "~/utils/api.server";

/** POST /api/3d/upload (multipart, field `model`) → { urn, status }. Limits per person: upload.server.ts. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { result, headers } = await receiveUploadRequest(request, context);
  if (!result.ok) return apiError(result.status, result.error, {}, headers);
  return answer({ urn: result.urn, status: result.status }, 201, headers);
}
