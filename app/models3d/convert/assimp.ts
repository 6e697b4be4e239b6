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

function refuseExternalReferences(bytes: Uint8Array, ext: string): void {
  let json: GltfJson;
  try {
    json = ext === "glb" ? glbJson(bytes) : JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ConversionError("translation_failed", "the glTF JSON could not be read");
  }
  const uris = [...(json.buffers ?? []), ...(json.images ?? [])].map((r) => r.uri).filter((u): u is string => !!u);
  const outside = uris.find((uri) => !uri.startsWith("data:"));
  if (outside) {
    throw new ConversionError(
      "external_reference",
      `the model refers to an outside file (${outside.slice(0, 80)}); only self-contained models are accepted`,
    );
  }
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
