import { Document, Primitive } from "@gltf-transform/core";

/**
 * The intermediate form of readers that do not speak glTF themselves (OpenCascade, X3D, DWG): a list of
 * meshes in one coordinate space, written into a glTF document by `meshesToDocument`.
 */
export type MeshData = {
  name?: string;
  positions: Float32Array;
  normals?: Float32Array;
  indices?: Uint32Array;
  /** linear RGBA, 0..1 */
  color?: [number, number, number, number];
  /** linear RGB, 0..1 (X3D emissiveColor) */
  emissive?: [number, number, number];
  mode?: "triangles" | "lines" | "points";
  /** false when the format says only the front faces show (X3D solid="true"); true by default */
  doubleSided?: boolean;
};

export class ConversionError extends Error {
  constructor(
    readonly code: "no_geometry" | "translation_failed" | "external_reference" | "unsupported",
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_COLOR: [number, number, number, number] = [0.62, 0.6, 0.82, 1];

export function meshesToDocument(meshes: MeshData[]): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene("model");
  const materials = new Map<string, ReturnType<Document["createMaterial"]>>();
  for (const [i, mesh] of meshes.entries()) {
    if (mesh.positions.length < 3) continue;
    const color = mesh.color ?? DEFAULT_COLOR;
    const emissive = mesh.emissive ?? [0, 0, 0];
    const doubleSided = mesh.doubleSided ?? true;
    const key = `${mesh.color ? color.join(",") : "default"}/${emissive.join(",")}/${doubleSided}`;
    let material = materials.get(key);
    if (!material) {
      material = document
        .createMaterial(`material-${materials.size}`)
        .setBaseColorFactor(color)
        .setEmissiveFactor(emissive)
        .setAlphaMode(color[3] < 1 ? "BLEND" : "OPAQUE")
        .setMetallicFactor(0)
        .setRoughnessFactor(0.8)
        .setDoubleSided(doubleSided);
      // the site's own colour for files that give none: the description does not call it the model's
      if (!mesh.color) material.setExtras({ defaultColour: true });
      materials.set(key, material);
    }
    const position = document.createAccessor().setType("VEC3").setArray(mesh.positions).setBuffer(buffer);
    const primitive = document
      .createPrimitive()
      .setAttribute("POSITION", position)
      .setMaterial(material)
      .setMode(
        mesh.mode === "lines"
          ? Primitive.Mode.LINES
          : mesh.mode === "points"
            ? Primitive.Mode.POINTS
            : Primitive.Mode.TRIANGLES,
      );
    if (mesh.normals && mesh.normals.length === mesh.positions.length && (mesh.mode ?? "triangles") === "triangles") {
      primitive.setAttribute(
        "NORMAL",
        document.createAccessor().setType("VEC3").setArray(mesh.normals).setBuffer(buffer),
      );
    }
    if (mesh.indices) {
      primitive.setIndices(document.createAccessor().setType("SCALAR").setArray(mesh.indices).setBuffer(buffer));
    }
    const node = document
      .createNode(mesh.name ?? `mesh-${i}`)
      .setMesh(document.createMesh(mesh.name).addPrimitive(primitive));
    scene.addChild(node);
  }
  document.getRoot().setDefaultScene(scene);
  return document;
}
