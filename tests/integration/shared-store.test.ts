import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawSql } from "#db/client.server";
import { convertModel } from "~/models3d/convert/index";
import { createModelRecord, markModelConverted } from "~/models3d/models.server";
import { modelStorage } from "~/models3d/storage.server";
import { newUrn } from "~/models3d/upload.server";
import { fileStore, moveFilesIntoStore } from "~/utils/file-store.server";
import { startAppServer } from "../../scripts/app-server";
import { largeFile, measureServingMemory, megabytes } from "../../scripts/model-memory";
import * as cubes from "../fixtures/models3d/cubes";
import { cookieFor, member } from "./forum-helpers";
import { useOwnDatabase } from "./helpers/accounts";

/**
 * Issue 42, no shared disk (decisions 280-283): two instances, each with a DATA_DIR of its own, on one database.
 * A model uploaded through one is converted by the other (the only one running jobs) and served by both; files an
 * older version left on disk move into the store at start, once; a backup taken on one is listed and downloaded
 * on the other; an instance serving a 50 MB model keeps its memory flat.
 */
const root = path.resolve(import.meta.dirname, "../..");
const work = path.join(root, ".data-test", "shared-store");
const dirA = path.join(work, "instance-a");
const dirB = path.join(work, "instance-b");
type Server = Awaited<ReturnType<typeof startAppServer>>;
let a: Server;
let b: Server;
const servers: Server[] = [];

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** Instance A: serves, runs no jobs. Instance B: serves and runs the jobs. */
const startA = () => startAppServer({ DATA_DIR: dirA, RUN_JOBS: "false" }, { output: true });
const startB = () => startAppServer({ DATA_DIR: dirB, RUN_JOBS: "true" }, { output: true });

/** A converted model made the way an older version kept it: files under `dir`/models3d, its row in the database. */
let olderModel: { urn: string; glb: Uint8Array; poster: string };
const olderPicture = `${randomUUID()}.png`;
const olderPictureBytes = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "binary"), Buffer.alloc(4096, 7)]);

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  await useOwnDatabase("test_shared_store");
  const converted = await convertModel(cubes.cubeObj(), "obj", () => {}, "older cube");
  const urn = newUrn();
  olderModel = { urn, glb: converted.glb, poster: converted.poster };
  const folder = path.join(dirA, "models3d", urn);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "source.obj"), cubes.cubeObj());
  writeFileSync(path.join(folder, "model.glb"), converted.glb);
  writeFileSync(path.join(folder, "poster.svg"), converted.poster);
  mkdirSync(path.join(dirA, "visual-essence"), { recursive: true });
  writeFileSync(path.join(dirA, "visual-essence", olderPicture), olderPictureBytes);
  await createModelRecord({
    urn,
    originalName: "older cube.obj",
    format: "obj",
    sizeBytes: Buffer.byteLength(cubes.cubeObj()),
    sessionId: "older-session",
    sourceKey: `${urn}/source.obj`,
  });
  await markModelConverted({ urn, glbKey: `${urn}/model.glb`, vertexCount: converted.vertexCount });
  a = await startA();
  b = await startB();
  servers.push(a, b);
}, 180_000);

afterAll(async () => {
  for (const server of servers) {
    if (process.env.SHOW_SERVER_OUTPUT) console.log(server.output());
    await server.stop();
  }
});

