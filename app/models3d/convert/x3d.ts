import earcut from "earcut";
import { XMLParser } from "fast-xml-parser";
import { decodeText } from "../text";
import { ConversionError, type MeshData } from "./mesh";

/**
 * X3D, which assimp's WASM build cannot read, in its XML encoding and its ClassicVRML encoding (`.x3dv`, and
 * VRML97 `.wrl` text, which the same reader serves). Both are parsed into one small tree (the XML by
 * fast-xml-parser, the ClassicVRML by the tokenizer below), then the scene graph is walked into world-space
 * meshes: the grouping nodes with their transforms, DEF/USE, Shape with its Material colours, and the
 * Geometry3D and Rendering geometry nodes (primitives tessellated here, non-convex faces cut by earcut).
 * Inline and prototype instances are refused (outside files are never fetched); any other node is skipped.
 */
export type X3dNode = { tag: string; attrs: Record<string, string>; children: X3dNode[] };
type Mat4 = number[];
type Color3 = [number, number, number];
type Geometry = { positions: number[]; indices: number[]; mode: "triangles" | "lines" | "points" };

/** Around-the-axis segments of Sphere, Cylinder and Cone; Sphere has half as many stacks. */
export const ROUND_SEGMENTS = 32;
/** A scene that expands (USE of USE of …) past this many output vertices is refused rather than drawn. */
const MAX_VERTICES = 8_000_000;

const GROUPS = new Set([
  "X3D",
  "Scene",
  "Group",
  "StaticGroup",
  "Transform",
  "Collision",
  "Anchor",
  "Billboard",
  "CADAssembly",
  "CADLayer",
  "CADPart",
  "CADFace",
  "LayerSet",
  "Layer",
]);
const TRANSFORMS = new Set(["Transform", "CADPart"]);

export function readX3d(bytes: Uint8Array): { meshes: MeshData[]; units: string } {
  const text = decodeText(bytes);
  const classic = /^\s*#(X3D V[34]|VRML V2\.0)/.test(text);
  const { scene, units } = classic ? parseClassic(text) : parseXml(text);
  const walker = new Walker(scene);
  walker.walk(scene, identity(), 0);
  return { meshes: walker.meshes, units };
}

// ------------------------------------------------------------------------------------------ XML encoding

function parseXml(text: string): { scene: X3dNode; units: string } {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseAttributeValue: false,
    processEntities: false,
    allowBooleanAttributes: true,
  });
  let raw: unknown[];
  try {
    raw = parser.parse(text, true) as unknown[];
  } catch (error) {
    throw new ConversionError("translation_failed", `X3D is not well-formed XML: ${(error as Error).message}`);
  }
  const root = convertXml(raw).find((n) => n.tag === "X3D");
  if (!root) throw new ConversionError("translation_failed", "no <X3D> element");
  const head = root.children.find((n) => n.tag === "head");
  const unit = head?.children.find((n) => n.tag === "unit" && n.attrs.category === "length");
  const scene = root.children.find((n) => n.tag === "Scene") ?? { tag: "Scene", attrs: {}, children: [] };
  return { scene, units: unitName(unit?.attrs.name, unit?.attrs.conversionFactor) };
}

function convertXml(items: unknown[], depth = 0): X3dNode[] {
  if (depth > 200) throw new ConversionError("translation_failed", "X3D scene nested too deeply");
  const out: X3dNode[] = [];
  for (const item of items) {
    if (!item || typeof item !== "object") continue;
    const record = item as Record<string, unknown>;
    const tag = Object.keys(record).find((k) => k !== ":@" && !k.startsWith("#") && !k.startsWith("?"));
    if (!tag) continue;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries((record[":@"] as Record<string, unknown>) ?? {})) attrs[k] = String(v);
    const children = Array.isArray(record[tag]) ? convertXml(record[tag] as unknown[], depth + 1) : [];
    out.push({ tag, attrs, children });
  }
  return out;
}

// ------------------------------------------------------------------------------------------ ClassicVRML encoding

/**
 * ClassicVRML: `DEF name Type { field value … }` statements. Node-valued fields become children (their field
 * name kept as `containerField`), other fields become attributes holding their tokens, as in the XML encoding.
 * PROTO/EXTERNPROTO declarations are skipped; an instance of one becomes a `ProtoInstance` node.
 */
