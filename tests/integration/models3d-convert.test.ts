import { readFileSync } from "node:fs";
import path from "node:path";
import { NodeIO } from "@gltf-transform/core";
import { describe, expect, it } from "vitest";
import { runConversionWorker } from "~/models3d/conversion.server";
import { countVertices } from "~/models3d/convert/optimise";
import type { ModelExtension } from "~/models3d/formats";
import * as cubes from "../fixtures/models3d/cubes";

/**
 * Every reader, run the way the server runs it (in a worker thread), on a cube the tests wrote themselves.
 * A plain cube welds to its 8 corners; formats that carry one normal per face (STL, the OpenCascade
 * tessellation of STEP/IGES) keep 4 corners per face: 24.
 */
const fixtures = path.resolve(import.meta.dirname, "../fixtures/models3d");
const cases: Array<[string, ModelExtension, () => Uint8Array, number]> = [
  ["obj", "obj", cubes.cubeObj, 8],
  ["stl (ascii)", "stl", cubes.cubeStlAscii, 24],
  ["stl (binary)", "stl", () => cubes.cubeStlBinary(), 24],
  ["ply", "ply", cubes.cubePly, 8],
  ["gltf", "gltf", () => cubes.cubeGltf(), 8],
  ["glb", "glb", cubes.cubeGlb, 8],
  ["dae", "dae", cubes.cubeDae, 8],
  ["3mf", "3mf", cubes.cube3mf, 8],
  ["3ds", "3ds", cubes.cube3ds, 8],
  ["x3d", "x3d", cubes.cubeX3d, 8],
  ["fbx (ascii 7.4)", "fbx", cubes.cubeFbxAscii, 8],
  ["fbx (binary 7.4)", "fbx", cubes.cubeFbxBinary, 8],
  ["step", "step", () => new Uint8Array(readFileSync(path.join(fixtures, "cube.step"))), 24],
  ["iges", "iges", () => new Uint8Array(readFileSync(path.join(fixtures, "cube.iges"))), 24],
];

