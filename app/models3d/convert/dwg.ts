import { createRequire } from "node:module";
import path from "node:path";
import { Dwg_File_Type, LibreDwg } from "@mlightcad/libredwg-web";
import { ConversionError, type MeshData } from "./mesh";

/**
 * DWG drawings through libredwg's WASM build. Lines, arcs, circles and polylines become glTF line geometry
 * (arcs as short segments); 3DFACE entities, polyface meshes and polygon meshes become triangles. libredwg-web's
 * entity list leaves the two mesh kinds out, so when a drawing holds them libredwg writes the drawing as DXF and
 * `dxfPolylineMeshes` reads their vertices and faces from it. 3D solids (ACIS data) are not tessellated: a
 * drawing with nothing else has no viewable geometry.
 */
type Point = { x: number; y: number; z?: number };
export type DwgEntity = {
  type: string;
  startPoint?: Point;
  endPoint?: Point;
  center?: Point;
  radius?: number;
  startAngle?: number;
  endAngle?: number;
  flag?: number;
  elevation?: number;
  vertices?: Array<Point & { bulge?: number }>;
  corner1?: Point;
  corner2?: Point;
  corner3?: Point;
  corner4?: Point;
};
/** A POLYLINE read from DXF: a polyface mesh (flag 64) or an M×N polygon mesh (flag 16). */
export type DxfPolyline = {
  flag: number;
  m: number;
  n: number;
  vertices: Array<{ x: number; y: number; z: number; flag: number; faces: number[] }>;
};

const ARC_SEGMENTS = 48;
const POLYLINE_PFACE = 29;
const POLYLINE_MESH = 30;

/** $INSUNITS codes (AutoCAD's DXF reference) for the units a size is given in. */
const INSUNITS: Record<number, string> = {
  1: "inches",
  2: "feet",
  3: "miles",
  4: "millimetres",
  5: "centimetres",
  6: "metres",
  7: "kilometres",
  8: "microinches",
  9: "mils",
  10: "yards",
  11: "ångströms",
  12: "nanometres",
  13: "micrometres",
  14: "decimetres",
};

export async function readDwg(bytes: Uint8Array): Promise<{ meshes: MeshData[]; units: string | null }> {
  const wasmDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve("@mlightcad/libredwg-web")),
    "../wasm/",
  );
  const libredwg = await LibreDwg.create(wasmDir);
  const data = libredwg.dwg_read_data(bytes.slice().buffer, Dwg_File_Type.DWG);
  if (data === undefined) throw new ConversionError("translation_failed", "libredwg could not read the DWG file");
  let entities: DwgEntity[];
  let units: string | null = null;
  let hasMeshPolylines = false;
  try {
    const database = libredwg.convert(data);
    entities = database.entities as unknown as DwgEntity[];
    units = INSUNITS[Number((database.header as Record<string, unknown>).INSUNITS)] ?? null;
    const count = libredwg.dwg_get_num_objects(data);
    for (let i = 0; i < count && !hasMeshPolylines; i++) {
      const type = libredwg.dwg_object_get_fixedtype(libredwg.dwg_get_object(data, i));
      hasMeshPolylines = type === POLYLINE_PFACE || type === POLYLINE_MESH;
    }
  } finally {
    libredwg.dwg_free(data);
  }
  let polylines: DxfPolyline[] = [];
  if (hasMeshPolylines) {
    const dxf = libredwg.dwg_write_dxf(bytes.slice().buffer);
    if (dxf) polylines = dxfPolylineMeshes(new TextDecoder("latin1").decode(dxf));
  }
  return { meshes: drawingMeshes(entities, polylines), units };
}

/** The drawing's entities as one line mesh and one triangle mesh. */
export function drawingMeshes(entities: DwgEntity[], polylines: DxfPolyline[]): MeshData[] {
  const segments: number[] = [];
  const triangles: number[] = [];
  const push = (a: Point, b: Point) => segments.push(a.x, a.y, a.z ?? 0, b.x, b.y, b.z ?? 0);
  const triangle = (a: Point, b: Point, c: Point) =>
    triangles.push(a.x, a.y, a.z ?? 0, b.x, b.y, b.z ?? 0, c.x, c.y, c.z ?? 0);
  for (const entity of entities) {
    switch (entity.type) {
      case "LINE":
        if (entity.startPoint && entity.endPoint) push(entity.startPoint, entity.endPoint);
        break;
      case "CIRCLE":
        if (entity.center && entity.radius) arc(entity.center, entity.radius, 0, Math.PI * 2, push);
        break;
      case "ARC":
        if (entity.center && entity.radius) {
          let end = entity.endAngle ?? 0;
          const start = entity.startAngle ?? 0;
          if (end < start) end += Math.PI * 2;
          arc(entity.center, entity.radius, start, end, push);
        }
        break;
      case "LWPOLYLINE":
      case "POLYLINE2D":
      case "POLYLINE3D": {
        const vertices = entity.vertices ?? [];
        const z = entity.elevation ?? 0;
        const points = vertices.map((v) => ({ x: v.x, y: v.y, z: v.z ?? z }));
        for (let i = 0; i + 1 < points.length; i++) push(points[i]!, points[i + 1]!);
        if ((entity.flag ?? 0) & 1 && points.length > 2) push(points[points.length - 1]!, points[0]!);
        break;
      }
      case "3DFACE": {
        const { corner1: a, corner2: b, corner3: c, corner4: d } = entity;
        if (!a || !b || !c) break;
        triangle(a, b, c);
        // a fourth corner equal to the third (or missing) makes the face a triangle
        if (d && (d.x !== c.x || d.y !== c.y || (d.z ?? 0) !== (c.z ?? 0))) triangle(a, c, d);
        break;
      }
    }
  }
  for (const polyline of polylines) {
    if (polyline.flag & 64) polyfaceTriangles(polyline, triangle);
    else if (polyline.flag & 16) polygonMeshTriangles(polyline, triangle);
  }
  const meshes: MeshData[] = [];
  if (triangles.length)
    meshes.push({ name: "faces", positions: new Float32Array(triangles), color: [0.6, 0.6, 0.65, 1] });
  if (segments.length)
    meshes.push({ name: "drawing", positions: new Float32Array(segments), mode: "lines", color: [0.1, 0.1, 0.2, 1] });
  return meshes;
}

