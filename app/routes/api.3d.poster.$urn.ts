import type { LoaderFunctionArgs } from "@remix-run/node";
import { getModel, isModelUrn, NOT_A_MODEL_ADDRESS } from "~/models3d/models.server";
import { modelStorage } from "~/models3d/storage.server";
import { canReadModel } from "~/models3d/token.server";
import { jsonError } from "~/utils/http.server";

/** GET /api/3d/poster/{urn}: the server-rendered SVG still of a converted model (signed link or token). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const urn = params.urn ?? "";
  if (!isModelUrn(urn)) return jsonError(NOT_A_MODEL_ADDRESS, 400);
  if (!canReadModel(request, urn)) return jsonError("A valid viewer token is required.", 401);
  const model = await getModel({ urn });
  if (!model || model.status !== "success") return jsonError("Model not found.", 404);
  const svg = await modelStorage.read(`${urn}/poster.svg`).catch(() => null);
  if (!svg) return jsonError("Model not found.", 404);
  return new Response(new TextDecoder().decode(svg), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "private, max-age=3600",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
