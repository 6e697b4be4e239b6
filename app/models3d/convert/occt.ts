import occtimportjs from "occt-import-js";
import { ConversionError, type MeshData } from "./mesh";

/** STEP and IGES through OpenCascade's WASM build, which tessellates the solids into triangle meshes. */
export async function readWithOpenCascade(bytes: Uint8Array, ext: "step" | "iges"): Promise<MeshData[]> {
  const occt = await occtimportjs();
  const params = {
    linearUnit: "millimeter",
    linearDeflectionType: "bounding_box_ratio",
    linearDeflection: 0.001,
    angularDeflection: 0.5,
  };
  const result = ext === "step" ? occt.ReadStepFile(bytes, params) : occt.ReadIgesFile(bytes, params);
  if (!result.success)
    throw new ConversionError("translation_failed", `OpenCascade could not read the ${ext.toUpperCase()} file`);
  return result.meshes.map((mesh) => ({
    name: mesh.name,
    positions: new Float32Array(mesh.attributes.position.array),
    normals: mesh.attributes.normal ? new Float32Array(mesh.attributes.normal.array) : undefined,
    indices: new Uint32Array(mesh.index.array),
    color: mesh.color ? [mesh.color[0], mesh.color[1], mesh.color[2], 1] : undefined,
  }));
}
