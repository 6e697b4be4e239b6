import type { ModelExtension } from "./formats";

/**
 * Content sniffing: the first bytes of an upload must look like the format its name claims, so a renamed image
 * or program never reaches a converter. The checks are the formats' own signatures (magic numbers, header
 * keywords, binary STL's size formula); text formats must be text.
 */
export const SNIFF_BYTES = 64 * 1024;

const KNOWN_OTHER_TYPES: Array<[string, number[]]> = [
  ["a PNG image", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["a JPEG image", [0xff, 0xd8, 0xff]],
  ["a GIF image", [0x47, 0x49, 0x46, 0x38]],
  ["a PDF document", [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ["a program", [0x7f, 0x45, 0x4c, 0x46]],
  ["a program", [0x4d, 0x5a]],
];

export function sniffModel({ head, size, ext }: { head: Uint8Array; size: number; ext: ModelExtension }): string | null {
  if (size === 0) return "The file is empty.";
  for (const [label, signature] of KNOWN_OTHER_TYPES) {
    if (ext !== "3ds" && startsWith(head, signature)) return `This file is ${label}, not a .${ext} model.`;
  }
  const ok = CHECKS[ext](head, size);
  return ok ? null : `This file's contents are not a valid .${ext} model.`;
}

const CHECKS: Record<ModelExtension, (head: Uint8Array, size: number) => boolean> = {
  obj: (head) => isText(head) && /^\s*(v|vn|vt|f|o|g|s|l|p|usemtl|mtllib|#)[\s]/m.test(ascii(head)),
  ply: (head) => /^ply\r?\n/.test(ascii(head.subarray(0, 8))),
  stl: (head, size) => {
    if (/^\s*solid[\s\S]*facet/i.test(ascii(head.subarray(0, 4096))) && isText(head)) return true;
    if (size < 84 || head.byteLength < 84) return false;
    const triangles = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(80, true);
    return size === 84 + 50 * triangles;
  },
  gltf: (head) => isText(head) && /^\uFEFF?\s*\{/.test(utf8(head)) && /"asset"\s*:/.test(utf8(head)),
  glb: (head, size) => {
    if (head.byteLength < 20 || !startsWith(head, [0x67, 0x6c, 0x54, 0x46])) return false;
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    return view.getUint32(4, true) === 2 && view.getUint32(8, true) === size;
  },
  dae: (head) => isText(head) && /<COLLADA[\s>]/.test(utf8(head)),
  x3d: (head) => isText(head) && /<X3D[\s>]/.test(utf8(head)),
  "3mf": (head) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]),
  fbx: (head) => startsWith(head, [...new TextEncoder().encode("Kaydara FBX Binary")]) || (isText(head) && /FBXHeaderExtension|;\s*FBX\s/.test(ascii(head))),
  "3ds": (head, size) => {
    if (head.byteLength < 6 || head[0] !== 0x4d || head[1] !== 0x4d) return false;
    const length = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(2, true);
    return length <= size && length >= 6;
  },
  dwg: (head) => /^AC10[0-3][0-9]/.test(ascii(head.subarray(0, 6))),
  step: (head) => isText(head) && /^\uFEFF?\s*ISO-10303-21\s*;/.test(utf8(head.subarray(0, 512))),
  iges: (head) => {
    if (!isText(head)) return false;
    const firstLine = ascii(head.subarray(0, 200)).split(/\r?\n/)[0] ?? "";
    return firstLine.length >= 73 && firstLine[72] === "S";
  },
};

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/** Text formats hold no NUL bytes and few control characters. */
function isText(head: Uint8Array): boolean {
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control <= head.byteLength / 100;
}

const ascii = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
