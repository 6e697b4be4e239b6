import { type LoaderFunctionArgs } from "@remix-run/node";
import { failureDetail, failureMessage } from "~/models3d/formats";
import { getModel, isModelUrn, NOT_A_MODEL_ADDRESS } from "~/models3d/models.server";
import { answer, apiError } from "~/utils/api.server";

/** GET /api/3d/status/{urn} → { status: success | failed | stage, progress: 'NN%' } (+ error, and a detail when one is written for visitors, when failed). */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!isModelUrn(params.urn)) return apiError(400, NOT_A_MODEL_ADDRESS);
  const model = await getModel({ urn: params.urn });
  if (!model) return apiError(404, "Model not found.");
  const body: { status: string; progress: string; error?: string; detail?: string } = {
    status: model.status,
    progress: `${model.progress}%`,
  };
  if (model.status === "failed") {
    body.error = failureMessage(model.error);
    const detail = failureDetail(model.error);
    if (detail) body.detail = detail;
  }
  return answer(body);
}
