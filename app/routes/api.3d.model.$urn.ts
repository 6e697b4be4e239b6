import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { getModel, isModelUrn, NOT_A_MODEL_ADDRESS } from "~/models3d/models.server";
import { modelStorage } from "~/models3d/storage.server";
import { canReadModel } from "~/models3d/token.server";
import { apiError } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/** GET /api/3d/model/{urn}: the converted GLB, with a viewer token or a signed link (`?download=1` saves it). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const urn = params.urn ?? "";
  if (!isModelUrn(urn)) return apiError(400, NOT_A_MODEL_ADDRESS);
  if (!canReadModel(request, urn)) return apiError(401, "A valid viewer token is required.");
  const model = await getModel({ urn });
  if (!model) return apiError(404, "Model not found.");
  if (model.status !== "success" || !model.glbKey) return apiError(409, "The model is not converted yet.");
  const size = await modelStorage.size(model.glbKey);
  if (size === null) return apiError(404, "Model not found.");
  const headers = new Headers({
    "Content-Type": "model/gltf-binary",
    "Content-Length": String(size),
    "Cache-Control": cacheControl.privateFor(3600),
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
  // Read from the shared store chunk by chunk, as fast as the client takes it (decision 280).
  const body = modelStorage.stream(model.glbKey, { pace: context.responseDrained });
  return new Response(createReadableStreamFromReadable(body), { headers });
}
