import { apiJson, apiError } from "~/models3d/api.server";
import { MESSAGES } from "~/models3d/formats";
import { ensureOctahedronModel } from "~/models3d/octahedron.server";

/** GET /api/octahedron/generate → { urn, status } of the site's octahedron model (built once, then cached). */
export async function loader() {
  try {
    return apiJson(await ensureOctahedronModel());
  } catch (error) {
    console.error("[models3d] octahedron:", error);
    return apiError(MESSAGES.octahedronGenerateFailed, 503);
  }
}
