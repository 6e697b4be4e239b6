import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { getModel, isModelUrn, NOT_A_MODEL_ADDRESS } from "~/models3d/models.server";
import { modelStorage } from "~/models3d/storage.server";
import { canReadModel } from "~/models3d/token.server";
import { jsonError } from "~/utils/http.server";

/** GET /api/3d/model/{urn}: the converted GLB, with a viewer token or a signed link (`?download=1` saves it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const urn = params.urn ?? "";
  if (!isModelUrn(urn)) return jsonError(NOT_A_MODEL_ADDRESS, 400);
  if (!canReadModel(request, urn)) return jsonError("A valid viewer token is required.", 401);
  const model = await getModel({ urn });
  if (!model) return jsonError("Model not found.", 404);
  if (model.status !== "success" || !model.glbKey) return jsonError("The model is not converted yet.", 409);
  const size = await modelStorage.size(model.glbKey);
  if (size === null) return jsonError("Model not found.", 404);
  const headers = new Headers({
    "Content-Type": "model/gltf-binary",
    "Content-Length": String(size),
    "Cache-Control": "private, max-age=3600",
    "X-Content-Type-Options": "nosniff",
  });
  if (new URL(request.url).searchParams.get("download") === "1") {
    const base =
      model.originalName
        .replace(/\.[^.]+$/, "")
        .replace(/[^A-Za-z0-9._-]+/g, "_")
        .slice(0, 80) || "model";
    headers.set("Content-Disposition", `attachment; filename="${base}.glb"`);
  }
  return new Response(createReadableStreamFromReadable(modelStorage.stream(model.glbKey)), { headers });
}
