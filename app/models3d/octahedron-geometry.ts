import { FACES, VERTICES } from "~/numerology/octahedron";

/**
 * The site's octahedron model is the very solid the /octahedron page describes and draws (app/numerology/octahedron.ts):
 * a 2 x 1 rectangle of two unit squares with apexes 1 above and 1 below its centre; faces 8, vertices 6, edges 12,
 * edges adding up to 18; length 2 (x), height 2 (y), width 1 (z). One geometry, so the facts, the canvas and the
 * 3D model cannot disagree.
 */
export const OCTAHEDRON_VERTICES: Array<[number, number, number]> = VERTICES.map(([x, y, z]) => [x, y, z]);
export const OCTAHEDRON_FACES: Array<[number, number, number]> = FACES.map(([a, b, c]) => [a, b, c]);
