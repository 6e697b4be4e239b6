/**
 * What the 3D viewer accepts and says, shared by the server (the upload rule) and the page (the file picker).
 * The messages are the specification's, word for word.
 */
export const MODEL_EXTENSIONS = [
  "obj",
  "fbx",
  "dae",
  "3ds",
  "ply",
  "stl",
  "gltf",
  "glb",
  "3mf",
  "x3d",
  "dwg",
  "step",
  "iges",
] as const;

export type ModelExtension = (typeof MODEL_EXTENSIONS)[number];

/** `stp`, `igs` and `x3dv` (ClassicVRML X3D) are the same formats under other names; the spec's list is the canonical one. */
const ALIASES: Record<string, ModelExtension> = { stp: "step", igs: "iges", x3dv: "x3d" };

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "100 MB";

export const FORMAT_LABELS: Record<ModelExtension, string> = {
  obj: "Wavefront OBJ",
  fbx: "Autodesk FBX",
  dae: "COLLADA",
  "3ds": "3D Studio",
  ply: "Stanford PLY",
  stl: "STL (ASCII or binary)",
  gltf: "glTF (self-contained)",
  glb: "glTF binary",
  "3mf": "3D Manufacturing Format",
  x3d: "X3D (XML or ClassicVRML)",
  dwg: "AutoCAD DWG (lines, 3D faces and meshes)",
  step: "STEP",
  iges: "IGES",
};

/** The file input's accept list. */
export const ACCEPT_ATTRIBUTE = [...MODEL_EXTENSIONS, ...Object.keys(ALIASES)].map((e) => `.${e}`).join(",");

export function modelExtensionOf(fileName: string): ModelExtension | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  if (!match) return null;
  const ext = match[1]!.toLowerCase();
  if ((MODEL_EXTENSIONS as readonly string[]).includes(ext)) return ext as ModelExtension;
  return ALIASES[ext] ?? null;
}

/** Size in MB to two decimals, as the upload card shows it. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

export type ModelStatus = "stored" | "parsing" | "converting" | "optimising" | "success" | "failed";

export const MESSAGES = {
  uploadFailed: "Failed to upload model. Please try again.",
  translationFailed: "Model translation failed. Please try a different file.",
  noGeometry: "No viewable geometry found in the model",
  viewerScriptFailed: "Failed to load 3D viewer. Please refresh the page.",
  viewerInitFailed: "Failed to initialize 3D viewer",
  viewerInitExhausted: "Failed to initialize viewer after multiple attempts",
  modelLoadFailed: (reason: string) => `Failed to load 3D model: ${reason}`,
  modelProcessFailed: (reason: string) => `Failed to process 3D model: ${reason}`,
  geometryInvisible: "3D model loaded but geometry not visible. Controls available for interaction.",
  octahedronGenerateFailed: "Failed to generate octahedron model",
  viewerTokenFailed: "Failed to get viewer token",
  credentialNotice: "Autodesk API credentials need bucket:create scope. Showing visual representation instead.",
} as const;

/**
 * Why the page could not fetch or show a model, or check on its conversion, in the site's words: never a URL, a
 * status line or a stack ("fetch for http://…/api/3d/model/… responded with 401: Unauthorized", issue 47). A fetch
 * that failed with an answer carries its `response` (three.js's loader, the status check); one the connection lost
 * is fetch's TypeError.
 */
export function requestProblem(error: unknown): string {
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  if (status === 401 || status === 403) return "the permission to view it ran out: reload the page to view it again";
  if (status === 404) return "it is no longer stored";
  if (typeof status === "number" && status >= 500) return "the server could not answer just now: please try again";
  if (typeof status === "number" && status === 429)
    return "too many requests just now: please wait a moment and try again";
  if (error instanceof TypeError) return "the connection was lost: check it and try again";
  return "its data could not be read";
}

/** A failed status check: the model may still be converting (issue 47: the page stayed on 0% with no way on). */
export const STATUS_CHECK_FAILED = "We could not check on the conversion";

/** The stored error is "code: message" (conversion.server.ts); the code picks the spec's message. */
export function failureMessage(error: string | null | undefined): string {
  const code = error?.split(":", 1)[0]?.trim();
  return code === "no_geometry" ? MESSAGES.noGeometry : MESSAGES.translationFailed;
}

/** Why a conversion the server tried several times was given up (its errors were the server's: decision 299). */
export const GAVE_UP_DETAIL =
  "The server could not finish converting this model after several attempts. Please upload it again later.";

/**
 * The reason shown under the spec's message, for failures whose messages were written for visitors (a model
 * that refers to outside files, a construct the converter refuses); other reasons stay in the server's log.
 */
export function failureDetail(error: string | null | undefined): string | null {
  const match = /^(external_reference|unsupported|output_too_large|over_allowance|store_full|gave_up): ([\s\S]+)$/.exec(
    error ?? "",
  );
  return match ? match[2]!.slice(0, 300) : null;
}
