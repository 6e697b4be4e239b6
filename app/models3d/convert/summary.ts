import { Primitive, type Document, type Node } from "@gltf-transform/core";
import colorNames from "color-name";
import type { ModelSummary } from "../summary";

/**
 * Measures a converted document for the page's description: the world-space bounding box of every drawn
 * vertex, how many mesh parts, triangles, line segments and points the scene draws, and its materials' colours
 * by name. Stored in the GLB (the glTF root's `extras.summary`) so the page and the viewer read it without a database
 * column.
 */
export function summariseDocument(document: Document, units: string | null): ModelSummary {
  const scene = document.getRoot().getDefaultScene() ?? document.getRoot().listScenes()[0];
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let parts = 0;
  let triangles = 0;
  let lines = 0;
  let points = 0;
  const colours: string[] = [];
  const visit = (node: Node) => {
    const mesh = node.getMesh();
    if (mesh) {
      parts++;
      const m = node.getWorldMatrix();
      for (const primitive of mesh.listPrimitives()) {
        const position = primitive.getAttribute("POSITION");
        if (!position) continue;
        const indices = primitive.getIndices();
        const n = indices ? indices.getCount() : position.getCount();
        switch (primitive.getMode()) {
          case Primitive.Mode.TRIANGLES:
            triangles += Math.floor(n / 3);
            break;
          case Primitive.Mode.TRIANGLE_STRIP:
          case Primitive.Mode.TRIANGLE_FAN:
            triangles += Math.max(0, n - 2);
            break;
          case Primitive.Mode.LINES:
            lines += Math.floor(n / 2);
            break;
          case Primitive.Mode.LINE_STRIP:
            lines += Math.max(0, n - 1);
            break;
          case Primitive.Mode.LINE_LOOP:
            lines += n;
            break;
          case Primitive.Mode.POINTS:
            points += n;
            break;
        }
        const p = [0, 0, 0];
        for (let i = 0; i < position.getCount(); i++) {
          position.getElement(i, p);
          for (let axis = 0; axis < 3; axis++) {
            const w = m[axis]! * p[0]! + m[4 + axis]! * p[1]! + m[8 + axis]! * p[2]! + m[12 + axis]!;
            if (w < min[axis]!) min[axis] = w;
            if (w > max[axis]!) max[axis] = w;
          }
        }
        const material = primitive.getMaterial();
        if (!(material?.getExtras() as { defaultColour?: boolean } | undefined)?.defaultColour) {
          const name = colourName(material?.getBaseColorFactor() ?? [1, 1, 1, 1]);
          if (!colours.includes(name)) colours.push(name);
        }
      }
    }
    for (const child of node.listChildren()) visit(child);
  };
  for (const node of scene?.listChildren() ?? []) visit(node);
  const size = Number.isFinite(min[0])
    ? ([0, 1, 2].map((a) => Math.max(0, max[a]! - min[a]!)) as [number, number, number])
    : null;
  return { units, size, parts, triangles, lines, points, colours };
}

const toSrgb = (linear: number) => {
  const c = Math.min(1, Math.max(0, linear));
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
};

/** The nearest CSS colour keyword to a glTF base colour (linear RGB), by the "redmean" perceptual distance. */
export function colourName([r, g, b, a = 1]: number[]): string {
  const [R, G, B] = [toSrgb(r!), toSrgb(g!), toSrgb(b!)];
  let best = "black";
  let bestDistance = Infinity;
  for (const [name, [nr, ng, nb]] of Object.entries(colorNames as Record<string, [number, number, number]>)) {
    // aliases spelt "grey"/"gray" share values; the first one listed wins, so prefer the British spelling
    const mean = (R + nr) / 2;
    const d = (2 + mean / 256) * (R - nr) ** 2 + 4 * (G - ng) ** 2 + (2 + (255 - mean) / 256) * (B - nb) ** 2;
    if (d < bestDistance || (d === bestDistance && name.includes("grey"))) {
      best = name;
      bestDistance = d;
    }
  }
  return a < 0.99 ? `${best} (${Math.round((1 - a) * 100)}% transparent)` : best;
}
