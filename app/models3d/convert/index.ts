import { NodeIO, type Document } from "@gltf-transform/core";
import type { ModelExtension } from "../formats";
import { textAsUtf8 } from "../text";
import { readWithAssimp } from "./assimp";
import { readDwg } from "./dwg";
import { FastReaderError, readObj, readStl } from "./fast-readers";
import { ConversionError, meshesToDocument } from "./mesh";
import { readWithOpenCascade } from "./occt";
import { countVertices, weldDocument } from "./optimise";
import { posterSvg } from "./poster";
import { summariseDocument } from "./summary";
import { read3mf } from "./threemf";
import { readX3d } from "./x3d";

export { ConversionError } from "./mesh";

export type ConversionStage = "parsing" | "converting" | "optimising";
export type ConversionResult = { glb: Uint8Array; poster: string; vertexCount: number };

/** Formats stored as text: decoded by their byte-order mark (UTF-8, UTF-16 LE/BE) before any reader sees them. */
const TEXT_FORMATS = new Set<ModelExtension>(["obj", "dae", "x3d", "gltf", "step", "iges", "ply", "fbx"]);

/**
 * Length units by format where the format fixes them (glTF and COLLADA in metres once assimp has applied the
 * file's <unit>; OpenCascade tessellates STEP and IGES in millimetres). Readers that find units in the file
 * (X3D, 3MF, DWG) report their own; OBJ, STL, PLY, FBX and 3DS files do not say.
 */
const FORMAT_UNITS: Partial<Record<ModelExtension, string>> = {
  gltf: "metres",
  glb: "metres",
  dae: "metres",
  step: "millimetres",
  iges: "millimetres",
};

/** Progress each stage reports when it starts: the status route shows these as 'NN%'. */
export const STAGE_PROGRESS: Record<ConversionStage, number> = { parsing: 15, converting: 40, optimising: 75 };

/**
 * One upload in, one self-contained GLB out (plus a poster image): read with the format's reader, weld,
 * check there is something to see, write. Runs inside a worker thread (see convert.worker.ts).
 */
export async function convertModel(
  bytes: Uint8Array,
  ext: ModelExtension,
  onStage: (stage: ConversionStage) => void = () => {},
  title = "3D model",
): Promise<ConversionResult> {
  onStage("parsing");
  if (bytes.byteLength === 0) throw new ConversionError("translation_failed", "the file is empty");
  // A binary STL's 80-byte header may start with anything, a byte-order mark included: only ASCII STL is text.
  if (TEXT_FORMATS.has(ext) || (ext === "stl" && !isBinaryStl(bytes))) bytes = textAsUtf8(bytes);
  onStage("converting");
  let document: Document;
  let units: string | null = FORMAT_UNITS[ext] ?? null;
  switch (ext) {
    case "step":
    case "iges":
      document = meshesToDocument(await readWithOpenCascade(bytes, ext));
      break;
    case "x3d": {
      const read = readX3d(bytes);
      document = meshesToDocument(read.meshes);
      units = read.units;
      break;
    }
    case "stl":
    case "obj":
      document = await fastOrAssimp(bytes, ext);
      break;
    case "3mf": {
      const read = read3mf(bytes);
      document = meshesToDocument(read.meshes);
      units = read.units;
      break;
    }
    case "dwg": {
      const read = await readDwg(bytes);
      document = meshesToDocument(read.meshes);
      units = read.units;
      break;
    }
    default:
      document = await readWithAssimp(bytes, ext);
  }
  onStage("optimising");
  weldDocument(document);
  const vertexCount = countVertices(document);
  if (vertexCount === 0) throw new ConversionError("no_geometry", "the model holds no vertices");
  // The page's description of the model travels inside the GLB (the glTF root's extras.summary).
  document.getRoot().setExtras({ summary: summariseDocument(document, units) });
  const glb = await new NodeIO().writeBinary(document);
  return { glb, poster: posterSvg(document, title), vertexCount };
}

function isBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 84) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return 84 + 50 * view.getUint32(80, true) === bytes.byteLength;
}

/** The fast readers, and assimp for any file they cannot read (other layouts, odd numbers, broken indices). */
async function fastOrAssimp(bytes: Uint8Array, ext: "stl" | "obj"): Promise<Document> {
  try {
    return meshesToDocument(ext === "stl" ? readStl(bytes) : readObj(bytes));
  } catch (error) {
    if (!(error instanceof FastReaderError)) throw error;
    return readWithAssimp(bytes, ext);
  }
}
