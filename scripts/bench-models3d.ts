/**
 * Conversion speed: a 10 MB binary STL and a 5 MB OBJ through the same worker-thread path the server uses.
 * Run: `npx tsx scripts/bench-models3d.ts` (target: each under 10 s).
 */
import { runConversionWorker } from "../app/models3d/conversion.server";
import { cubeStlBinary } from "../tests/fixtures/models3d/cubes";

function gridObj(targetBytes: number): Uint8Array {
  // A wavy height-field grid: shared vertices, quads, like a scanned surface.
  const lines: string[] = [];
  let n = 10;
  while (n * n * 45 < targetBytes) n += 10;
  for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) lines.push(`v ${x} ${(Math.sin(x / 7) * Math.cos(y / 9)).toFixed(5)} ${y}`);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x + 1;
      lines.push(`f ${a} ${a + 1} ${a + n + 2} ${a + n + 1}`);
    }
  return new TextEncoder().encode(lines.join("\n"));
}

const stl = cubeStlBinary(Math.floor((10 * 1024 * 1024 - 84) / 50));
const obj = gridObj(5 * 1024 * 1024);
for (const [label, ext, bytes] of [
  ["binary STL", "stl", stl],
  ["OBJ", "obj", obj],
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