export function parseClassic(text: string): { scene: X3dNode; units: string } {
  const tokens = tokenize(text);
  let at = 0;
  const protos = new Set<string>();
  let units = unitName(undefined, undefined);
  const peek = (offset = 0) => tokens[at + offset];
  const next = () => {
    const token = tokens[at++];
    if (token === undefined)
      throw new ConversionError("translation_failed", "X3D (ClassicVRML) ends in the middle of a node");
    return token;
  };
  const expect = (value: string) => {
    const token = next();
    if (token !== value)
      throw new ConversionError(
        "translation_failed",
        `X3D (ClassicVRML): expected "${value}", found "${token.slice(0, 30)}"`,
      );
  };
  const skipBalanced = () => {
    const open = next();
    const close = open === "[" ? "]" : "}";
    let level = 1;
    while (level > 0) {
      const token = next();
      if (token === open) level++;
      else if (token === close) level--;
    }
  };
  const isNodeStart = () => {
    const token = peek();
    return token === "DEF" || token === "USE" || (token !== undefined && /^[A-Za-z_]/.test(token) && peek(1) === "{");
  };
  const isValue = (token: string | undefined) =>
    token !== undefined && (token.startsWith('"') || /^[-+.\d]/.test(token) || token === "TRUE" || token === "FALSE");

  const statement = (depth: number): X3dNode | null => {
    const token = peek();
    if (token === "PROTO") {
      next();
      protos.add(next());
      skipBalanced();
      skipBalanced();
      return null;
    }
    if (token === "EXTERNPROTO") {
      next();
      protos.add(next());
      skipBalanced();
      if (peek() === "[") skipBalanced();
      else next();
      return null;
    }
    if (token === "ROUTE") {
      at += 4;
      return null;
    }
    if (token === "IMPORT" || token === "EXPORT") {
      next();
      next();
      if (peek() === "AS") at += 2;
      return null;
    }
    return node(depth);
  };

  const node = (depth: number): X3dNode | null => {
    if (depth > 200) throw new ConversionError("translation_failed", "X3D scene nested too deeply");
    const first = next();
    if (first === "NULL") return null;
    if (first === "USE") return { tag: "", attrs: { USE: next() }, children: [] };
    let def: string | undefined;
    let type = first;
    if (first === "DEF") {
      def = next();
      type = next();
    }
    const result: X3dNode = { tag: protos.has(type) ? "ProtoInstance" : type, attrs: {}, children: [] };
    if (protos.has(type)) result.attrs.name = type;
    if (def) result.attrs.DEF = def;
    expect("{");
    while (peek() !== "}") {
      const field = peek();
      if (field === undefined)
        throw new ConversionError("translation_failed", "X3D (ClassicVRML) ends in the middle of a node");
      if (
        field === "ROUTE" ||
        field === "PROTO" ||
        field === "EXTERNPROTO" ||
        field === "IMPORT" ||
        field === "EXPORT"
      ) {
        statement(depth + 1);
        continue;
      }
      next();
      if (peek() === "IS") {
        at += 2;
        continue;
      }
      const values: string[] = [];
      const addNode = (child: X3dNode | null) => {
        if (!child) return;
        child.attrs.containerField = field;
        result.children.push(child);
      };
      if (peek() === "[") {
        next();
        while (peek() !== "]") {
          if (peek() === undefined)
            throw new ConversionError("translation_failed", "X3D (ClassicVRML) ends in the middle of a list");
          if (isNodeStart() || peek() === "NULL") addNode(statement(depth + 1));
          else values.push(next());
        }
        next();
      } else if (isNodeStart() || peek() === "NULL") {
        addNode(statement(depth + 1));
      } else {
        while (isValue(peek())) values.push(next());
      }
      if (values.length) result.attrs[field] = values.join(" ");
    }
    next();
    return result;
  };

  const scene: X3dNode = { tag: "Scene", attrs: {}, children: [] };
  while (at < tokens.length) {
    const token = peek()!;
    if (token === "PROFILE") at += 2;
    else if (token === "COMPONENT") at += 2;
    else if (token === "META") at += 3;
    else if (token === "UNIT") {
      const [, category, name, factor] = tokens.slice(at, at + 4);
      if (category === "length") units = unitName(name, factor);
      at += 4;
    } else {
      const child = statement(0);
      if (child) scene.children.push(child);
    }
  }
  return { scene, units };
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s+|,|#[^\n\r]*|"(?:[^"\\]|\\.)*"|[{}[\]]|[^\s,#"{}[\]]+/y;
  let match: RegExpExecArray | null;
  let position = 0;
  while ((match = pattern.exec(text))) {
    const token = match[0];
    position = pattern.lastIndex;
    const c = token[0]!;
    if (c === "#" || c === "," || /\s/.test(c)) continue;
    tokens.push(token);
  }
  // the only text no alternative matches is a quote that never closes
  if (position < text.length)
    throw new ConversionError("translation_failed", "X3D (ClassicVRML) holds an unterminated string");
  return tokens;
}

