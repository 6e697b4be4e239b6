import { XMLParser } from "fast-xml-parser";
import { ConversionError, type MeshData } from "./mesh";

/**
 * X3D (XML encoding), which assimp's WASM build cannot read: the scene graph that exporters write (Scene,
 * Group, Transform, Shape with Appearance/Material and an IndexedFaceSet or IndexedTriangleSet over a
 * Coordinate node, DEF/USE) is walked into world-space triangle meshes. Inline and other URL fields are never
 * fetched.
 */
type XNode = Record<string, unknown>;
type Mat4 = number[];

const GROUPS = new Set(["X3D", "Scene", "Group", "StaticGroup", "Transform", "Collision", "Anchor", "Switch", "LOD", "Billboard"]);

export function readX3d(bytes: Uint8Array): MeshData[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
    processEntities: false,
    allowBooleanAttributes: true,
  });
  let root: XNode;
  try {
    root = parser.parse(new TextDecoder().decode(bytes), true) as XNode;
  } catch (error) {
    throw new ConversionError("translation_failed", `X3D is not well-formed XML: ${(error as Error).message}`);
  }
  const x3d = (root.X3D as XNode[] | undefined)?.[0];
  if (!x3d) throw new ConversionError("translation_failed", "no <X3D> element");
  const defs = new Map<string, XNode>();
  const meshes: MeshData[] = [];
  walk("X3D", x3d, identity(), defs, meshes, 0);
  return meshes;
}

function children(node: XNode): Array<[string, XNode]> {
  const out: Array<[string, XNode]> = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@") || key === "#text" || !Array.isArray(value)) continue;
    for (const child of value) if (child && typeof child === "object") out.push([key, child as XNode]);
  }
  return out;
}

function resolve(node: XNode, defs: Map<string, XNode>): XNode {
  const use = node["@USE"];
  if (typeof use === "string") return defs.get(use) ?? {};
  const def = node["@DEF"];
  if (typeof def === "string") defs.set(def, node);
  return node;
}

function walk(tag: string, raw: XNode, matrix: Mat4, defs: Map<string, XNode>, meshes: MeshData[], depth: number): void {
  if (depth > 64) throw new ConversionError("translation_failed", "X3D scene nested too deeply");
  const node = resolve(raw, defs);
  if (tag === "Shape") {
    shape(node, matrix, defs, meshes);
    return;
  }
  if (!GROUPS.has(tag)) return;
  const world = tag === "Transform" ? multiply(matrix, transformMatrix(node)) : matrix;
  for (const [childTag, child] of children(node)) walk(childTag, child, world, defs, meshes, depth + 1);
}

function shape(node: XNode, matrix: Mat4, defs: Map<string, XNode>, meshes: MeshData[]): void {
  let color: [number, number, number, number] | undefined;
  for (const [tag, child] of children(node)) {
    if (tag !== "Appearance") continue;
    for (const [mtag, material] of children(resolve(child, defs))) {
      if (mtag !== "Material") continue;
      const m = resolve(material, defs);
      const diffuse = numbers(m["@diffuseColor"]);
      const transparency = numbers(m["@transparency"])[0] ?? 0;
      if (diffuse.length >= 3) color = [diffuse[0]!, diffuse[1]!, diffuse[2]!, 1 - transparency];
    }
  }
  for (const [tag, child] of children(node)) {
    const geometry = resolve(child, defs);
    let triangles: number[] | null = null;
    if (tag === "IndexedFaceSet") triangles = fanTriangulate(numbers(geometry["@coordIndex"]));
    else if (tag === "IndexedTriangleSet") triangles = numbers(geometry["@index"]);
    if (!triangles) continue;
    const coordinate = children(geometry).find(([t]) => t === "Coordinate");
    if (!coordinate) continue;
    const points = numbers(resolve(coordinate[1], defs)["@point"]);
    const vertexCount = Math.floor(points.length / 3);
    const positions = new Float32Array(vertexCount * 3);
    for (let v = 0; v < vertexCount; v++) {
      const [x, y, z] = [points[v * 3]!, points[v * 3 + 1]!, points[v * 3 + 2]!];
      positions[v * 3] = matrix[0]! * x + matrix[4]! * y + matrix[8]! * z + matrix[12]!;
      positions[v * 3 + 1] = matrix[1]! * x + matrix[5]! * y + matrix[9]! * z + matrix[13]!;
      positions[v * 3 + 2] = matrix[2]! * x + matrix[6]! * y + matrix[10]! * z + matrix[14]!;
    }
    const valid = triangles.length - (triangles.length % 3);
    const indices = new Uint32Array(valid);
    for (let i = 0; i < valid; i++) {
      const index = triangles[i]!;
      if (!Number.isInteger(index) || index < 0 || index >= vertexCount) {
        throw new ConversionError("translation_failed", `X3D index ${index} is outside the ${vertexCount} coordinates`);
      }
      indices[i] = index;
    }
    if (indices.length > 0) meshes.push({ name: String(node["@DEF"] ?? "shape"), positions, indices, color });
  }
}

/** coordIndex lists polygons separated by -1; each becomes a triangle fan. */
function fanTriangulate(coordIndex: number[]): number[] {
  const out: number[] = [];
  let polygon: number[] = [];
  const flush = () => {
    for (let i = 1; i + 1 < polygon.length; i++) out.push(polygon[0]!, polygon[i]!, polygon[i + 1]!);
    polygon = [];
  };
  for (const index of coordIndex) {
    if (index < 0) flush();
    else polygon.push(index);
  }
  flush();
  return out;
}

function numbers(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (typeof value !== "string") return [];
  const out: number[] = [];
  for (const part of value.split(/[\s,]+/)) {
    if (part === "") continue;
    const n = Number(part);
    if (Number.isNaN(n)) throw new ConversionError("translation_failed", `X3D number expected, found "${part.slice(0, 20)}"`);
    out.push(n);
  }
  return out;
}

function identity(): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r]! += a[k * 4 + r]! * b[c * 4 + k]!;
  return out;
}

/** Translation × Rotation (axis-angle) × Scale, as X3D defines a Transform (center and scaleOrientation aside). */
function transformMatrix(node: XNode): Mat4 {
  const [tx = 0, ty = 0, tz = 0] = numbers(node["@translation"]);
  const [ax = 0, ay = 0, az = 1, angle = 0] = numbers(node["@rotation"]);
  const [sx = 1, sy = 1, sz = 1] = numbers(node["@scale"]);
  const length = Math.hypot(ax, ay, az) || 1;
  const [x, y, z] = [ax / length, ay / length, az / length];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  const rotation: Mat4 = [
    t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
    t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
    t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0,
    0, 0, 0, 1,
  ];
  const scale: Mat4 = [sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1];
  const translation: Mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1];
  return multiply(translation, multiply(rotation, scale));
}
