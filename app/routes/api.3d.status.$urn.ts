import { apiJson, apiError } from "~/models3d/api.server";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { failureMessage } from "~/models3d/formats";
import { getModel } from "~/models3d/models.server";

/** GET /api/3d/status/{urn} → { status: success | failed | stage, progress: 'NN%' } (+ error when failed). */
export async function loader({ params }: LoaderFunctionArgs) {
  const model = params.urn ? await getModel({ urn: params.urn }) : null;
  if (!model) return apiError("Model not found.", 404);
  const body: { status: string; progress: string; error?: string } = { status: model.status, progress: `${model.progress}%` };
  if (model.status === "failed") body.error = failureMessage(model.error);
  return apiJson(body);
}