// ------------------------------------------------------------------------------------------ units

const UNIT_FACTORS: Array<[number, string]> = [
  [1, "metres"],
  [0.001, "millimetres"],
  [0.01, "centimetres"],
  [1000, "kilometres"],
  [0.0254, "inches"],
  [0.3048, "feet"],
];

/** X3D lengths are metres unless a UNIT statement says otherwise; sizes are reported in the file's own unit. */
function unitName(name: string | undefined, factor: string | undefined): string {
  const f = factor === undefined ? 1 : Number(factor);
  const known = UNIT_FACTORS.find(([k]) => Math.abs(k - f) <= k * 1e-6);
  if (known) return known[1];
  const cleaned = (name ?? "")
    .replace(/^"|"$/g, "")
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .slice(0, 40);
  return cleaned || `units of ${f} metres`;
}

// ------------------------------------------------------------------------------------------ scene graph

class Walker {
  readonly meshes: MeshData[] = [];
  private readonly defs = new Map<string, X3dNode>();
  private vertices = 0;

  constructor(scene: X3dNode) {
    const collect = (node: X3dNode, depth: number) => {
      if (depth > 200 || node.tag === "ProtoDeclare" || node.tag === "ExternProtoDeclare") return;
      if (node.attrs.DEF && !node.attrs.USE) this.defs.set(node.attrs.DEF, node);
      for (const child of node.children) collect(child, depth + 1);
    };
    collect(scene, 0);
  }

  resolve(node: X3dNode): X3dNode | null {
    if (node.attrs.USE === undefined) return node;
    return this.defs.get(node.attrs.USE) ?? null;
  }

  walk(raw: X3dNode, matrix: Mat4, depth: number): void {
    if (depth > 64) throw new ConversionError("translation_failed", "X3D scene nested too deeply");
    const node = this.resolve(raw);
    if (!node) return;
    switch (node.tag) {
      case "Inline":
        throw new ConversionError(
          "external_reference",
          `the X3D scene loads another file through an Inline node (${node.attrs.url?.slice(0, 80) ?? "no url"}); outside files are never fetched, so export the scene as one file`,
        );
      case "ProtoInstance":
        throw new ConversionError(
          "unsupported",
          `the X3D scene uses a prototype (${(node.attrs.name ?? "unnamed").slice(0, 40)}), which this converter does not expand; export the scene with prototypes expanded`,
        );
      case "Shape":
        this.shape(node, matrix);
        return;
      case "Switch": {
        const choice = Number(node.attrs.whichChoice ?? -1);
        const choices = node.children.filter(
          (c) => c.attrs.containerField !== "metadata" && !c.tag.startsWith("Metadata"),
        );
        const chosen = choices[choice];
        if (chosen) this.walk(chosen, matrix, depth + 1);
        return;
      }
      case "LOD": {
        // the most detailed level: the one a viewer standing close would see
        const first = node.children.find((c) => c.attrs.containerField !== "metadata" && !c.tag.startsWith("Metadata"));
        if (first) this.walk(first, matrix, depth + 1);
        return;
      }
    }
    if (!GROUPS.has(node.tag)) return; // unknown or non-drawing nodes (Text, Viewpoint, lights, sensors, …)
    const world = TRANSFORMS.has(node.tag) ? multiply(matrix, transformMatrix(node)) : matrix;
    for (const child of node.children) {
      if (child.attrs.containerField === "proxy") continue; // a Collision's proxy is never drawn
      this.walk(child, world, depth + 1);
    }
  }

