import { NodeIO, type Document, type JSONDocument } from "@gltf-transform/core";
import assimpjs from "assimpjs";
import { ConversionError } from "./mesh";

/**
 * obj, fbx, dae, 3ds, ply, stl, gltf, glb and 3mf through assimp's WASM build. assimp sees only the uploaded
 * file in its in-memory file system, so a reference to another file (an OBJ `mtllib`, a COLLADA image) finds
 * nothing and is ignored; a glTF that needs an outside buffer or image is refused before assimp reads it.
 */
export async function readWithAssimp(bytes: Uint8Array, ext: string): Promise<Document> {
  if (ext === "gltf" || ext === "glb") refuseExternalReferences(bytes, ext);
  const ajs = await assimpjs();
  const files = new ajs.FileList();
  files.AddFile(`model.${ext}`, bytes);
  const result = ajs.ConvertFileList(files, "gltf2");
  if (!result.IsSuccess() || result.FileCount() === 0) {
    throw new ConversionError("translation_failed", `assimp: ${result.GetErrorCode()}`);
  }
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  let json: JSONDocument["json"] | null = null;
  for (let i = 0; i < result.FileCount(); i++) {
    const file = result.GetFile(i);
    const content = new Uint8Array(file.GetContent());
    if (file.GetPath().endsWith(".gltf")) json = JSON.parse(new TextDecoder().decode(content));
    else resources[file.GetPath()] = content;
  }
  if (!json) throw new ConversionError("translation_failed", "assimp wrote no glTF");
  dropUnresolvedImages(json, resources);
  // Extensions assimp declares but gltf-transform's core does not implement are dropped, not required.
  delete json.extensionsRequired;
  delete json.extensionsUsed;
  return new NodeIO().readJSON({ json, resources });
}

type GltfJson = JSONDocument["json"];

/** What a visitor is told about a glTF 1.0 file (issue 47: it failed on a TypeError deep in the reader). */
export const GLTF1_UNSUPPORTED =
  "glTF 1.0 is not supported: export the model as glTF 2.0 (Blender and most tools do) and upload it again";

function refuseExternalReferences(bytes: Uint8Array, ext: string): void {
  // a binary glTF 1.0 (KHR_binary_glTF) says version 1 in its header, before any JSON
  if (ext === "glb" && bytes.byteLength >= 8) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (view.getUint32(4, true) === 1) throw new ConversionError("unsupported", GLTF1_UNSUPPORTED);
  }
  let json: GltfJson;
  try {
    json = ext === "glb" ? glbJson(bytes) : JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ConversionError("translation_failed", "the glTF JSON could not be read");
  }
  if (isGltf1(json)) throw new ConversionError("unsupported", GLTF1_UNSUPPORTED);
  const uris = [...(json.buffers ?? []), ...(json.images ?? [])].map((r) => r.uri).filter((u): u is string => !!u);
  const outside = uris.find((uri) => !uri.startsWith("data:"));
  if (outside) {
    throw new ConversionError(
      "external_reference",
      `the model refers to an outside file (${outside.slice(0, 80)}); only self-contained models are accepted`,
    );
  }
}

/** glTF 1.0: its asset says so, or (older files say nothing) its lists are objects keyed by name, not arrays. */
function isGltf1(json: unknown): boolean {
  if (!json || typeof json !== "object") return false;
  const record = json as Record<string, unknown> & { asset?: { version?: unknown } };
  if (String(record.asset?.version ?? "").startsWith("1")) return true;
  return ["buffers", "bufferViews", "accessors", "meshes", "nodes", "scenes"].some(
    (key) => record[key] !== undefined && record[key] !== null && !Array.isArray(record[key]),
  );
}

function glbJson(bytes: Uint8Array): GltfJson {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== 0x4e4f534a) throw new Error("first chunk is not JSON");
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
}

/** assimp leaves textures it could not embed as file names; without the files they are removed. */
function dropUnresolvedImages(json: GltfJson, resources: Record<string, Uint8Array>): void {
  const images = json.images ?? [];
  const unresolved = images.some((image) => image.uri && !image.uri.startsWith("data:") && !resources[image.uri]);
  if (!unresolved) return;
  delete json.images;
  delete json.textures;
  delete json.samplers;
  for (const material of json.materials ?? []) {
    const m = material as Record<string, unknown> & { pbrMetallicRoughness?: Record<string, unknown> };
    for (const key of ["normalTexture", "occlusionTexture", "emissiveTexture"]) delete m[key];
    if (m.pbrMetallicRoughness) {
      delete m.pbrMetallicRoughness.baseColorTexture;
      delete m.pbrMetallicRoughness.metallicRoughnessTexture;
    }
    delete m.extensions;
  }
}
