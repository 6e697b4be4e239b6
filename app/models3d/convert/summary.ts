import { Primitive, type Accessor, type Document, type Node } from "@gltf-transform/core";
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
        const base = material?.getBaseColorFactor() ?? [1, 1, 1, 1];
        const vertexColours = primitive.getAttribute("COLOR_0");
        if (vertexColours) {
          // colours per vertex (PLY scans, OBJ with vertex colours): the material's factor only tints them, so they
          // are named, not the factor ("white" for a coloured model, issue 47)
          for (const name of vertexColourNames(vertexColours, base)) if (!colours.includes(name)) colours.push(name);
        } else if (!(material?.getExtras() as { defaultColour?: boolean } | undefined)?.defaultColour) {
          const name = colourName(base);
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

/** Vertex colours seen on this many vertices at most (evenly spread), and named when a twentieth of them share it. */
const VERTEX_SAMPLES = 4096;
const VERTEX_SHARE = 0.05;
const MAX_VERTEX_COLOURS = 6;

/** The names of a primitive's vertex colours (times the material's factor), the commonest first. */
function vertexColourNames(accessor: Accessor, base: number[]): string[] {
  const count = accessor.getCount();
  const step = Math.max(1, Math.ceil(count / VERTEX_SAMPLES));
  const tally = new Map<string, number>();
  let seen = 0;
  const value = [1, 1, 1, 1];
  for (let i = 0; i < count; i += step) {
    accessor.getElement(i, value);
    const alpha = accessor.getElementSize() === 4 ? value[3]! : 1;
    const name = colourName([0, 1, 2].map((c) => value[c]! * (base[c] ?? 1)).concat(alpha * (base[3] ?? 1)));
    tally.set(name, (tally.get(name) ?? 0) + 1);
    seen++;
  }
  return [...tally]
    .filter(([, n]) => n >= seen * VERTEX_SHARE)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_VERTEX_COLOURS)
    .map(([name]) => name);
}

const NAMED = Object.entries(colorNames as Record<string, [number, number, number]>);
/** The keywords without hue (black, the greys, white): a neutral colour is named among these alone. */
const NEUTRAL = NAMED.filter(([, [r, g, b]]) => r === g && g === b);
/** sRGB channels this far apart or less make a colour neutral: a grey is never "lavender" (issue 47). */
const NEUTRAL_SPREAD = 10;

/** The nearest CSS colour keyword to a glTF base colour (linear RGB), by the "redmean" perceptual distance. */
export function colourName([r, g, b, a = 1]: number[]): string {
  const [R, G, B] = [toSrgb(r!), toSrgb(g!), toSrgb(b!)];
  let best = "black";
  let bestDistance = Infinity;
  const neutral = Math.max(R, G, B) - Math.min(R, G, B) <= NEUTRAL_SPREAD;
  for (const [name, [nr, ng, nb]] of neutral ? NEUTRAL : NAMED) {
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
