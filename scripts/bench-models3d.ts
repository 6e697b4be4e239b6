/**
 * Conversion speed: a 10 MB binary STL, a 5 MB OBJ and the same height-field grid as X3D (non-convex faces, cut by
 * earcut) and as a 3MF package, through the same worker-thread path the server uses.
 * Run: `npx tsx scripts/bench-models3d.ts` (target: each under 10 s).
 */
import { strToU8, zipSync } from "fflate";
import { runConversionWorker } from "../app/models3d/conversion.server";
import { cubeStlBinary } from "../tests/fixtures/models3d/cubes";

function gridObj(targetBytes: number): Uint8Array {
  // A wavy height-field grid: shared vertices, quads, like a scanned surface.
  const lines: string[] = [];
  let n = 10;
  while (n * n * 45 < targetBytes) n += 10;
  for (let y = 0; y <= n; y++)
    for (let x = 0; x <= n; x++) lines.push(`v ${x} ${(Math.sin(x / 7) * Math.cos(y / 9)).toFixed(5)} ${y}`);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x + 1;
      lines.push(`f ${a} ${a + 1} ${a + n + 2} ${a + n + 1}`);
    }
  return new TextEncoder().encode(lines.join("\n"));
}

function grid(targetBytes: number, perVertex: number) {
  let n = 10;
  while (n * n * perVertex < targetBytes) n += 10;
  const points: string[] = [];
  const quads: number[][] = [];
  for (let y = 0; y <= n; y++)
    for (let x = 0; x <= n; x++) points.push(`${x} ${(Math.sin(x / 7) * Math.cos(y / 9)).toFixed(5)} ${y}`);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x;
      quads.push([a, a + 1, a + n + 2, a + n + 1]);
    }
  return { points, quads };
}

function gridX3d(targetBytes: number): Uint8Array {
  const { points, quads } = grid(targetBytes, 45);
  return new TextEncoder().encode(
    `<X3D version="3.3"><Scene><Transform><Shape><Appearance><Material diffuseColor="0.2 0.6 0.9"/></Appearance>` +
      `<IndexedFaceSet convex="false" coordIndex="${quads.map((q) => `${q.join(" ")} -1`).join(" ")}">` +
      `<Coordinate point="${points.join(", ")}"/></IndexedFaceSet></Shape></Transform></Scene></X3D>`,
  );
}

function grid3mf(targetBytes: number): Uint8Array {
  const { points, quads } = grid(targetBytes, 110);
  const vertices = points.map((p) => p.split(" ")).map(([x, y, z]) => `<vertex x="${x}" y="${y}" z="${z}"/>`);
  const triangles = quads.flatMap(([a, b, c, d]) => [
    `<triangle v1="${a}" v2="${b}" v3="${c}"/>`,
    `<triangle v1="${a}" v2="${c}" v3="${d}"/>`,
  ]);
  const model =
    `<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">` +
    `<resources><object id="1" type="model"><mesh><vertices>${vertices.join("")}</vertices><triangles>${triangles.join("")}</triangles></mesh></object></resources>` +
    `<build><item objectid="1"/></build></model>`;
  const rels =
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>';
  return zipSync({ "_rels/.rels": strToU8(rels), "3D/3dmodel.model": strToU8(model) });
}

const stl = cubeStlBinary(Math.floor((10 * 1024 * 1024 - 84) / 50));
const obj = gridObj(5 * 1024 * 1024);
for (const [label, ext, bytes] of [
  ["binary STL", "stl", stl],
  ["OBJ", "obj", obj],
  ["X3D", "x3d", gridX3d(5 * 1024 * 1024)],
  ["3MF", "3mf", grid3mf(20 * 1024 * 1024)],
] as const) {
  const started = performance.now();
  const outcome = await runConversionWorker({ bytes, ext, title: label, timeoutMs: 60_000 });
  const seconds = (performance.now() - started) / 1000;
  if (!outcome.ok) throw new Error(`${label}: ${outcome.code} ${outcome.message}`);
  console.log(
    `${label}: ${(bytes.byteLength / 1024 / 1024).toFixed(2)} MB → GLB ${(outcome.glb.byteLength / 1024 / 1024).toFixed(2)} MB, ` +
      `${outcome.vertexCount} vertices, ${seconds.toFixed(2)} s`,
  );
}
process.exit(0);
