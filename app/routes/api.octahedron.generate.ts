import { MESSAGES } from "~/models3d/formats";
import { ensureOctahedronModel } from "~/models3d/octahedron.server";
import { answer, apiError } from "~/utils/api.server";

/** GET /api/octahedron/generate → { urn, status } of the site's octahedron model (built once, then cached). */
export async function loader() {
  try {
    return answer(await ensureOctahedronModel());
  } catch (error) {
    console.error("[models3d] octahedron:", error);
    return apiError(503, MESSAGES.octahedronGenerateFailed);
  }
}