describe("conversion to GLB", () => {
  it.each(cases)("converts a cube in %s to a valid GLB", async (_label, ext, make, expected) => {
    const outcome = await runConversionWorker({ bytes: make(), ext, title: "cube" });
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
    expect(outcome.vertexCount).toBe(expected);
    expect(new TextDecoder().decode(outcome.glb.subarray(0, 4))).toBe("glTF");
    const document = await new NodeIO().readBinary(outcome.glb);
    expect(countVertices(document)).toBe(expected);
    // self-contained: one embedded buffer, no outside URIs
    expect(
      document
        .getRoot()
        .listBuffers()
        .every((b) => !b.getURI()),
    ).toBe(true);
    expect(outcome.poster).toMatch(/^<svg[\s\S]*<polygon[\s\S]*<\/svg>$/);
  });

  it("refuses a glTF whose buffer lives in an outside file", async () => {
    const outcome = await runConversionWorker({ bytes: cubes.cubeGltf("cube.bin"), ext: "gltf", title: "x" });
    expect(outcome).toMatchObject({ ok: false, code: "external_reference" });
  });

  it("refuses a glTF 1.0 file, JSON or binary, saying so (issue 47: it failed on a TypeError)", async () => {
    const gltf1 = {
      asset: { version: "1.0" },
      scene: "main",
      scenes: { main: { nodes: ["node"] } },
      nodes: { node: { meshes: ["mesh"] } },
      meshes: { mesh: { primitives: [{ attributes: { POSITION: "positions" }, mode: 4 }] } },
      accessors: { positions: { bufferView: "view", componentType: 5126, count: 3, type: "VEC3" } },
      bufferViews: { view: { buffer: "data", byteLength: 36 } },
      buffers: {
        data: { byteLength: 36, uri: `data:application/octet-stream;base64,${Buffer.alloc(36).toString("base64")}` },
      },
    };
    const json = new TextEncoder().encode(JSON.stringify(gltf1));
    const withoutVersion = new TextEncoder().encode(JSON.stringify({ ...gltf1, asset: {} }));
    // binary glTF 1.0: "glTF", version 1, length, then the scene's JSON (content format 0)
    const binary = new Uint8Array(20 + json.byteLength);
    const view = new DataView(binary.buffer);
    binary.set(new TextEncoder().encode("glTF"), 0);
    view.setUint32(4, 1, true);
    view.setUint32(8, binary.byteLength, true);
    view.setUint32(12, json.byteLength, true);
    view.setUint32(16, 0, true);
    binary.set(json, 20);
    for (const [bytes, ext] of [
      [json, "gltf"],
      [withoutVersion, "gltf"],
      [binary, "glb"],
    ] as const) {
      const outcome = await runConversionWorker({ bytes, ext, title: "old" });
      expect(outcome).toMatchObject({ ok: false, code: "unsupported" });
      expect(!outcome.ok && outcome.message).toMatch(/^glTF 1\.0 is not supported: export the model as glTF 2\.0/);
    }
  });

  it("recomputes a binary STL's zero-length facet normals and leaves out facets without area (issue 47)", async () => {
    const cube = cubes.cubeStlBinary();
    const facets = new DataView(cube.buffer, cube.byteOffset).getUint32(80, true);
    // one more facet with no area (two corners at one point), and every facet's normal zeroed
    const stl = new Uint8Array(cube.byteLength + 50);
    stl.set(cube);
    const view = new DataView(stl.buffer);
    view.setUint32(80, facets + 1, true);
    [0, 0, 0, 1, 1, 1, 1, 1, 1].forEach((v, k) => view.setFloat32(84 + 50 * facets + 12 + 4 * k, v, true));
    for (let i = 0; i <= facets; i++) for (let k = 0; k < 3; k++) view.setFloat32(84 + 50 * i + 4 * k, 0, true);
    const outcome = await runConversionWorker({ bytes: stl, ext: "stl", title: "cube" });
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
    const document = await new NodeIO().readBinary(outcome.glb);
    const lengths: number[] = [];
    let triangles = 0;
    for (const mesh of document.getRoot().listMeshes())
      for (const primitive of mesh.listPrimitives()) {
        const normal = primitive.getAttribute("NORMAL")!;
        for (let i = 0; i < normal.getCount(); i++) lengths.push(Math.hypot(...normal.getElement(i, [0, 0, 0])));
        triangles += (primitive.getIndices()?.getCount() ?? primitive.getAttribute("POSITION")!.getCount()) / 3;
      }
    // glTF asks for unit normals (the validator's ACCESSOR_VECTOR3_NON_UNIT); the cube's 12 facets, the flat one gone
    expect(lengths.length).toBeGreaterThan(0);
    expect(lengths.filter((length) => Math.abs(length - 1) > 0.0005)).toEqual([]);
    expect(triangles).toBe(12);
  });

  it("ignores an OBJ mtllib reference (the cube still converts, nothing is fetched)", async () => {
    const obj = new TextDecoder()
      .decode(cubes.cubeObj())
      .replace("mtllib cube.mtl", "mtllib http://127.0.0.1:9/evil.mtl");
    const outcome = await runConversionWorker({ bytes: new TextEncoder().encode(obj), ext: "obj", title: "x" });
    expect(outcome).toMatchObject({ ok: true, vertexCount: 8 });
  });

  it("fails cleanly on a truncated STEP file", async () => {
    const step = readFileSync(path.join(fixtures, "cube.step"));
    const outcome = await runConversionWorker({
      bytes: new Uint8Array(step.subarray(0, 600)),
      ext: "step",
      title: "x",
    });
    expect(outcome.ok).toBe(false);
    expect(["translation_failed", "no_geometry"]).toContain(!outcome.ok && outcome.code);
  });

  it("fails cleanly on a truncated binary FBX", async () => {
    const fbx = cubes.cubeFbxBinary();
    const outcome = await runConversionWorker({ bytes: fbx.subarray(0, 700), ext: "fbx", title: "x" });
    expect(outcome).toMatchObject({ ok: false, code: "translation_failed" });
  });

  it("reports no geometry for an X3D scene without shapes", async () => {
    const x3d = new TextEncoder().encode('<X3D version="3.3"><Scene><Group/></Scene></X3D>');
    const outcome = await runConversionWorker({ bytes: x3d, ext: "x3d", title: "x" });
    expect(outcome).toMatchObject({ ok: false, code: "no_geometry" });
  });

  it("stops a conversion that runs past its time limit while the main thread stays free", async () => {
    const big = cubes.cubeStlBinary(240_000); // 12 MB of facets
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const started = Date.now();
    const outcome = await runConversionWorker({ bytes: big, ext: "stl", title: "big", timeoutMs: 400 });
    clearInterval(ticker);
    expect(outcome).toMatchObject({ ok: false, code: "timeout" });
    expect(Date.now() - started).toBeLessThan(3000);
    // the event loop kept running during the conversion
    expect(ticks).toBeGreaterThan(5);
  });
});
