import { decodeText } from "../text";
import { type MeshData } from "./mesh";

/** A file the fast readers cannot read: convertModel hands it to assimp instead of failing the job. */
export class FastReaderError extends Error {}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?(?:[pP]([+-]?\d+))?$/;
const SPECIAL = /^([+-]?)(inf|infinity|nan(\([0-9A-Za-z_]*\))?)$/i;

/**
 * A number in every form C's `strtod` reads a whole token as: decimal with optional sign, point and exponent
 * (`2.`, `.5`, `2.e1`, `+1e+2`, `1E2`), hexadecimal with an optional binary exponent (`0x1.8p3`), `inf`,
 * `infinity` and `nan`. Anything else is NaN.
 */
export function parseCNumber(token: string): number {
  if (DECIMAL.test(token)) return Number(token) + 0;
  const hex = HEX.exec(token);
  if (hex && (hex[2] || hex[3])) {
    const [, sign, whole = "", fraction = "", exponent = "0"] = hex;
    let value = whole ? Number.parseInt(whole, 16) : 0;
    for (let i = 0; i < fraction.length; i++) value += Number.parseInt(fraction[i]!, 16) / 16 ** (i + 1);
    value *= 2 ** Number(exponent);
    return (sign === "-" ? -value : value) + 0;
  }
  const special = SPECIAL.exec(token);
  if (special) return special[2]!.toLowerCase().startsWith("inf") ? (special[1] === "-" ? -Infinity : Infinity) : NaN;
  return NaN;
}

function coordinate(token: string | undefined, what: string): number {
  const value = token === undefined ? NaN : parseCNumber(token);
  if (!Number.isFinite(value))
    throw new FastReaderError(`${what} holds "${String(token).slice(0, 20)}", which is not a finite number`);
  return value;
}

/**
 * Readers in plain JavaScript for the two formats that arrive big: STL and OBJ. assimp's WASM build needs
 * about 20 s for a 10 MB binary STL (its fixed post-processing); these read the same file in well under a
 * second and leave welding to the optimising stage. Everything else still goes through assimp.
 */
export function readStl(bytes: Uint8Array): MeshData[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength >= 84 && 84 + 50 * view.getUint32(80, true) === bytes.byteLength) {
    const count = view.getUint32(80, true);
    const positions = new Float32Array(count * 9);
    const normals = new Float32Array(count * 9);
    for (let i = 0; i < count; i++) {
      const at = 84 + i * 50;
      // "+ 0" turns -0 into 0, so welding (which compares bits) joins corners that differ only in the sign of zero.
      const nx = view.getFloat32(at, true) + 0;
      const ny = view.getFloat32(at + 4, true) + 0;
      const nz = view.getFloat32(at + 8, true) + 0;
      for (let c = 0; c < 3; c++) {
        const o = i * 9 + c * 3;
        positions[o] = view.getFloat32(at + 12 + c * 12, true) + 0;
        positions[o + 1] = view.getFloat32(at + 16 + c * 12, true) + 0;
        positions[o + 2] = view.getFloat32(at + 20 + c * 12, true) + 0;
        normals[o] = nx;
        normals[o + 1] = ny;
        normals[o + 2] = nz;
      }
    }
    return [{ name: "stl", ...fixNormals(positions, normals) }];
  }
  const text = decodeText(bytes);
  const positions: number[] = [];
  const normals: number[] = [];
  const facet =
    /facet\s+normal\s+(\S+)\s+(\S+)\s+(\S+)\s+outer\s+loop\s+vertex\s+(\S+)\s+(\S+)\s+(\S+)\s+vertex\s+(\S+)\s+(\S+)\s+(\S+)\s+vertex\s+(\S+)\s+(\S+)\s+(\S+)\s+endloop\s+endfacet/gi;
  let facets = 0;
  for (const m of text.matchAll(facet)) {
    const v = m.slice(1).map((x) => coordinate(x, "STL"));
    positions.push(...v.slice(3));
    normals.push(...v.slice(0, 3), ...v.slice(0, 3), ...v.slice(0, 3));
    facets++;
  }
  // A facet this pattern could not read (other layouts, attributes) would be lost: let assimp read the file.
  const declared = text.match(/\bfacet\b/gi)?.length ?? 0;
  if (declared !== facets) throw new FastReaderError(`STL: read ${facets} of ${declared} facets`);
  const p = new Float32Array(positions);
  return [{ name: "stl", ...fixNormals(p, new Float32Array(normals)) }];
}

/**
 * STL facet normals are often zero or wrong; recompute those from the triangle's winding. A triangle with no area
 * (two corners at one point, or all three on a line) has no facing at all: it shows nothing and its normal can only
 * be zero, which glTF forbids (a NORMAL must be unit length: the validator's ACCESSOR_VECTOR3_NON_UNIT, issue 47),
 * so it is left out.
 */