  private shape(node: X3dNode, matrix: Mat4): void {
    let diffuse: Color3 | undefined;
    let emissive: Color3 = [0, 0, 0];
    let transparency = 0;
    for (const child of node.children) {
      const appearance = this.resolve(child);
      if (appearance?.tag !== "Appearance") continue;
      for (const m of appearance.children) {
        const material = this.resolve(m);
        if (!material) continue;
        if (material.tag === "Material" || material.tag === "TwoSidedMaterial") {
          diffuse = color(material.attrs.diffuseColor, [0.8, 0.8, 0.8]);
          emissive = color(material.attrs.emissiveColor, [0, 0, 0]);
          transparency = numbers(material.attrs.transparency)[0] ?? 0;
        } else if (material.tag === "PhysicalMaterial") {
          diffuse = color(material.attrs.baseColor, [1, 1, 1]);
          emissive = color(material.attrs.emissiveColor, [0, 0, 0]);
          transparency = numbers(material.attrs.transparency)[0] ?? 0;
        } else if (material.tag === "UnlitMaterial") {
          emissive = color(material.attrs.emissiveColor, [1, 1, 1]);
          diffuse = emissive;
          transparency = numbers(material.attrs.transparency)[0] ?? 0;
        }
      }
    }
    for (const child of node.children) {
      const geometryNode = this.resolve(child);
      if (!geometryNode) continue;
      const geometry = this.geometry(geometryNode);
      if (!geometry || geometry.positions.length === 0) continue;
      this.vertices += geometry.positions.length / 3;
      if (this.vertices > MAX_VERTICES) {
        throw new ConversionError("translation_failed", `the X3D scene expands to more than ${MAX_VERTICES} vertices`);
      }
      const positions = new Float32Array(geometry.positions.length);
      for (let v = 0; v < geometry.positions.length; v += 3) {
        const [x, y, z] = [geometry.positions[v]!, geometry.positions[v + 1]!, geometry.positions[v + 2]!];
        positions[v] = matrix[0]! * x + matrix[4]! * y + matrix[8]! * z + matrix[12]! + 0;
        positions[v + 1] = matrix[1]! * x + matrix[5]! * y + matrix[9]! * z + matrix[13]! + 0;
        positions[v + 2] = matrix[2]! * x + matrix[6]! * y + matrix[10]! * z + matrix[14]! + 0;
      }
      // Lines and points are lit by their emissive colour in X3D; faces by their diffuse colour.
      const flat = geometry.mode !== "triangles";
      const base = flat && emissive.some((c) => c > 0) ? emissive : diffuse;
      this.meshes.push({
        name: node.attrs.DEF ?? geometryNode.attrs.DEF ?? geometryNode.tag,
        positions,
        indices: new Uint32Array(geometry.indices),
        mode: geometry.mode,
        color: base ? [...(base.map(srgbToLinear) as Color3), 1 - transparency] : undefined,
        emissive: flat ? undefined : (emissive.map(srgbToLinear) as Color3),
        doubleSided: geometryNode.attrs.solid === "false" || geometryNode.attrs.solid === "FALSE",
      });
    }
  }

  private coordinates(node: X3dNode): number[] {
    for (const child of node.children) {
      const coordinate = this.resolve(child);
      if (coordinate && (coordinate.tag === "Coordinate" || coordinate.tag === "CoordinateDouble"))
        return numbers(coordinate.attrs.point);
    }
    return [];
  }

  private geometry(node: X3dNode): Geometry | null {
    const a = node.attrs;
    switch (node.tag) {
      case "Box": {
        const [x = 2, y = 2, z = 2] = numbers(a.size);
        return box(x / 2, y / 2, z / 2);
      }
      case "Sphere":
        return sphere(numbers(a.radius)[0] ?? 1);
      case "Cylinder":
        return cylinder(numbers(a.radius)[0] ?? 1, numbers(a.radius)[0] ?? 1, numbers(a.height)[0] ?? 2, {
          side: flag(a.side, true),
          top: flag(a.top, true),
          bottom: flag(a.bottom, true),
        });
      case "Cone":
        return cylinder(numbers(a.bottomRadius)[0] ?? 1, 0, numbers(a.height)[0] ?? 2, {
          side: flag(a.side, true),
          top: false,
          bottom: flag(a.bottom, true),
        });
      case "Extrusion":
        return extrusion(a);
      case "ElevationGrid":
        return elevationGrid(a);
      case "IndexedFaceSet": {
        const points = this.coordinates(node);
        return indexed(points, faces(split(numbers(a.coordIndex)), points, flag(a.convex, true)), "triangles");
      }
      case "IndexedTriangleSet":
        return indexed(this.coordinates(node), whole(numbers(a.index), 3), "triangles");
      case "IndexedTriangleFanSet":
        return indexed(this.coordinates(node), split(numbers(a.index)).flatMap(fan), "triangles");
      case "IndexedTriangleStripSet":
        return indexed(this.coordinates(node), split(numbers(a.index)).flatMap(strip), "triangles");
      case "IndexedQuadSet":
        return indexed(this.coordinates(node), quads(numbers(a.index)), "triangles");
      case "TriangleSet": {
        const points = this.coordinates(node);
        return indexed(points, whole(sequence(points.length / 3), 3), "triangles");
      }
      case "QuadSet": {
        const points = this.coordinates(node);
        return indexed(points, quads(sequence(points.length / 3)), "triangles");
      }
      case "TriangleFanSet":
        return indexed(this.coordinates(node), runs(numbers(a.fanCount)).flatMap(fan), "triangles");
      case "TriangleStripSet":
        return indexed(this.coordinates(node), runs(numbers(a.stripCount)).flatMap(strip), "triangles");
      case "IndexedLineSet":
        return indexed(this.coordinates(node), split(numbers(a.coordIndex)).flatMap(polyline), "lines");
      case "LineSet":
        return indexed(this.coordinates(node), runs(numbers(a.vertexCount)).flatMap(polyline), "lines");
      case "PointSet": {
        const points = this.coordinates(node);
        return indexed(points, sequence(points.length / 3), "points");
      }
      default:
        return null; // Text, Geometry2D, NURBS and anything unknown: skipped
    }
  }
}

