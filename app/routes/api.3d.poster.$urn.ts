import type { LoaderFunctionArgs } from "@remix-run/node";
import { getModel, isModelUrn, NOT_A_MODEL_ADDRESS } from "~/models3d/models.server";
import { modelStorage } from "~/models3d/storage.server";
import { canReadModel } from "~/models3d/token.server";
import { apiError } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/** GET /api/3d/poster/{urn}: the server-rendered SVG still of a converted model (signed link or token). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const urn = params.urn ?? "";
  if (!isModelUrn(urn)) return apiError(400, NOT_A_MODEL_ADDRESS);
  if (!canReadModel(request, urn)) return apiError(401, "A valid viewer token is required.");
  const model = await getModel({ urn });
  if (!model || model.status !== "success") return apiError(404, "Model not found.");
  const svg = await modelStorage.read(`${urn}/poster.svg`).catch(() => null);
  if (!svg) return apiError(404, "Model not found.");
  return new Response(new TextDecoder().decode(svg), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": cacheControl.privateFor(3600),
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