/** Polyface: position vertices (flags 128 + 64) then face records (flag 128) naming up to four of them, 1-based. */
function polyfaceTriangles(polyline: DxfPolyline, triangle: (a: Point, b: Point, c: Point) => void): void {
  const positions = polyline.vertices.filter((v) => v.flag & 64);
  for (const face of polyline.vertices.filter((v) => !(v.flag & 64) && v.faces.length)) {
    // a negative index marks an invisible edge; the corner is the same
    const corners = face.faces
      .map((i) => positions[Math.abs(i) - 1])
      .filter((p): p is DxfPolyline["vertices"][number] => !!p);
    for (let i = 1; i + 1 < corners.length; i++) triangle(corners[0]!, corners[i]!, corners[i + 1]!);
  }
}

/** Polygon mesh: M rows of N vertices, closed in M (flag 1) and/or N (flag 32); each cell two triangles. */
function polygonMeshTriangles(polyline: DxfPolyline, triangle: (a: Point, b: Point, c: Point) => void): void {
  const { m, n, vertices } = polyline;
  if (m < 2 || n < 2 || vertices.length < m * n) return;
  const rows = polyline.flag & 1 ? m : m - 1;
  const columns = polyline.flag & 32 ? n : n - 1;
  const at = (i: number, j: number) => vertices[(i % m) * n + (j % n)]!;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      triangle(at(i, j), at(i + 1, j), at(i + 1, j + 1));
      triangle(at(i, j), at(i + 1, j + 1), at(i, j + 1));
    }
  }
}

/**
 * The polyface and polygon-mesh POLYLINEs of a DXF file's ENTITIES section, with their VERTEX records.
 * Hand-read (group code / value line pairs) because dxf-parser, the maintained DXF reader, drops the
 * polygon mesh's M and N counts (group codes 71 and 72).
 */
export function dxfPolylineMeshes(dxf: string): DxfPolyline[] {
  const lines = dxf.split(/\r?\n/);
  const out: DxfPolyline[] = [];
  let inEntities = false;
  let current: DxfPolyline | null = null;
  let vertex: DxfPolyline["vertices"][number] | null = null;
  let entity = "";
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = Number.parseInt(lines[i]!.trim(), 10);
    const value = lines[i + 1]!.trim();
    if (code === 2 && entity === "SECTION") inEntities = value === "ENTITIES";
    if (code === 0) {
      if (vertex && current) current.vertices.push(vertex);
      vertex = null;
      entity = value;
      if (value === "ENDSEC") inEntities = false;
      if (!inEntities) continue;
      if (value === "POLYLINE") {
        current = { flag: 0, m: 0, n: 0, vertices: [] };
        out.push(current);
      } else if (value === "VERTEX" && current) vertex = { x: 0, y: 0, z: 0, flag: 0, faces: [] };
      else if (value === "SEQEND") current = null;
      else if (value !== "VERTEX") current = null;
      continue;
    }
    if (!inEntities) continue;
    const number = Number(value);
    if (vertex) {
      if (code === 10) vertex.x = number;
      else if (code === 20) vertex.y = number;
      else if (code === 30) vertex.z = number;
      else if (code === 70) vertex.flag = number;
      else if (code >= 71 && code <= 74 && number !== 0) vertex.faces[code - 71] = number;
    } else if (current && entity === "POLYLINE") {
      if (code === 70) current.flag = number;
      else if (code === 71) current.m = number;
      else if (code === 72) current.n = number;
    }
  }
  return out
    .filter((p) => p.flag & (16 | 64))
    .map((p) => ({ ...p, vertices: p.vertices.map((v) => ({ ...v, faces: v.faces.filter((f) => f !== undefined) })) }));
}

function arc(center: Point, radius: number, start: number, end: number, push: (a: Point, b: Point) => void): void {
  const steps = Math.max(4, Math.ceil((ARC_SEGMENTS * (end - start)) / (Math.PI * 2)));
  let previous: Point | null = null;
  for (let i = 0; i <= steps; i++) {
    const angle = start + ((end - start) * i) / steps;
    const point = { x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle), z: center.z ?? 0 };
    if (previous) push(previous, point);
    previous = point;
  }
}