function fixNormals(
  positions: Float32Array,
  normals: Float32Array,
): { positions: Float32Array; normals: Float32Array } {
  let kept = 0;
  for (let t = 0; t < positions.length; t += 9) {
    const l = Math.hypot(normals[t]!, normals[t + 1]!, normals[t + 2]!);
    if (l > 0.5 && l < 1.5) {
      // near enough to trust its direction; made exactly unit (glTF allows a few thousandths)
      for (let k = 0; k < 9; k++) normals[t + k]! /= l;
      continue;
    }
    const ux = positions[t + 3]! - positions[t]!,
      uy = positions[t + 4]! - positions[t + 1]!,
      uz = positions[t + 5]! - positions[t + 2]!;
    const vx = positions[t + 6]! - positions[t]!,
      vy = positions[t + 7]! - positions[t + 1]!,
      vz = positions[t + 8]! - positions[t + 2]!;
    let nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const n = Math.hypot(nx, ny, nz);
    if (!(n > 0) || !Number.isFinite(n)) continue; // no area: left out below
    nx /= n;
    ny /= n;
    nz /= n;
    for (let c = 0; c < 3; c++) {
      normals[t + c * 3] = nx;
      normals[t + c * 3 + 1] = ny;
      normals[t + c * 3 + 2] = nz;
    }
  }
  // keep the triangles whose normals are now unit length, in order
  for (let t = 0; t < positions.length; t += 9) {
    const l = Math.hypot(normals[t]!, normals[t + 1]!, normals[t + 2]!);
    if (!(l > 0.5 && l < 1.5)) continue;
    if (kept !== t) {
      positions.copyWithin(kept, t, t + 9);
      normals.copyWithin(kept, t, t + 9);
    }
    kept += 9;
  }
  return { positions: positions.subarray(0, kept), normals: normals.subarray(0, kept) };
}

/**
 * OBJ geometry: v, vn and f (v, v/vt, v//vn, v/vt/vn, negative indices), polygons fanned into triangles.
 * Corners are indexed by their v/vn pair, so shared vertices stay shared. Materials (mtllib) are never read.
 */
export function readObj(bytes: Uint8Array): MeshData[] {
  const text = decodeText(bytes);
  const v: number[] = [];
  const vn: number[] = [];
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  const corners = new Map<string, number>();
  let allHaveNormals = true;
  const corner = (token: string): number => {
    let index = corners.get(token);
    if (index !== undefined) return index;
    const [a, , c] = token.split("/");
    let vi = Number.parseInt(a!, 10);
    if (vi < 0) vi = v.length / 3 + vi + 1;
    if (!Number.isInteger(vi) || vi < 1 || vi > v.length / 3) {
      throw new FastReaderError(`OBJ face refers to vertex ${a}, which does not exist`);
    }
    positions.push(v[(vi - 1) * 3]!, v[(vi - 1) * 3 + 1]!, v[(vi - 1) * 3 + 2]!);
    let ni = c ? Number.parseInt(c, 10) : NaN;
    if (ni < 0) ni = vn.length / 3 + ni + 1;
    if (Number.isInteger(ni) && ni >= 1 && ni <= vn.length / 3)
      normals.push(vn[(ni - 1) * 3]!, vn[(ni - 1) * 3 + 1]!, vn[(ni - 1) * 3 + 2]!);
    else {
      allHaveNormals = false;
      normals.push(0, 0, 0);
    }
    index = positions.length / 3 - 1;
    corners.set(token, index);
    return index;
  };
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    let line = text.slice(start, end).trim();
    start = end + 1;
    // a backslash at the end of a line continues it on the next
    while (line.endsWith("\\") && start < text.length) {
      let next = text.indexOf("\n", start);
      if (next < 0) next = text.length;
      line = `${line.slice(0, -1)} ${text.slice(start, next).trim()}`;
      start = next + 1;
    }
    const keyword = /^\S+/.exec(line)?.[0];
    if (keyword === "v") {
      const parts = line.split(/\s+/);
      v.push(coordinate(parts[1], "OBJ"), coordinate(parts[2], "OBJ"), coordinate(parts[3], "OBJ"));
    } else if (keyword === "vn") {
      const parts = line.split(/\s+/);
      vn.push(coordinate(parts[1], "OBJ"), coordinate(parts[2], "OBJ"), coordinate(parts[3], "OBJ"));
    } else if (keyword === "f") {
      const tokens = line.split(/\s+/).slice(1);
      const ids = tokens.map(corner);
      for (let i = 1; i + 1 < ids.length; i++) indices.push(ids[0]!, ids[i]!, ids[i + 1]!);
    }
  }
  if (indices.length === 0) return [];
  return [
    {
      name: "obj",
      positions: new Float32Array(positions),
      normals: allHaveNormals ? new Float32Array(normals) : undefined,
      indices: new Uint32Array(indices),
    },
  ];
}
