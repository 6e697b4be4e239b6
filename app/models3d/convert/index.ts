import { NodeIO, type Document } from "@gltf-transform/core";
import type { ModelExtension } from "../formats";
import { readWithAssimp } from "./assimp";
import { readDwg } from "./dwg";
import { readObj, readStl } from "./fast-readers";
import { ConversionError, meshesToDocument } from "./mesh";
import { readWithOpenCascade } from "./occt";
import { countVertices, weldDocument } from "./optimise";
import { posterSvg } from "./poster";
import { readX3d } from "./x3d";

export { ConversionError } from "./mesh";

export type ConversionStage = "parsing" | "converting" | "optimising";
export type ConversionResult = { glb: Uint8Array; poster: string; vertexCount: number };

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
  onStage("converting");
  let document: Document;
  switch (ext) {
    case "step":
    case "iges":
      document = meshesToDocument(await readWithOpenCascade(bytes, ext));
      break;
    case "x3d":
      document = meshesToDocument(readX3d(bytes));
      break;
    case "stl":
      document = meshesToDocument(readStl(bytes));
      break;
    case "obj":
      document = meshesToDocument(readObj(bytes));
      break;
    case "dwg":
      document = meshesToDocument(await readDwg(bytes));
      break;
    default:
      document = await readWithAssimp(bytes, ext);
  }
  onStage("optimising");
  weldDocument(document);
  const vertexCount = countVertices(document);
  if (vertexCount === 0) throw new ConversionError("no_geometry", "the model holds no vertices");
  const glb = await new NodeIO().writeBinary(document);
  return { glb, poster: posterSvg(document, title), vertexCount };
}
