import { MESSAGES } from "~/models3d/formats";
import { ensureOctahedronModel } from "~/models3d/octahedron.server";
import { jsonError, jsonResponse } from "~/utils/http.server";

/** GET /api/octahedron/generate → { urn, status } of the site's octahedron model (built once, then cached). */
export async function loader() {
  try {
    return jsonResponse(await ensureOctahedronModel());
  } catch (error) {
    console.error("[models3d] octahedron:", error);
    return jsonError(MESSAGES.octahedronGenerateFailed, 503);
  }
}