// ------------------------------------------------------------------------------------------ index lists

/** Lists separated by -1 (coordIndex, index). */
function split(list: number[]): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  for (const i of list) {
    if (i < 0) {
      if (current.length) out.push(current);
      current = [];
    } else current.push(i);
  }
  if (current.length) out.push(current);
  return out;
}

/** Consecutive runs of the given lengths over 0, 1, 2, … (fanCount, stripCount, vertexCount). */
function runs(counts: number[]): number[][] {
  const out: number[][] = [];
  let start = 0;
  for (const count of counts) {
    out.push(sequence(count, start));
    start += Math.max(0, count);
  }
  return out;
}

function sequence(count: number, start = 0): number[] {
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, i) => start + i);
}

function whole(list: number[], size: number): number[] {
  return list.slice(0, list.length - (list.length % size));
}

function fan(run: number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i + 1 < run.length; i++) out.push(run[0]!, run[i]!, run[i + 1]!);
  return out;
}

function strip(run: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 2 < run.length; i++) {
    if (i % 2 === 0) out.push(run[i]!, run[i + 1]!, run[i + 2]!);
    else out.push(run[i + 1]!, run[i]!, run[i + 2]!);
  }
  return out;
}

function quads(list: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 3 < list.length; i += 4)
    out.push(list[i]!, list[i + 1]!, list[i + 2]!, list[i]!, list[i + 2]!, list[i + 3]!);
  return out;
}

function polyline(run: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < run.length; i++) out.push(run[i]!, run[i + 1]!);
  return out;
}

/** IndexedFaceSet polygons: fanned when convex (the X3D default), otherwise cut into triangles by earcut. */
function faces(polygons: number[][], points: number[], convex: boolean): number[] {
  const out: number[] = [];
  for (const polygon of polygons) {
    if (polygon.length < 3) continue;
    if (convex || polygon.length === 3) {
      out.push(...fan(polygon));
      continue;
    }
    if (polygon.some((i) => i * 3 + 2 >= points.length)) {
      throw new ConversionError(
        "translation_failed",
        `X3D index ${Math.max(...polygon)} is outside the ${points.length / 3} coordinates`,
      );
    }
    for (const t of triangulate(polygon.map((i) => [points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!])))
      out.push(polygon[t]!);
  }
  return out;
}

/** Triangulates a planar polygon in 3D: projected onto the plane its Newell normal is most aligned with. */
export function triangulate(polygon: number[][]): number[] {
  let nx = 0,
    ny = 0,
    nz = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1, z1] = polygon[i]!;
    const [x2, y2, z2] = polygon[(i + 1) % polygon.length]!;
    nx += (y1! - y2!) * (z1! + z2!);
    ny += (z1! - z2!) * (x1! + x2!);
    nz += (x1! - x2!) * (y1! + y2!);
  }
  const [ax, ay, az] = [Math.abs(nx), Math.abs(ny), Math.abs(nz)];
  const [u, v] = az >= ax && az >= ay ? [0, 1] : ax >= ay ? [1, 2] : [2, 0];
  const flat: number[] = [];
  for (const p of polygon) flat.push(p[u]!, p[v]!);
  return earcut(flat);
}

