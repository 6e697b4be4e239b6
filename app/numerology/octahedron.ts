import { principleOf, type Digit } from "~/numerology/principles";

/**
 * The irregular octahedron of the palindrome: a rectangle of two unit squares side by side (2 x 1) with an apex one
 * unit above and one below its centre. Every fact the page shows is computed from this geometry.
 * Axes: x = length, y = height (up), z = width.
 */
export type Vec3 = readonly [number, number, number];

export const VERTICES: readonly Vec3[] = [
  [-1, 0, -0.5],
  [1, 0, -0.5],
  [1, 0, 0.5],
  [-1, 0, 0.5],
  [0, 1, 0], // upper apex
  [0, -1, 0], // lower apex
];

/** Eight triangles: four around the upper apex, four around the lower one (counter-clockwise seen from outside). */
export const FACES: readonly (readonly [number, number, number])[] = [
  [4, 1, 0],
  [4, 2, 1],
  [4, 3, 2],
  [4, 0, 3],
  [5, 0, 1],
  [5, 1, 2],
  [5, 2, 3],
  [5, 3, 0],
];

export function edgesOf(faces: typeof FACES): [number, number][] {
  const seen = new Map<string, [number, number]>();
  for (const face of faces) {
    for (let i = 0; i < 3; i++) {
      const a = face[i]!;
      const b = face[(i + 1) % 3]!;
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      if (!seen.has(key)) seen.set(key, a < b ? [a, b] : [b, a]);
    }
  }
  return [...seen.values()];
}

export const EDGES = edgesOf(FACES);

const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function extent(axis: 0 | 1 | 2) {
  const values = VERTICES.map((v) => v[axis]);
  return Math.max(...values) - Math.min(...values);
}

export const OCTAHEDRON_FACTS = {
  faces: FACES.length,
  vertices: VERTICES.length,
  edges: EDGES.length,
  totalEdgeLength: Math.round(EDGES.reduce((sum, [a, b]) => sum + distance(VERTICES[a]!, VERTICES[b]!), 0) * 1e9) / 1e9,
  length: extent(0),
  height: extent(1),
  width: extent(2),
};

/** Face colours: the principles 1-8 in order, read from the ontology's data. */
export const FACE_COLOURS = FACES.map((_, i) => principleOf((i + 1) as Digit).hex);

export type ProjectedFace = { points: [number, number][]; fill: string; depth: number; shade: number };

/**
 * Rotates the solid (about x, then y) and projects it with a gentle perspective into a width x height frame.
 * Returns the faces that face the viewer, farthest first (painter's order), each with a light factor 0.45-1.
 */
export function projectOctahedron(angleX: number, angleY: number, width: number, height: number): ProjectedFace[] {
  const cx = Math.cos(angleX);
  const sx = Math.sin(angleX);
  const cy = Math.cos(angleY);
  const sy = Math.sin(angleY);
  const rotated = VERTICES.map(([x, y, z]): Vec3 => {
    const y1 = y * cx - z * sx;
    const z1 = y * sx + z * cx;
    return [x * cy + z1 * sy, y1, -x * sy + z1 * cy];
  });
  const scale = height * 0.4;
  const camera = 6;
  const project = ([x, y, z]: Vec3): [number, number] => {
    const f = camera / (camera - z);
    return [width / 2 + x * scale * f, height / 2 - y * scale * f];
  };
  const light: Vec3 = [0.35, 0.6, 0.72];
  const faces: ProjectedFace[] = [];
  FACES.forEach((face, index) => {
    const [a, b, c] = face.map((i) => rotated[i]!) as [Vec3, Vec3, Vec3];
    const u: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v: Vec3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n: Vec3 = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const length = Math.hypot(...n) || 1;
    const normal: Vec3 = [n[0] / length, n[1] / length, n[2] / length];
    // The viewer looks down -z from +z: a face whose outward normal points to +z is visible.
    const centre: Vec3 = [(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3];
    const toCamera: Vec3 = [-centre[0], -centre[1], camera - centre[2]];
    if (normal[0] * toCamera[0] + normal[1] * toCamera[1] + normal[2] * toCamera[2] <= 0) return;
    const lambert = Math.max(0, normal[0] * light[0] + normal[1] * light[1] + normal[2] * light[2]);
    faces.push({
      points: [project(a), project(b), project(c)],
      fill: FACE_COLOURS[index]!,
      depth: centre[2],
      shade: 0.45 + 0.55 * lambert,
    });
  });
  return faces.sort((p, q) => p.depth - q.depth);
}

/** A #rrggbb colour scaled towards black by `factor` (0-1). */
export function shadeColour(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * factor);
  return `rgb(${channel(16)}, ${channel(8)}, ${channel(0)})`;
}
