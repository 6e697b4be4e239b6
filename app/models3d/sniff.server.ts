import type { ModelExtension } from "./formats";
import { decodeText } from "./text";

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

export function sniffModel({
  head,
  size,
  ext,
}: {
  head: Uint8Array;
  size: number;
  ext: ModelExtension;
}): string | null {
  if (size === 0) return "The file is empty.";
  for (const [label, signature] of KNOWN_OTHER_TYPES) {
    if (ext !== "3ds" && startsWith(head, signature)) return `This file is ${label}, not a .${ext} model.`;
  }
  let text: string | null = null;
  const ok = CHECKS[ext](head, size, () => (text ??= decodeText(head)));
  return ok ? null : `This file's contents are not a valid .${ext} model.`;
}

/**
 * Each check sees the raw first bytes and, for the text formats, their text decoded by the byte-order mark
 * (UTF-8, UTF-16 LE/BE), so a file saved as "Unicode" text is recognised like its UTF-8 twin.
 */
const CHECKS: Record<ModelExtension, (head: Uint8Array, size: number, text: () => string) => boolean> = {
  obj: (_head, _size, text) => isText(text()) && /^\s*(v|vn|vt|f|o|g|s|l|p|usemtl|mtllib|#)[\s]/m.test(text()),
  ply: (_head, _size, text) => /^ply\r?\n/.test(text().slice(0, 8)),
  stl: (head, size, text) => {
    if (size >= 84 && head.byteLength >= 84) {
      const triangles = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(80, true);
      if (size === 84 + 50 * triangles) return true;
    }
    return /^\s*solid[\s\S]*facet/i.test(text().slice(0, 4096)) && isText(text());
  },
  gltf: (_head, _size, text) => isText(text()) && /^\s*\{/.test(text()) && /"asset"\s*:/.test(text()),
  glb: (head, size) => {
    if (head.byteLength < 20 || !startsWith(head, [0x67, 0x6c, 0x54, 0x46])) return false;
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    // version 1 (glTF 1.0's binary) passes too: the converter then says plainly that glTF 1.0 is not supported
    const version = view.getUint32(4, true);
    return (version === 1 || version === 2) && view.getUint32(8, true) === size;
  },
  dae: (_head, _size, text) => isText(text()) && /<COLLADA[\s>]/.test(text()),
  // XML encoding, or the ClassicVRML encoding (and VRML97, which the same reader serves)
  x3d: (_head, _size, text) =>
    isText(text()) && (/<X3D[\s>]/.test(text()) || /^\s*#(X3D V[34]|VRML V2\.0)/.test(text())),
  "3mf": (head) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]),
  fbx: (head, _size, text) =>
    startsWith(head, [...new TextEncoder().encode("Kaydara FBX Binary")]) ||
    (isText(text()) && /FBXHeaderExtension|;\s*FBX\s/.test(text())),
  "3ds": (head, size) => {
    if (head.byteLength < 6 || head[0] !== 0x4d || head[1] !== 0x4d) return false;
    const length = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(2, true);
    return length <= size && length >= 6;
  },
  dwg: (head) => /^AC10[0-3][0-9]/.test(ascii(head.subarray(0, 6))),
  step: (_head, _size, text) => isText(text()) && /^\s*ISO-10303-21\s*;/.test(text().slice(0, 512)),
  iges: (_head, _size, text) => {
    if (!isText(text())) return false;
    const firstLine = text().slice(0, 200).split(/\r?\n/)[0] ?? "";
    return firstLine.length >= 73 && firstLine[72] === "S";
  },
};

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

/** Text formats hold no NUL characters and few control characters (a cut-off last character is allowed). */
function isText(text: string): boolean {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if (code < 9 || (code > 13 && code < 32) || code === 0xfffd) control++;
  }
  return control <= text.length / 100;
}

const ascii = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