function indexed(points: number[], indices: number[], mode: Geometry["mode"]): Geometry {
  const count = Math.floor(points.length / 3);
  for (const i of indices) {
    if (!Number.isInteger(i) || i < 0 || i >= count) {
      throw new ConversionError("translation_failed", `X3D index ${i} is outside the ${count} coordinates`);
    }
  }
  return { positions: points.slice(0, count * 3), indices, mode };
}

// ------------------------------------------------------------------------------------------ geometry

function box(hx: number, hy: number, hz: number): Geometry {
  const positions: number[] = [];
  const indices: number[] = [];
  // each face its own four corners: [normal axis, sign]
  for (const [axis, sign] of [
    [0, 1],
    [0, -1],
    [1, 1],
    [1, -1],
    [2, 1],
    [2, -1],
  ] as const) {
    const base = positions.length / 3;
    const [u, v] = [(axis + 1) % 3, (axis + 2) % 3];
    const half = [hx, hy, hz];
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      const p = [0, 0, 0];
      p[axis] = sign * half[axis]!;
      p[u] = su! * half[u]! * sign;
      p[v] = sv! * half[v]!;
      positions.push(p[0]!, p[1]!, p[2]!);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { positions, indices, mode: "triangles" };
}

function sphere(radius: number): Geometry {
  const slices = ROUND_SEGMENTS;
  const stacks = ROUND_SEGMENTS / 2;
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i <= stacks; i++) {
    const phi = (Math.PI * i) / stacks;
    for (let j = 0; j <= slices; j++) {
      const theta = (2 * Math.PI * j) / slices;
      positions.push(
        radius * Math.sin(phi) * Math.sin(theta),
        radius * Math.cos(phi),
        radius * Math.sin(phi) * Math.cos(theta),
      );
    }
  }
  const at = (i: number, j: number) => i * (slices + 1) + j;
  for (let i = 0; i < stacks; i++) {
    for (let j = 0; j < slices; j++) {
      if (i > 0) indices.push(at(i, j), at(i + 1, j), at(i, j + 1));
      if (i < stacks - 1) indices.push(at(i, j + 1), at(i + 1, j), at(i + 1, j + 1));
    }
  }
  return { positions, indices, mode: "triangles" };
}

/** Cylinder (equal radii) and Cone (top radius 0) about the y axis, centred on the origin. */
function cylinder(
  bottomRadius: number,
  topRadius: number,
  height: number,
  parts: { side: boolean; top: boolean; bottom: boolean },
): Geometry {
  const n = ROUND_SEGMENTS;
  const positions: number[] = [];
  const indices: number[] = [];
  const ring = (radius: number, y: number) => {
    const start = positions.length / 3;
    for (let j = 0; j < n; j++) {
      const theta = (2 * Math.PI * j) / n;
      positions.push(radius * Math.sin(theta), y, radius * Math.cos(theta));
    }
    return start;
  };
  const y0 = -height / 2;
  const y1 = height / 2;
  if (parts.side) {
    const bottom = ring(bottomRadius, y0);
    if (topRadius === 0) {
      const apex = positions.length / 3;
      positions.push(0, y1, 0);
      for (let j = 0; j < n; j++) indices.push(bottom + j, bottom + ((j + 1) % n), apex);
    } else {
      const top = ring(topRadius, y1);
      for (let j = 0; j < n; j++) {
        const k = (j + 1) % n;
        indices.push(bottom + j, bottom + k, top + k, bottom + j, top + k, top + j);
      }
    }
  }
  if (parts.bottom) {
    const bottom = ring(bottomRadius, y0);
    for (let j = 1; j + 1 < n; j++) indices.push(bottom, bottom + j + 1, bottom + j);
  }
  if (parts.top && topRadius > 0) {
    const top = ring(topRadius, y1);
    for (let j = 1; j + 1 < n; j++) indices.push(top, top + j, top + j + 1);
  }
  return { positions, indices, mode: "triangles" };
}

function elevationGrid(a: Record<string, string>): Geometry {
  const xd = Math.floor(numbers(a.xDimension)[0] ?? 0);
  const zd = Math.floor(numbers(a.zDimension)[0] ?? 0);
  const xs = numbers(a.xSpacing)[0] ?? 1;
  const zs = numbers(a.zSpacing)[0] ?? 1;
  const height = numbers(a.height);
  if (xd < 2 || zd < 2) return { positions: [], indices: [], mode: "triangles" };
  if (height.length < xd * zd)
    throw new ConversionError(
      "translation_failed",
      `X3D ElevationGrid needs ${xd * zd} heights, found ${height.length}`,
    );
  const positions: number[] = [];
  const indices: number[] = [];
  for (let j = 0; j < zd; j++) for (let i = 0; i < xd; i++) positions.push(i * xs, height[i + j * xd]!, j * zs);
  for (let j = 0; j + 1 < zd; j++) {
    for (let i = 0; i + 1 < xd; i++) {
      const p = i + j * xd;
      indices.push(p, p + xd, p + xd + 1, p, p + xd + 1, p + 1);
    }
  }
  return { positions, indices, mode: "triangles" };
}

