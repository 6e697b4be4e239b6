import { Primitive, type Document } from "@gltf-transform/core";
import { readableLineColour, VIEWER_BACKGROUND } from "~/models3d/ui/viewer-look";

/**
 * A still image of the model for pages without JavaScript: triangles projected isometrically, shaded by how
 * much they face a light, painted back to front as SVG polygons. Large models are sampled down to a few
 * thousand triangles, which keeps the file small while the silhouette stays right.
 */
const MAX_TRIANGLES = 6000;
const MAX_LINES = 6000;
const SIZE = 480;

type Vec3 = [number, number, number];

export function posterSvg(document: Document, title: string): string {
  const triangles: Array<{ a: Vec3; b: Vec3; c: Vec3; color: number[] }> = [];
  const lines: Array<{ a: Vec3; b: Vec3; color: number[] }> = [];
  const scene = document.getRoot().getDefaultScene() ?? document.getRoot().listScenes()[0];
  const nodes = scene ? collect(scene.listChildren()) : [];
  const totalTriangles = countTriangles(document);
  const step = Math.max(1, Math.ceil(totalTriangles / MAX_TRIANGLES));
  let running = 0;
  for (const node of nodes) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const m = node.getWorldMatrix();
    for (const primitive of mesh.listPrimitives()) {
      const position = primitive.getAttribute("POSITION");
      if (!position) continue;
      const color = primitive.getMaterial()?.getBaseColorFactor() ?? [0.62, 0.6, 0.82, 1];
      const indices = primitive.getIndices();
      const count = indices ? indices.getCount() : position.getCount();
      const at = (i: number): Vec3 => {
        const p = position.getElement(indices ? indices.getScalar(i) : i, [0, 0, 0]) as Vec3;
        return [
          m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12],
          m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
          m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14],
        ];
      };
      const mode = primitive.getMode();
      if (mode === Primitive.Mode.TRIANGLES) {
        for (let i = 0; i + 2 < count; i += 3) {
          if (running++ % step !== 0) continue;
          triangles.push({ a: at(i), b: at(i + 1), c: at(i + 2), color });
        }
      } else if (mode === Primitive.Mode.LINES) {
        const lineStep = Math.max(1, Math.ceil(count / 2 / MAX_LINES));
        for (let i = 0; i + 1 < count; i += 2 * lineStep) lines.push({ a: at(i), b: at(i + 1), color });
      }
    }
  }
  const project = (p: Vec3): Vec3 => {
    // Isometric view: turn 45° about Y, then tilt 35.26° about X; z is the depth towards the viewer.
    const c = Math.SQRT1_2;
    const x1 = c * p[0] + c * p[2];
    const z1 = -c * p[0] + c * p[2];
    const t = Math.atan(Math.SQRT1_2);
    const y2 = Math.cos(t) * p[1] - Math.sin(t) * z1;
    const z2 = Math.sin(t) * p[1] + Math.cos(t) * z1;
    return [x1, y2, z2];
  };
  const projected = triangles.map((t) => ({ ...t, a: project(t.a), b: project(t.b), c: project(t.c) }));
  const projectedLines = lines.map((l) => ({ ...l, a: project(l.a), b: project(l.b) }));
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const p of [...projected.flatMap((t) => [t.a, t.b, t.c]), ...projectedLines.flatMap((l) => [l.a, l.b])]) {
    minX = Math.min(minX, p[0]);
    maxX = Math.max(maxX, p[0]);
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = (SIZE * 0.9) / span;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const sx = (p: Vec3) => (SIZE / 2 + (p[0] - cx) * scale).toFixed(1);
  const sy = (p: Vec3) => (SIZE / 2 - (p[1] - cy) * scale).toFixed(1);
  const light: Vec3 = normalise([0.4, 0.8, 0.6]);
  const shapes: string[] = [];
  projected.sort((p, q) => p.a[2] + p.b[2] + p.c[2] - (q.a[2] + q.b[2] + q.c[2]));
  for (const t of projected) {
    const n = normalise(cross(sub(t.b, t.a), sub(t.c, t.a)));
    // shaded from 65% to full: a white model's darkest face still stands out from the background by 3:1 (issue 47)
    const lambert = 0.65 + 0.35 * Math.abs(dot(n, light));
    shapes.push(
      `<polygon points="${sx(t.a)},${sy(t.a)} ${sx(t.b)},${sy(t.b)} ${sx(t.c)},${sy(t.c)}" fill="${rgb(t.color, lambert)}"/>`,
    );
  }
  for (const l of projectedLines) {
    shapes.push(
      `<line x1="${sx(l.a)}" y1="${sy(l.a)}" x2="${sx(l.b)}" y2="${sy(l.b)}" stroke="${rgb(readableLineColour(l.color), 1)}"/>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    // the viewer's own background (decision 141), on which light and dark models both stand out; lines at 3:1
    `<rect width="100%" height="100%" fill="${VIEWER_BACKGROUND}"/>`,
    `<g stroke-linejoin="round" stroke-width="${projectedLines.length ? 1 : 0.4}">`,
    ...shapes,
    `</g></svg>`,
  ].join("\n");
}

function collect(nodes: ReturnType<Document["createNode"]>[]): ReturnType<Document["createNode"]>[] {
  return nodes.flatMap((node) => [node, ...collect(node.listChildren())]);
}

function countTriangles(document: Document): number {
  let total = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    for (const p of mesh.listPrimitives()) {
      if (p.getMode() !== Primitive.Mode.TRIANGLES) continue;
      total += Math.floor((p.getIndices()?.getCount() ?? p.getAttribute("POSITION")?.getCount() ?? 0) / 3);
    }
  }
  return total;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
function normalise(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}
function rgb(color: number[], k: number): string {
  const channel = (c: number) => Math.round(255 * Math.min(1, Math.pow(Math.max(0, c * k), 1 / 2.2)));
  return `rgb(${channel(color[0] ?? 0.6)},${channel(color[1] ?? 0.6)},${channel(color[2] ?? 0.6)})`;
}
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
