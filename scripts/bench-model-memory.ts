/**
 * `npx tsx scripts/bench-model-memory.ts [--mb=50] [--seconds=4] [--runs=3]`: issue 42's "memory of an instance
 * stays flat while it serves a 50 MB model" (decision 280). Starts the production server (needs `npm run build`)
 * on an embedded PostgreSQL of its own in .data-bench-model-memory/, stores a model of that size in the shared file
 * store, and downloads it through /api/3d/model/{urn} as a slow client would, sampling the server process's RSS
 * before, during and after (scripts/model-memory.ts; the same measure as tests/integration/shared-store.test.ts).
 * Prints a table row per run for docs/performance.md.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { startAppServer } from "./app-server";
import { largeFile, measureServingMemory, megabytes } from "./model-memory";
import { startSiteDatabase } from "./site-under-test";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const sizeMb = option("mb", 50);
const seconds = option("seconds", 4);
const runs = option("runs", 3);
const dataDir = path.resolve(import.meta.dirname, "..", ".data-bench-model-memory");

async function main() {
  rmSync(dataDir, { recursive: true, force: true });
  const database = await startSiteDatabase(dataDir);
  process.env.DATABASE_URL = database.databaseUrl;
  process.env.SESSION_SECRET = database.env.SESSION_SECRET;
  process.env.DATA_DIR = database.env.DATA_DIR;
  const { modelStorage } = await import("../app/models3d/storage.server");
  const { createModelRecord, markModelConverted } = await import("../app/models3d/models.server");
  const { newUrn } = await import("../app/models3d/upload.server");
  const { closePool } = await import("../db/client.server");
  const size = sizeMb * 1024 * 1024;
  const file = largeFile(size);
  const urn = newUrn();
  const started = Date.now();
  await modelStorage.write(`${urn}/model.glb`, file.pieces());
  const storedIn = (Date.now() - started) / 1000;
  await createModelRecord({
    urn,
    originalName: "large.glb",
    format: "glb",
    sizeBytes: size,
    sessionId: null,
    sourceKey: `${urn}/model.glb`,
  });
  await markModelConverted({ urn, glbKey: `${urn}/model.glb`, vertexCount: 1 });
  await closePool();
  const app = await startAppServer(database.env);
  const rows: string[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const token = ((await (await fetch(`${app.base}/api/3d/viewer-token`)).json()) as { access_token: string })
        .access_token;
      const m = await measureServingMemory({
        url: `${app.base}/api/3d/model/${urn}`,
        headers: { Authorization: `Bearer ${token}` },
        pid: app.child.pid!,
        expectedBytes: size,
        seconds,
      });
      if (m.sha256 !== file.sha256 || m.bytes !== size) throw new Error("the model served is not the one stored");
      rows.push(
        `| ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC | ${run} | ${sizeMb} MB | ` +
          `${m.seconds.toFixed(1)} s | ${megabytes(m.beforeBytes)} MB | ${megabytes(m.peakBytes)} MB ` +
          `(+${megabytes(m.peakBytes - m.beforeBytes)}) | ${megabytes(m.afterBytes)} MB |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await app.stop();
    await database.stop();
  }
  console.log(`\nstored the ${sizeMb} MB model in ${storedIn.toFixed(1)} s (256 KiB chunks)`);
  console.log("| when | run | model | download | server RSS before | peak while serving | after |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) console.log(row);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