type Vec3 = [number, number, number];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const normalise = (a: Vec3): Vec3 | null => {
  const l = Math.hypot(...a);
  return l > 1e-12 ? [a[0] / l, a[1] / l, a[2] / l] : null;
};

/**
 * Extrusion as the X3D specification defines it: the 2D crossSection is scaled, rotated by orientation, then
 * placed in each spine point's spine-aligned cross-section plane (SCP); sides join consecutive sections and
 * the caps are the crossSection triangulated by earcut.
 */
function extrusion(a: Record<string, string>): Geometry {
  const crossFlat = a.crossSection !== undefined ? numbers(a.crossSection) : [1, 1, 1, -1, -1, -1, -1, 1, 1, 1];
  const spineFlat = a.spine !== undefined ? numbers(a.spine) : [0, 0, 0, 0, 1, 0];
  const section: Array<[number, number]> = [];
  for (let i = 0; i + 1 < crossFlat.length; i += 2) section.push([crossFlat[i]!, crossFlat[i + 1]!]);
  const spine: Vec3[] = [];
  for (let i = 0; i + 2 < spineFlat.length; i += 3) spine.push([spineFlat[i]!, spineFlat[i + 1]!, spineFlat[i + 2]!]);
  const n = spine.length;
  const m = section.length;
  if (n < 2 || m < 2) return { positions: [], indices: [], mode: "triangles" };
  const scaleFlat = a.scale !== undefined ? numbers(a.scale) : [1, 1];
  const orientationFlat = a.orientation !== undefined ? numbers(a.orientation) : [0, 0, 1, 0];
  const scaleAt = (i: number): [number, number] => {
    const k = (scaleFlat.length >= (i + 1) * 2 ? i : 0) * 2;
    return [scaleFlat[k] ?? 1, scaleFlat[k + 1] ?? 1];
  };
  const orientationAt = (i: number): Mat4 => {
    const k = (orientationFlat.length >= (i + 1) * 4 ? i : 0) * 4;
    return rotationMatrix(orientationFlat.slice(k, k + 4));
  };
  const same = (p: Vec3, q: Vec3) => Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) < 1e-9;
  const closed = n > 2 && same(spine[0]!, spine[n - 1]!);
  // SCP axes for each spine point
  const ys: Vec3[] = [];
  const zs: Array<Vec3 | null> = [];
  for (let i = 0; i < n; i++) {
    let y: Vec3;
    let z: Vec3 | null = null;
    if (closed && (i === 0 || i === n - 1)) {
      y = sub(spine[1]!, spine[n - 2]!);
      z = normalise(cross(sub(spine[1]!, spine[0]!), sub(spine[n - 2]!, spine[0]!)));
    } else if (i === 0) y = sub(spine[1]!, spine[0]!);
    else if (i === n - 1) y = sub(spine[n - 1]!, spine[n - 2]!);
    else {
      y = sub(spine[i + 1]!, spine[i - 1]!);
      z = normalise(cross(sub(spine[i + 1]!, spine[i]!), sub(spine[i - 1]!, spine[i]!)));
    }
    ys.push(normalise(y) ?? [0, 1, 0]);
    zs.push(z);
  }
  if (!closed && n > 2) {
    zs[0] = zs[1] ?? null;
    zs[n - 1] = zs[n - 2] ?? null;
  }
  let previous: Vec3 | null = null;
  for (let i = 0; i < n; i++) {
    let z: Vec3 | null = zs[i] ?? previous;
    if (z && previous && dot(z, previous) < 0) z = [-z[0], -z[1], -z[2]];
    zs[i] = z;
    if (z) previous = z;
  }
  const first = zs.find((z) => z);
  const axes = spine.map((_, i) => {
    const y = ys[i]!;
    let z = zs[i] ?? first ?? null;
    if (!z) {
      // a straight spine: the rotation that takes +y to the spine's direction, applied to +z
      const axis = cross([0, 1, 0], y);
      const angle = Math.acos(Math.max(-1, Math.min(1, y[1])));
      const r = normalise(axis) ? rotationMatrix([...axis, angle]) : rotationMatrix([1, 0, 0, y[1] < 0 ? Math.PI : 0]);
      z = [r[8]!, r[9]!, r[10]!];
    }
    const x = normalise(cross(y, z)) ?? [1, 0, 0];
    return { x, y, z };
  });
  const positions: number[] = [];
  for (let i = 0; i < n; i++) {
    const [sx, sz] = scaleAt(i);
    const r = orientationAt(i);
    const { x, y, z } = axes[i]!;
    for (const [cx, cz] of section) {
      const lx = cx * sx;
      const lz = cz * sz;
      const px = r[0]! * lx + r[8]! * lz;
      const py = r[1]! * lx + r[9]! * lz;
      const pz = r[2]! * lx + r[10]! * lz;
      const s = spine[i]!;
      positions.push(
        s[0] + x[0] * px + y[0] * py + z[0] * pz,
        s[1] + x[1] * px + y[1] * py + z[1] * pz,
        s[2] + x[2] * px + y[2] * py + z[2] * pz,
      );
    }
  }
  const indices: number[] = [];
  for (let i = 0; i + 1 < n; i++) {
    for (let j = 0; j + 1 < m; j++) {
      const p = i * m + j;
      indices.push(p, p + 1, p + m + 1, p, p + m + 1, p + m);
    }
  }
  const sectionClosed =
    m > 2 && Math.abs(section[0]![0] - section[m - 1]![0]) + Math.abs(section[0]![1] - section[m - 1]![1]) < 1e-9;
  const capCount = sectionClosed ? m - 1 : m;
  const cap = capCount >= 3 ? earcut(section.slice(0, capCount).flat()) : [];
  if (flag(a.beginCap, true)) for (let t = 0; t < cap.length; t += 3) indices.push(cap[t]!, cap[t + 2]!, cap[t + 1]!);
  if (flag(a.endCap, true)) for (const t of cap) indices.push((n - 1) * m + t);
  return { positions, indices, mode: "triangles" };
}

