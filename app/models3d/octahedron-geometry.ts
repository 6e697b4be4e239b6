/** The site's octahedron: faces 8, vertices 6, edges 12; length 2 (x), height 2 (y), width 1 (z). */
export const OCTAHEDRON_VERTICES: Array<[number, number, number]> = [
  [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 0.5], [0, 0, -0.5],
];
export const OCTAHEDRON_FACES: Array<[number, number, number]> = [
  [0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4], [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5],
];
