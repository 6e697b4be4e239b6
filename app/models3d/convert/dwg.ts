import { createRequire } from "node:module";
import path from "node:path";
import { Dwg_File_Type, LibreDwg } from "@mlightcad/libredwg-web";
import { ConversionError, type MeshData } from "./mesh";

/**
 * DWG drawings through libredwg's WASM build. A drawing is 2D: its lines, arcs, circles and polylines become
 * glTF line geometry (arcs as short segments), so the viewer shows the plan in space.
 */
type Point = { x: number; y: number; z?: number };
type Entity = {
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
};

const ARC_SEGMENTS = 48;

export async function readDwg(bytes: Uint8Array): Promise<MeshData[]> {
  const wasmDir = path.join(path.dirname(createRequire(import.meta.url).resolve("@mlightcad/libredwg-web")), "../wasm/");
  const libredwg = await LibreDwg.create(wasmDir);
  const copy = bytes.slice().buffer;
  const data = libredwg.dwg_read_data(copy, Dwg_File_Type.DWG);
  if (data === undefined) throw new ConversionError("translation_failed", "libredwg could not read the DWG file");
  let entities: Entity[];
  try {
    entities = libredwg.convert(data).entities as unknown as Entity[];
  } finally {
    libredwg.dwg_free(data);
  }
  const segments: number[] = [];
  const push = (a: Point, b: Point) => segments.push(a.x, a.y, a.z ?? 0, b.x, b.y, b.z ?? 0);
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
    }
  }
  if (segments.length === 0) return [];
  return [{ name: "drawing", positions: new Float32Array(segments), mode: "lines", color: [0.1, 0.1, 0.2, 1] }];
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