// ------------------------------------------------------------------------------------------ values

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return value.trim().toLowerCase() === "true";
}

function color(value: string | undefined, fallback: Color3): Color3 {
  const [r, g, b] = numbers(value);
  if (r === undefined || g === undefined || b === undefined) return fallback;
  return [clamp(r), clamp(g), clamp(b)];
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));
const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function numbers(value: string | undefined): number[] {
  if (value === undefined) return [];
  const out: number[] = [];
  for (const part of value.split(/[\s,]+/)) {
    if (part === "") continue;
    const n = Number(part);
    if (Number.isNaN(n))
      throw new ConversionError("translation_failed", `X3D number expected, found "${part.slice(0, 20)}"`);
    out.push(n);
  }
  return out;
}

function identity(): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r]! += a[k * 4 + r]! * b[c * 4 + k]!;
  return out;
}

function rotationMatrix([ax = 0, ay = 0, az = 1, angle = 0]: number[]): Mat4 {
  const length = Math.hypot(ax, ay, az) || 1;
  const [x, y, z] = [ax / length, ay / length, az / length];
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  return [
    t * x * x + c,
    t * x * y + s * z,
    t * x * z - s * y,
    0,
    t * x * y - s * z,
    t * y * y + c,
    t * y * z + s * x,
    0,
    t * x * z + s * y,
    t * y * z - s * x,
    t * z * z + c,
    0,
    0,
    0,
    0,
    1,
  ];
}

const translate = ([x = 0, y = 0, z = 0]: number[]): Mat4 => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

/** A Transform as X3D defines it: T × C × R × SR × S × −SR × −C. */
function transformMatrix(node: X3dNode): Mat4 {
  const a = node.attrs;
  const center = numbers(a.center);
  const scaleOrientation = numbers(a.scaleOrientation);
  const [sx = 1, sy = 1, sz = 1] = numbers(a.scale);
  const inverseSO =
    scaleOrientation.length === 4
      ? rotationMatrix([...scaleOrientation.slice(0, 3), -scaleOrientation[3]!])
      : identity();
  const scale: Mat4 = [sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1];
  return [
    translate(numbers(a.translation)),
    translate(center),
    rotationMatrix(numbers(a.rotation)),
    rotationMatrix(scaleOrientation),
    scale,
    inverseSO,
    translate(center.map((c) => -c)),
  ].reduce(multiply);
}