async function viewerToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/3d/viewer-token`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function modelBytes(
  base: string,
  urn: string,
): Promise<{ status: number; bytes: Uint8Array; length: string | null }> {
  const response = await fetch(`${base}/api/3d/model/${urn}`, {
    headers: { Authorization: `Bearer ${await viewerToken(base)}` },
  });
  return {
    status: response.status,
    bytes: new Uint8Array(await response.arrayBuffer()),
    length: response.headers.get("content-length"),
  };
}

describe("two instances, no shared disk", () => {
  it("moved the files an older version left in DATA_DIR into the store at start, and only once", async () => {
    const { urn, glb } = olderModel;
    // A's disk holds none of them now; the store holds each once, byte for byte.
    expect(existsSync(path.join(dirA, "models3d"))).toBe(false);
    expect(existsSync(path.join(dirA, "visual-essence"))).toBe(false);
    expect(a.output()).toContain(`moved 4 file(s) from ${dirA} into the shared store`);
    expect(b.output()).not.toContain("into the shared store");
    expect(sha(await modelStorage.read(`${urn}/model.glb`))).toBe(sha(glb));
    const [rows] = await rawSql()`
      select count(*)::int as n, count(distinct key)::int as keys from stored_files where key like ${`models3d/${urn}/%`}`;
    expect(rows).toEqual({ n: 3, keys: 3 });

    // Served by both instances, including the one whose disk never held it.
    for (const server of [a, b]) {
      const model = await modelBytes(server.base, urn);
      expect(model.status).toBe(200);
      expect(sha(model.bytes)).toBe(sha(glb));
      const picture = await fetch(`${server.base}/visual-essence/${olderPicture}`);
      expect(picture.status).toBe(200);
      expect(Buffer.from(await picture.arrayBuffer()).equals(olderPictureBytes)).toBe(true);
    }

    // A restart of A finds nothing more to move: nothing is written twice.
    await a.stop();
    a = await startA();
    servers.push(a);
    expect(a.output()).not.toContain("into the shared store");
    const [again] = await rawSql()`select count(*)::int as n from stored_files where key like ${`models3d/${urn}/%`}`;
    expect(again!.n).toBe(3);
  }, 120_000);

  it("moves a folder once when two instances start at once on it (advisory lock)", async () => {
    const dir = path.join(work, "shared-folder");
    for (let i = 0; i < 20; i++) {
      mkdirSync(path.join(dir, "models3d", `twice-${i}`), { recursive: true });
      writeFileSync(path.join(dir, "models3d", `twice-${i}`, "source.obj"), `o cube ${i}\n`);
    }
    const counts = await Promise.all([moveFilesIntoStore({ root: dir }), moveFilesIntoStore({ root: dir })]);
    // The lock lets one move them all; the other finds the folder empty (or, if it listed first, each already stored).
    expect(counts.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(20);
    expect(existsSync(path.join(dir, "models3d"))).toBe(false);
    const [rows] = await rawSql()`
      select count(*)::int as n, count(distinct key)::int as keys from stored_files where key like 'models3d/twice-%'`;
    expect(rows).toEqual({ n: 20, keys: 20 });
    expect(Buffer.from(await fileStore.read("models3d/twice-7/source.obj")).toString()).toBe("o cube 7\n");
  });

  it("converts a model uploaded through one instance on the other and serves it through both", async () => {
    const form = new FormData();
    form.append("model", new Blob([cubes.cubeObj() as BlobPart]), "cube.obj");
    const upload = await fetch(`${a.base}/api/3d/upload`, { method: "POST", body: form });
    expect(upload.status).toBe(201);
    const { urn } = (await upload.json()) as { urn: string };
    // A runs no jobs: B claims the conversion and reads the upload from the store (it was ENOENT on B's disk).
    let status = "";
    for (let i = 0; i < 300 && status !== "success" && status !== "failed"; i++) {
      const answer = await fetch(`${a.base}/api/3d/status/${urn}`);
      status = ((await answer.json()) as { status: string }).status;
      if (status !== "success") await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("success");
    expect(existsSync(path.join(dirA, "models3d"))).toBe(false);
    expect(existsSync(path.join(dirB, "models3d"))).toBe(false);

    const fromA = await modelBytes(a.base, urn);
    const fromB = await modelBytes(b.base, urn);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromA.bytes.byteLength).toBeGreaterThan(100);
    expect(sha(fromA.bytes)).toBe(sha(fromB.bytes));
    expect(fromB.length).toBe(String(fromB.bytes.byteLength));
    expect(Buffer.from(fromA.bytes.subarray(0, 4)).toString()).toBe("glTF");
    const token = await viewerToken(b.base);
    for (const server of [a, b]) {
      const poster = await fetch(`${server.base}/api/3d/poster/${urn}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(poster.status).toBe(200);
      expect(await poster.text()).toContain("<svg");
    }
  }, 120_000);

  it("lists a backup taken on one instance on the other, which streams its download", async () => {
    const backup = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ["--import", "tsx", "scripts/backup.ts"],
        { cwd: root, env: { ...process.env, DATA_DIR: dirA }, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const name = /\[backup\] (backup-\S+\.tar\.gz):/.exec(backup.stdout)?.[1] ?? "";
    const checksum = /sha256 ([0-9a-f]{64})/.exec(backup.stdout)?.[1] ?? "";
    expect(name).not.toBe("");
    expect(existsSync(path.join(dirA, "backups"))).toBe(false);

    const admin = await member({ admin: true });
    const cookie = await cookieFor(admin.id);
    for (const server of [a, b]) {
      const page = await fetch(`${server.base}/admin/backups`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`href="/admin/backups/${name}"`);
    }
    const download = await fetch(`${b.base}/admin/backups/${name}`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/gzip");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(download.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(sha(bytes)).toBe(checksum);
    // The archive holds the members' files from the store.
    const [row] = await rawSql()`select sha256 from backups where name = ${name}`;
    expect(row!.sha256).toBe(checksum);
  }, 120_000);

  it("keeps an instance's memory flat while it serves a 50 MB model", async () => {
    const size = 50 * 1024 * 1024;
    const file = largeFile(size);
    const urn = newUrn();
    await modelStorage.write(`${urn}/model.glb`, file.pieces());
    await createModelRecord({
      urn,
      originalName: "large.glb",
      format: "glb",
      sizeBytes: size,
      sessionId: null,
      sourceKey: `${urn}/model.glb`,
    });
    await markModelConverted({ urn, glbKey: `${urn}/model.glb`, vertexCount: 1 });
    // The code paths warmed with the small model first; then the large one, read slowly.
    expect((await modelBytes(b.base, olderModel.urn)).status).toBe(200);
    const measured = await measureServingMemory({
      url: `${b.base}/api/3d/model/${urn}`,
      headers: { Authorization: `Bearer ${await viewerToken(b.base)}` },
      pid: b.child.pid!,
      expectedBytes: size,
    });
    console.log(
      `[shared-store] 50 MB model served in ${measured.seconds.toFixed(1)} s; server RSS before ` +
        `${megabytes(measured.beforeBytes)} MB, peak ${megabytes(measured.peakBytes)} MB, after ${megabytes(measured.afterBytes)} MB`,
    );
    expect(measured.bytes).toBe(size);
    expect(measured.sha256).toBe(file.sha256);
    expect(measured.peakBytes - measured.beforeBytes).toBeLessThan(40 * 1024 * 1024);
  }, 180_000);
});
