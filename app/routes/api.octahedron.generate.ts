import { data } from "@remix-run/node";
import { MESSAGES } from "~/models3d/formats";
import { ensureOctahedronModel } from "~/models3d/octahedron.server";
import { jsonError } from "~/utils/http.server";

/** GET /api/octahedron/generate → { urn, status } of the site's octahedron model (built once, then cached). */
export async function loader() {
  try {
    return data(await ensureOctahedronModel(), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("[models3d] octahedron:", error);
    return jsonError(MESSAGES.octahedronGenerateFailed, 503);
  }
}
