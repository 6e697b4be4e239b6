import { NodeIO } from "@gltf-transform/core";
import { meshesToDocument } from "./convert/mesh";
import { posterSvg } from "./convert/poster";
import type { ModelStatus } from "./formats";
import { createModelRecord, getModel } from "./models.server";
import { OCTAHEDRON_FACES, OCTAHEDRON_VERTICES } from "./octahedron-geometry";
import { modelStorage } from "./storage.server";

/**
 * The site's own octahedron (faces 8, vertices 6, edges 12 adding up to 18; length 2, height 2, width 1), written as
 * a GLB the first time it is asked for and served from storage afterwards. It is exempt from retention. The URN
 * names the geometry's version: v1 was a different solid (a diamond whose edges added up to 14.6), and a stored v1
 * must not be served for the page's solid.
 */
export const OCTAHEDRON_URN = "octahedron-v2";

export function buildOctahedron() {
  const document = meshesToDocument([
    {
      name: "octahedron",
      positions: new Float32Array(OCTAHEDRON_VERTICES.flat()),
      indices: new Uint32Array(OCTAHEDRON_FACES.flat()),
      color: [0.45, 0.3, 0.85, 1],
    },
  ]);
  return { document, poster: posterSvg(document, "Octahedron") };
}

export async function ensureOctahedronModel(): Promise<{ urn: string; status: ModelStatus }> {
  const existing = await getModel({ urn: OCTAHEDRON_URN });
  if (existing?.status === "success" && existing.glbKey && (await modelStorage.size(existing.glbKey))) {
    return { urn: OCTAHEDRON_URN, status: "success" };
  }
  const { document, poster } = buildOctahedron();
  const glb = await new NodeIO().writeBinary(document);
  const glbKey = `${OCTAHEDRON_URN}/model.glb`;
  await modelStorage.put(glbKey, glb);
  await modelStorage.put(`${OCTAHEDRON_URN}/poster.svg`, poster);
  if (!existing) {
    await createModelRecord({
      urn: OCTAHEDRON_URN,
      originalName: "octahedron.glb",
      format: "glb",
      sizeBytes: glb.byteLength,
      sessionId: null,
      sourceKey: glbKey,
      status: "success",
      glbKey,
      vertexCount: OCTAHEDRON_VERTICES.length,
      expiresAt: new Date("2999-01-01T00:00:00Z"),
    }).catch((error: unknown) => {
      // Two first requests at once: the other one recorded it.
      if (!String((error as { code?: string }).code ?? "").startsWith("23505")) throw error;
    });
  }
  return { urn: OCTAHEDRON_URN, status: "success" };
}
