import { describe, expect, it } from "vitest";
import { OCTAHEDRON_FACTS } from "~/numerology/octahedron";
import { buildOctahedron } from "./octahedron.server";

/** The served model measured as a visitor's viewer receives it (the glTF document's positions and indices). */
describe("the site's octahedron model", () => {
  it("is the solid whose facts /octahedron states: 8 faces, 6 vertices, 12 edges adding up to 18, 2 x 2 x 1", () => {
    const { document } = buildOctahedron();
    const primitive = document.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    const positions = Array.from(primitive.getAttribute("POSITION")!.getArray() as ArrayLike<number>);
    const indices = Array.from(primitive.getIndices()!.getArray() as ArrayLike<number>);
    const vertex = (i: number) => positions.slice(i * 3, i * 3 + 3) as [number, number, number];
    const vertexCount = positions.length / 3;
    const edges = new Map<string, number>();
    for (let f = 0; f < indices.length; f += 3) {
      for (let k = 0; k < 3; k++) {
        const a = indices[f + k]!;
        const b = indices[f + ((k + 1) % 3)]!;
        const [p, q] = [vertex(a), vertex(b)];
        edges.set(a < b ? `${a}-${b}` : `${b}-${a}`, Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]));
      }
    }
    const extent = (axis: number) => {
      const values = Array.from({ length: vertexCount }, (_, i) => vertex(i)[axis]!);
      return Math.max(...values) - Math.min(...values);
    };
    const total = [...edges.values()].reduce((sum, length) => sum + length, 0);
    expect({
      faces: indices.length / 3,
      vertices: vertexCount,
      edges: edges.size,
      totalEdgeLength: Math.round(total * 1e5) / 1e5,
      length: extent(0),
      height: extent(1),
      width: extent(2),
    }).toEqual({ ...OCTAHEDRON_FACTS, totalEdgeLength: 18 });
  });
});
