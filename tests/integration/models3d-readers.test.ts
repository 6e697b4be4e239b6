import { readFileSync } from "node:fs";
import path from "node:path";
import { Document, NodeIO, Primitive } from "@gltf-transform/core";
import { zipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { drawingMeshes, dxfPolylineMeshes, type DwgEntity } from "~/models3d/convert/dwg";
import { parseCNumber } from "~/models3d/convert/fast-readers";
import { ConversionError, convertModel } from "~/models3d/convert/index";
import { meshesToDocument } from "~/models3d/convert/mesh";
import { posterSvg } from "~/models3d/convert/poster";
import { colourName, summariseDocument } from "~/models3d/convert/summary";
import { failureDetail, failureMessage, type ModelExtension } from "~/models3d/formats";
import { getModelSummary } from "~/models3d/models.server";
import { sniffModel } from "~/models3d/sniff.server";
import { modelStorage } from "~/models3d/storage.server";
import { parseSummary, type ModelSummary } from "~/models3d/summary";
import { contrastRatio, linearFromHex, VIEWER_BACKGROUND } from "~/models3d/ui/viewer-look";
import * as cubes from "../fixtures/models3d/cubes";

/**
 * The readers on files written here, one construct at a time, converted in-process (the worker adds nothing to
 * what is read) and checked in the GLB that comes out: triangle, line and point counts, the bounding box (the
 * summary the page describes the model with) and material colours.
 */
const fixtures = path.resolve(import.meta.dirname, "../fixtures/models3d");
const utf8 = (s: string) => new TextEncoder().encode(s);

async function convert(bytes: Uint8Array, ext: ModelExtension): Promise<{ summary: ModelSummary; document: Document }> {
  const result = await convertModel(bytes, ext);
  const document = await new NodeIO().readBinary(result.glb);
  const summary = parseSummary((document.getRoot().getExtras() as { summary?: unknown }).summary);
  if (!summary) throw new Error("the GLB carries no summary");
  return { summary, document };
}

async function failure(bytes: Uint8Array, ext: ModelExtension): Promise<ConversionError> {
  const error = await convertModel(bytes, ext).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}

function expectSize(summary: ModelSummary, size: [number, number, number]) {
  expect(summary.size).not.toBeNull();
  summary.size!.forEach((value, axis) => expect(value).toBeCloseTo(size[axis]!, 4));
}

/** Every drawn triangle in world space, for area checks. */
function worldTriangles(document: Document): number[][][] {
  const out: number[][][] = [];
  for (const node of document.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const m = node.getWorldMatrix();
    for (const primitive of mesh.listPrimitives()) {
      if (primitive.getMode() !== Primitive.Mode.TRIANGLES) continue;
      const position = primitive.getAttribute("POSITION")!;
      const indices = primitive.getIndices();
      const count = indices ? indices.getCount() : position.getCount();
      const at = (i: number) => {
        const p = position.getElement(indices ? indices.getScalar(i) : i, [0, 0, 0]);
        return [0, 1, 2].map((k) => m[k]! * p[0]! + m[4 + k]! * p[1]! + m[8 + k]! * p[2]! + m[12 + k]!);
      };
      for (let i = 0; i + 2 < count; i += 3) out.push([at(i), at(i + 1), at(i + 2)]);
    }
  }
  return out;
}

function area([a, b, c]: number[][]): number {
  const u = [b![0]! - a![0]!, b![1]! - a![1]!, b![2]! - a![2]!];
  const v = [c![0]! - a![0]!, c![1]! - a![1]!, c![2]! - a![2]!];
  return Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!) / 2;
}

const x3d = (scene: string, head = "") =>
  utf8(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE X3D PUBLIC "ISO//Web3D//DTD X3D 3.3//EN" "https://www.web3d.org/specifications/x3d-3.3.dtd">
<X3D profile="Immersive" version="3.3"><head>${head}<meta name="generator" content="test"/></head><Scene>${scene}</Scene></X3D>`);
const shape = (geometry: string, appearance = "") => `<Shape>${appearance}${geometry}</Shape>`;
const SQUARE_POINTS = "0 0 0, 2 0 0, 2 2 0, 0 2 0";

describe("X3D geometry nodes", () => {
  const cases: Array<
    [string, string, { triangles?: number; lines?: number; points?: number; size: [number, number, number] }]
  > = [
    ["Box with size", '<Box size="2 4 6"/>', { triangles: 12, size: [2, 4, 6] }],
    ["Box with the default size", "<Box/>", { triangles: 12, size: [2, 2, 2] }],
    ["Sphere with radius", '<Sphere radius="1.5"/>', { triangles: 32 * 30, size: [3, 3, 3] }],
    [
      "Cylinder with radius and height",
      '<Cylinder radius="1" height="3"/>',
      { triangles: 64 + 30 + 30, size: [2, 3, 2] },
    ],
    ["Cylinder without top", '<Cylinder top="false"/>', { triangles: 64 + 30, size: [2, 2, 2] }],
    ["Cylinder without side", '<Cylinder side="false" height="5"/>', { triangles: 60, size: [2, 5, 2] }],
    [
      "Cone with bottomRadius and height",
      '<Cone bottomRadius="2" height="3"/>',
      { triangles: 32 + 30, size: [4, 3, 4] },
    ],
    ["Cone without bottom", '<Cone bottom="false"/>', { triangles: 32, size: [2, 2, 2] }],
    ["Extrusion with its defaults (a 2×1×2 box)", "<Extrusion/>", { triangles: 8 + 4, size: [2, 1, 2] }],
    [
      "Extrusion with spine and scale, no caps",
      '<Extrusion spine="0 0 0, 0 1 0, 0 2 0" scale="1 1, 2 2, 1 1" beginCap="false" endCap="false"/>',
      { triangles: 16, size: [4, 2, 4] },
    ],
    [
      "Extrusion with an orientation (square turned 45° about the spine)",
      '<Extrusion orientation="0 1 0 0.7853981634"/>',
      { triangles: 12, size: [2 * Math.SQRT2, 1, 2 * Math.SQRT2] },
    ],
    [
      "Extrusion along a bent spine (a triangle cross-section)",
      '<Extrusion crossSection="0 0, 1 0, 0 1, 0 0" spine="0 0 0, 0 2 0, 2 2 0"/>',
      { triangles: 2 * 3 * 2 + 2, size: [3, 3, 1] },
    ],
    [
      "ElevationGrid",
      '<ElevationGrid xDimension="3" zDimension="4" xSpacing="2" zSpacing="1" height="0 1 0  0 2 0  0 5 0  0 0 0"/>',
      { triangles: 2 * 2 * 3, size: [4, 5, 3] },
    ],
    [
      "IndexedFaceSet (convex quads fanned)",
      `<IndexedFaceSet coordIndex="0 1 2 3 -1"><Coordinate point="${SQUARE_POINTS}"/></IndexedFaceSet>`,
      { triangles: 2, size: [2, 2, 0] },
    ],
    [
      "IndexedTriangleSet",
      `<IndexedTriangleSet index="0 1 2 0 2 3"><Coordinate point="${SQUARE_POINTS}"/></IndexedTriangleSet>`,
      { triangles: 2, size: [2, 2, 0] },
    ],
    [
      "IndexedTriangleFanSet",
      `<IndexedTriangleFanSet index="0 1 2 3 -1 0 1 2"><Coordinate point="${SQUARE_POINTS}"/></IndexedTriangleFanSet>`,
      { triangles: 3, size: [2, 2, 0] },
    ],
    [
      "IndexedTriangleStripSet",
      `<IndexedTriangleStripSet index="0 1 3 2"><Coordinate point="${SQUARE_POINTS}"/></IndexedTriangleStripSet>`,
      { triangles: 2, size: [2, 2, 0] },
    ],
    [
      "TriangleSet",
      '<TriangleSet><Coordinate point="0 0 0, 1 0 0, 0 1 0, 0 0 1, 1 0 1, 0 1 3"/></TriangleSet>',
      { triangles: 2, size: [1, 1, 3] },
    ],
    [
      "TriangleFanSet",
      `<TriangleFanSet fanCount="4"><Coordinate point="${SQUARE_POINTS}"/></TriangleFanSet>`,
      { triangles: 2, size: [2, 2, 0] },
    ],
    [
      "TriangleStripSet",
      '<TriangleStripSet stripCount="4 3"><Coordinate point="0 0 0, 1 0 0, 0 1 0, 1 1 0, 5 5 5, 6 5 5, 5 6 5"/></TriangleStripSet>',
      { triangles: 3, size: [6, 6, 5] },
    ],
    [
      "QuadSet",
      `<QuadSet><Coordinate point="${SQUARE_POINTS}, 0 0 1, 2 0 1, 2 2 1, 0 2 1"/></QuadSet>`,
      { triangles: 4, size: [2, 2, 1] },
    ],
    [
      "IndexedQuadSet",
      `<IndexedQuadSet index="0 1 2 3"><Coordinate point="${SQUARE_POINTS}"/></IndexedQuadSet>`,
      { triangles: 2, size: [2, 2, 0] },
    ],
    [
      "IndexedLineSet",
      `<IndexedLineSet coordIndex="0 1 2 -1 2 3"><Coordinate point="${SQUARE_POINTS}"/></IndexedLineSet>`,
      { lines: 3, size: [2, 2, 0] },
    ],
    [
      "LineSet",
      `<LineSet vertexCount="3 2"><Coordinate point="${SQUARE_POINTS}, 7 7 7"/></LineSet>`,
      { lines: 3, size: [7, 7, 7] },
    ],
    ["PointSet", `<PointSet><Coordinate point="${SQUARE_POINTS}, 1 1 4"/></PointSet>`, { points: 5, size: [2, 2, 4] }],
  ];

  it.each(cases)("reads %s", async (_label, geometry, expected) => {
    const { summary } = await convert(x3d(shape(geometry)), "x3d");
    expect(summary.triangles).toBe(expected.triangles ?? 0);
    expect(summary.lines).toBe(expected.lines ?? 0);
    expect(summary.points).toBe(expected.points ?? 0);
    expect(summary.parts).toBe(1);
    expectSize(summary, expected.size);
    expect(summary.units).toBe("metres");
  });

  it('cuts a non-convex face (convex="false") into triangles that cover exactly its area', async () => {
    // an L of area 3, listed from a corner whose fan would reach outside the shape (fanned: area 4)
    const l =
      '<IndexedFaceSet convex="false" coordIndex="0 1 2 3 4 5 -1"><Coordinate point="2 1 0, 1 1 0, 1 2 0, 0 2 0, 0 0 0, 2 0 0"/></IndexedFaceSet>';
    const { summary, document } = await convert(x3d(shape(l)), "x3d");
    expect(summary.triangles).toBe(4);
    expect(worldTriangles(document).reduce((sum, t) => sum + area(t), 0)).toBeCloseTo(3, 5);
    const fanned = await convert(x3d(shape(l.replace(' convex="false"', ""))), "x3d");
    expect(worldTriangles(fanned.document).reduce((sum, t) => sum + area(t), 0)).toBeCloseTo(4, 5);
  });

  it("takes solid from the geometry node: single-sided by default, double-sided when solid is false", async () => {
    const { document } = await convert(
      x3d(shape("<Box/>") + `<Transform translation="5 0 0">${shape('<Sphere solid="false"/>')}</Transform>`),
      "x3d",
    );
    const sided = document
      .getRoot()
      .listMeshes()
      .map((m) => m.listPrimitives()[0]!.getMaterial()!.getDoubleSided());
    expect(sided.sort()).toEqual([false, true]);
  });
});

describe("X3D scene graph", () => {
  it("applies Transform translation, rotation, scale and center", async () => {
    const scene = `
      <Transform translation="5 0 0" rotation="0 0 1 1.5707963268" scale="3 1 1">${shape('<Box size="2 4 6"/>')}</Transform>
      <Transform center="11 0 0" rotation="0 0 1 3.1415926536">${shape('<Box size="2 2 2"/>')}</Transform>`;
    const { summary, document } = await convert(x3d(scene), "x3d");
    expect(summary.parts).toBe(2);
    expect(summary.triangles).toBe(24);
    // first box: 6×4×6 after scaling, turned to 4×6×6 and centred on x = 5 → x from 3; the second, turned
    // half a turn about x = 11, is centred on x = 22 → x to 23
    expectSize(summary, [20, 6, 6]);
    const xs = worldTriangles(document)
      .flat()
      .map((p) => p[0]!);
    expect(Math.min(...xs)).toBeCloseTo(3, 4);
    expect(Math.max(...xs)).toBeCloseTo(23, 4);
  });

  it("draws a DEF'd subtree again wherever it is USEd, with the USE site's transform", async () => {
    const scene = `
      <Transform DEF="Part">${shape('<Box size="2 2 2"/>', '<Appearance DEF="Look"><Material diffuseColor="1 0 0"/></Appearance>')}</Transform>
      <Transform translation="10 0 0"><Transform USE="Part"/></Transform>
      <Transform translation="0 10 0">${shape('<Sphere USE="Nothing"/>')}<Shape><Appearance USE="Look"/><Cone/></Shape></Transform>`;
    const { summary } = await convert(x3d(scene), "x3d");
    expect(summary.parts).toBe(3);
    expect(summary.triangles).toBe(12 + 12 + 62);
    expectSize(summary, [12, 12, 2]);
    expect(summary.colours).toEqual(["red"]);
  });

  it("walks Group, StaticGroup, Anchor, Billboard and Collision (not its proxy); Switch's choice; LOD's first level", async () => {
    const scene = `
      <Group><StaticGroup><Anchor url='"https://example.com/"'><Billboard>
        <Collision>${shape("<Box/>")}<Shape containerField="proxy"><Box size="100 100 100"/></Shape></Collision>
      </Billboard></Anchor></StaticGroup></Group>
      <Switch whichChoice="1">${shape('<Box size="50 50 50"/>')}<Transform translation="0 5 0">${shape("<Box/>")}</Transform></Switch>
      <Switch>${shape('<Box size="70 70 70"/>')}</Switch>
      <LOD range="10"><Transform translation="0 10 0">${shape("<Box/>")}</Transform>${shape('<Box size="90 90 90"/>')}</LOD>`;
    const { summary } = await convert(x3d(scene), "x3d");
    expect(summary.parts).toBe(3);
    expect(summary.triangles).toBe(36);
    expectSize(summary, [2, 12, 2]);
  });

  it("skips nodes it does not draw (Text, Viewpoint, unknown ones) and keeps going", async () => {
    const scene = `<Viewpoint position="0 0 10"/><NavigationInfo/><FancyNewNode><Shape><Box size="9 9 9"/></Shape></FancyNewNode>
      ${shape("<Text string='\"hello\"'><FontStyle/></Text>")}${shape("<Box/>")}<ProtoDeclare name="P"><ProtoBody>${shape("<Sphere/>")}</ProtoBody></ProtoDeclare>`;
    const { summary } = await convert(x3d(scene), "x3d");
    expect(summary.triangles).toBe(12);
    expectSize(summary, [2, 2, 2]);
  });

  it("takes Material diffuse and emissive colours and transparency", async () => {
    const scene = `
      ${shape("<Box/>", '<Appearance><Material diffuseColor="1 0 0" transparency="0.5"/></Appearance>')}
      ${shape("<Sphere/>", '<Appearance><Material diffuseColor="0 0 0" emissiveColor="1 1 0"/></Appearance>')}
      ${shape(`<IndexedLineSet coordIndex="0 1"><Coordinate point="${SQUARE_POINTS}"/></IndexedLineSet>`, '<Appearance><Material emissiveColor="0 0 1"/></Appearance>')}`;
    const { summary, document } = await convert(x3d(scene), "x3d");
    expect(summary.colours).toEqual(["red (50% transparent)", "black", "blue"]);
    const materials = document.getRoot().listMaterials();
    const red = materials.find((m) => m.getBaseColorFactor()[0] === 1 && m.getBaseColorFactor()[3] === 0.5)!;
    expect(red.getAlphaMode()).toBe("BLEND");
    expect(materials.some((m) => m.getEmissiveFactor().join(" ") === "1 1 0")).toBe(true);
  });

  it("refuses Inline (outside files are never fetched) and ProtoInstance, each with its reason", async () => {
    const inline = await failure(x3d(`<Inline url='"parts/wheel.x3d"'/>${shape("<Box/>")}`), "x3d");
    expect(inline.code).toBe("external_reference");
    expect(inline.message).toContain("Inline");
    expect(inline.message).toContain("parts/wheel.x3d");
    const proto = await failure(x3d(`<ProtoInstance name="Wheel"/>${shape("<Box/>")}`), "x3d");
    expect(proto.code).toBe("unsupported");
    expect(proto.message).toContain("Wheel");
    expect(failureDetail(`${proto.code}: ${proto.message}`)).toBe(proto.message);
  });

  it("reports the length unit an X3D 4 head gives", async () => {
    const { summary } = await convert(
      x3d(shape('<Box size="20 20 20"/>'), '<unit category="length" name="millimetres" conversionFactor="0.001"/>'),
      "x3d",
    );
    expect(summary.units).toBe("millimetres");
    expectSize(summary, [20, 20, 20]);
  });

  it("names the index that is out of range instead of failing vaguely", async () => {
    const bad = await failure(
      x3d(shape(`<IndexedFaceSet coordIndex="0 1 9"><Coordinate point="${SQUARE_POINTS}"/></IndexedFaceSet>`)),
      "x3d",
    );
    expect(bad.code).toBe("translation_failed");
    expect(bad.message).toContain("index 9");
  });
});

describe("X3D ClassicVRML encoding (.x3dv)", () => {
  const classic = `#X3D V3.3 utf8
PROFILE Immersive
COMPONENT Geometry3D:2
META "generator" "test, with a # inside"
UNIT length centimetres 0.01
# a comment
PROTO Unused [ field SFFloat size 1 ] { Shape { geometry Box { } } }
DEF Root Transform {
  translation 10 0 0
  children [
    DEF Red Shape {
      appearance Appearance { material Material { diffuseColor 1 0 0 } }
      geometry Box { size 2, 4, 6 }
    }
    Transform { translation 0 0 10 children USE Red }
    Shape {
      geometry IndexedFaceSet {
        convex FALSE
        coord Coordinate { point [ 2 1 0, 1 1 0, 1 2 0, 0 2 0, 0 0 0, 2 0 0 ] }
        coordIndex [ 0 1 2 3 4 5 -1 ]
      }
    }
    Text { string [ "ignored" ] }
  ]
}
DEF Timer TimeSensor { }
ROUTE Timer.fraction_changed TO Root.set_rotation
`;

  it("reads transforms, DEF/USE, materials, non-convex faces and the UNIT statement", async () => {
    const { summary } = await convert(utf8(classic), "x3d");
    expect(summary.triangles).toBe(12 + 12 + 4);
    expect(summary.parts).toBe(3);
    expect(summary.units).toBe("centimetres");
    expectSize(summary, [3, 4, 16]);
    expect(summary.colours).toEqual(["red"]); // the face without an Appearance has no colour of its own
  });

  it("reads VRML97 text the same way and refuses a prototype's instance", async () => {
    const vrml = `#VRML V2.0 utf8\nTransform { children [ Shape { geometry Sphere { radius 2 } } ] }`;
    const { summary } = await convert(utf8(vrml), "x3d");
    expect(summary.triangles).toBe(960);
    expectSize(summary, [4, 4, 4]);
    const proto = await failure(
      utf8(`#X3D V3.3 utf8\nPROTO Wheel [ ] { Shape { geometry Box { } } }\nWheel { }`),
      "x3d",
    );
    expect(proto.code).toBe("unsupported");
  });

  it("fails with a reason on an unterminated string", async () => {
    const error = await failure(utf8('#X3D V3.3 utf8\nShape { geometry Text { string [ "never closed ] } }'), "x3d");
    expect(error.message).toContain("unterminated string");
  });

  it("is accepted at upload under .x3d (the .x3dv name maps to it)", () => {
    expect(sniffModel({ head: utf8(classic), size: classic.length, ext: "x3d" })).toBeNull();
  });
});

// ------------------------------------------------------------------------------------------ encodings

function encode(text: string, encoding: "utf-8-bom" | "utf-16le" | "utf-16be"): Uint8Array {
  if (encoding === "utf-8-bom") return new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
  const le = Buffer.from(`\uFEFF${text}`, "utf16le");
  if (encoding === "utf-16le") return new Uint8Array(le);
  const be = Buffer.from(le);
  be.swap16();
  return new Uint8Array(be);
}

describe("text decoded by its byte-order mark", () => {
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const formats: Array<[ModelExtension, () => string, number]> = [
    ["obj", () => decode(cubes.cubeObj()), 12],
    ["dae", () => decode(cubes.cubeDae()), 12],
    ["x3d", () => decode(cubes.cubeX3d()), 12],
    ["stl", () => decode(cubes.cubeStlAscii()), 12],
    ["ply", () => decode(cubes.cubePly()), 12],
    ["gltf", () => decode(cubes.cubeGltf()), 12],
  ];
  const encodings = ["utf-8-bom", "utf-16le", "utf-16be"] as const;
  const cases = formats.flatMap(([ext, make, triangles]) =>
    encodings.map((encoding) => [ext, encoding, make, triangles] as const),
  );

  it.each(cases)("sniffs and converts %s saved as %s", async (ext, encoding, make, triangles) => {
    const bytes = encode(make(), encoding);
    expect(sniffModel({ head: bytes.subarray(0, 64 * 1024), size: bytes.byteLength, ext })).toBeNull();
    const { summary } = await convert(bytes, ext);
    expect(summary.triangles).toBe(triangles);
    expectSize(summary, [1, 1, 1]);
  });

  it.each(["utf-16le", "utf-16be"] as const)("converts a STEP file saved as %s", async (encoding) => {
    const step = readFileSync(path.join(fixtures, "cube.step"), "latin1");
    const bytes = encode(step, encoding);
    expect(sniffModel({ head: bytes.subarray(0, 64 * 1024), size: bytes.byteLength, ext: "step" })).toBeNull();
    const { summary } = await convert(bytes, "step");
    expect(summary.triangles).toBe(12);
    expect(summary.units).toBe("millimetres");
  });

  it("still refuses binary content dressed with a byte-order mark", () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sniffModel({ head: bytes, size: bytes.byteLength, ext: "obj" })).toBe(
      "This file's contents are not a valid .obj model.",
    );
  });

  it("keeps reading a binary STL whose header happens to start like a byte-order mark", async () => {
    const stl = cubes.cubeStlBinary();
    stl.set([0xff, 0xfe, 0x41, 0x00], 0);
    const { summary } = await convert(stl, "stl");
    expect(summary.triangles).toBe(12);
  });
});

// ------------------------------------------------------------------------------------------ OBJ / STL numbers

describe("the fast OBJ and STL readers", () => {
  it.each([
    ["1", 1],
    ["-2", -2],
    ["+3", 3],
    ["2.", 2],
    [".5", 0.5],
    ["-.5e1", -5],
    ["2.e1", 20],
    ["+1e+2", 100],
    ["1E2", 100],
    ["1e-2", 0.01],
    ["0x10", 16],
    ["0x1.8p1", 3],
    ["-0X.8P0", -0.5],
    ["0x1P-2", 0.25],
    ["inf", Infinity],
    ["-Infinity", -Infinity],
  ] as const)("reads %s as strtod does", (token, value) => {
    expect(parseCNumber(token)).toBe(value);
  });

  it.each(["nan", "NAN(123)", "1e", "e1", "1.2.3", "0x", "--1", "1,5", ""])("reads %j as no number", (token) => {
    expect(parseCNumber(token)).toBeNaN();
  });

  it("converts an OBJ written with every number form", async () => {
    const obj = [
      "v 0 0 0",
      "v 2.e1 0 0",
      "v +1e+2 1E2 0",
      "v .5 0x1p1 -0.25e1",
      "vn 0 0 1.",
      "f 1//1 2//1 3//1",
      "f 1//1 3//1 4//1",
    ].join("\r\n");
    const { summary } = await convert(utf8(obj), "obj");
    expect(summary.triangles).toBe(2);
    expectSize(summary, [100, 100, 2.5]);
  });

  it("converts an ASCII STL written with every number form", async () => {
    const stl = `solid t\nfacet normal 0 0 +1.E0\nouter loop\nvertex 0 0 0\nvertex 2.e1 0 0\nvertex +1e+2 1E2 0x1p3\nendloop\nendfacet\nendsolid t\n`;
    const { summary } = await convert(utf8(stl), "stl");
    expect(summary.triangles).toBe(1);
    expectSize(summary, [100, 100, 8]);
  });

  it("hands an OBJ it cannot read to assimp instead of failing the job", async () => {
    // a vertex with a non-finite coordinate that no face uses: the fast reader gives up, assimp reads the rest
    const obj = ["v 0 0 0", "v 1 0 0", "v 0 1 0", "v inf 0 0", "f 1 2 3"].join("\n");
    const { summary } = await convert(utf8(obj), "obj");
    expect(summary.triangles).toBe(1);
  });

  it("hands an STL with a facet layout it cannot read to assimp", async () => {
    // a facet without its "outer loop": the fast reader's pattern misses it, assimp reads it
    const stl = `solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nfacet normal 0 0 1\nvertex 0 0 1\nvertex 1 0 1\nvertex 0 1 1\nendfacet\nendsolid t\n`;
    const { summary } = await convert(utf8(stl), "stl");
    expect(summary.triangles).toBe(2);
    expectSize(summary, [1, 1, 1]);
  });
});

describe("the description stored in the GLB", () => {
  it("is read back from a stored GLB's JSON chunk, as the model's page does", async () => {
    const result = await convertModel(
      x3d(shape('<Box size="2 4 6"/>', '<Appearance><Material diffuseColor="0 0 1"/></Appearance>')),
      "x3d",
    );
    const folder = `summary-test-${Date.now()}`;
    await modelStorage.put(`${folder}/model.glb`, result.glb);
    try {
      expect(await getModelSummary({ glbKey: `${folder}/model.glb` })).toEqual({
        units: "metres",
        size: [2, 4, 6],
        parts: 1,
        triangles: 12,
        lines: 0,
        points: 0,
        colours: ["blue"],
      });
    } finally {
      await modelStorage.remove(folder);
    }
  });
});

describe("units", () => {
  it("reports COLLADA in metres, with its <unit> applied", async () => {
    const dae = new TextDecoder()
      .decode(cubes.cubeDae())
      .replace(/<unit[^>]*\/>/, '<unit meter="0.01" name="centimeter"/>');
    const { summary } = await convert(utf8(dae), "dae");
    expect(summary.units).toBe("metres");
    expectSize(summary, [0.01, 0.01, 0.01]);
  });

  it("says nothing of units for formats that do not give them", async () => {
    const { summary } = await convert(cubes.cubeObj(), "obj");
    expect(summary.units).toBeNull();
    expect(summary.colours).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------ 3MF

const CORE = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02";
const PRODUCTION = "http://schemas.microsoft.com/3dmanufacturing/production/2015/06";
const MATERIAL = "http://schemas.microsoft.com/3dmanufacturing/material/2015/02";

function package3mf(parts: Record<string, string>): Uint8Array {
  const files: Record<string, Uint8Array> = {
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
    ),
  };
  for (const [name, content] of Object.entries(parts)) files[name] = strToU8(content);
  return zipSync(files);
}

const tetra = (extra = "") => `<mesh><vertices>
  <vertex x="0" y="0" z="0"/><vertex x="1" y="0" z="0"/><vertex x="0" y="1" z="0"/><vertex x="0" y="0" z="1"/></vertices>
  <triangles><triangle v1="0" v2="2" v3="1" ${extra}/><triangle v1="0" v2="1" v3="3" ${extra}/><triangle v1="0" v2="3" v3="2"/><triangle v1="1" v2="2" v3="3"/></triangles></mesh>`;

describe("3MF", () => {
  it("places components kept in other model parts (production extension) with build and component transforms", async () => {
    const root = `<?xml version="1.0" encoding="UTF-8"?>
<model unit="inch" xmlns="${CORE}" xmlns:p="${PRODUCTION}" requiredextensions="p">
  <resources>
    <object id="1" type="model"><components>
      <component objectid="7" p:path="/3D/Objects/part.model" transform="1 0 0 0 1 0 0 0 1 10 0 0"/>
      <component objectid="7" p:path="/3D/Objects/part.model" transform="2 0 0 0 2 0 0 0 2 0 0 0"/>
    </components></object>
  </resources>
  <build><item objectid="1" transform="1 0 0 0 1 0 0 0 1 0 0 5" p:UUID="b7f1"/></build>
</model>`;
    const part = `<?xml version="1.0" encoding="UTF-8"?><model unit="inch" xmlns="${CORE}"><resources><object id="7" type="model">${tetra()}</object></resources></model>`;
    const { summary } = await convert(package3mf({ "3D/3dmodel.model": root, "3D/Objects/part.model": part }), "3mf");
    expect(summary.triangles).toBe(8);
    expect(summary.parts).toBe(2);
    expect(summary.units).toBe("inches");
    // the scaled copy spans 0..2, the moved one 10..11 along x; both lifted by the build item to z 5..7
    expectSize(summary, [11, 2, 2]);
  });

  it("names vertex colours instead of the white factor they are multiplied by, and a grey as a grey (issue 47)", () => {
    const document = new Document();
    const buffer = document.createBuffer();
    const corners = (values: number[], type: "VEC3" | "VEC4") =>
      document.createAccessor().setBuffer(buffer).setType(type).setArray(new Float32Array(values));
    // two triangles: one red, one green, vertex by vertex; the material is glTF's white
    const primitive = document
      .createPrimitive()
      .setAttribute("POSITION", corners([0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 3, 0, 0, 2, 1, 0], "VEC3"))
      .setAttribute("COLOR_0", corners([1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0], "VEC3"))
      .setMaterial(document.createMaterial().setBaseColorFactor([1, 1, 1, 1]));
    const node = document.createNode().setMesh(document.createMesh().addPrimitive(primitive));
    document.createScene().addChild(node);
    expect(summariseDocument(document, null).colours).toEqual(["red", "lime"]);
    // a light neutral grey was the nearest keyword "lavender" (230, 230, 250)
    for (const grey of [0.8, 0.5, 0.2, 0.05]) {
      const name = colourName([grey, grey, grey, 1]);
      expect([
        "black",
        "dimgrey",
        "grey",
        "darkgrey",
        "silver",
        "lightgrey",
        "gainsboro",
        "whitesmoke",
        "white",
      ]).toContain(name);
    }
    expect(colourName([0.8, 0.8, 0.8, 1])).toBe("gainsboro");
    expect(colourName([1, 0, 0, 1])).toBe("red");
    expect(colourName([0.79, 0.79, 0.95, 1])).toBe("lavender"); // a colour with a hue keeps its name
  });

  it("colours triangles from base materials and colour groups", async () => {
    const root = `<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xmlns="${CORE}" xmlns:m="${MATERIAL}">
  <resources>
    <basematerials id="1"><base name="Red" displaycolor="#FF0000"/><base name="Glass" displaycolor="#0000FF80"/></basematerials>
    <m:colorgroup id="2"><m:color color="#00FF00FF"/><m:color color="#FFFFFF"/></m:colorgroup>
    <object id="3" type="model" pid="1" pindex="0">${tetra('pid="2" p1="0" p2="0" p3="0"')}</object>
    <object id="4" type="model" pid="1" pindex="1">${tetra()}</object>
  </resources>
  <build><item objectid="3"/><item objectid="4" transform="1 0 0 0 1 0 0 0 1 0 3 0"/></build>
</model>`;
    const { summary } = await convert(package3mf({ "3D/3dmodel.model": root }), "3mf");
    expect(summary.triangles).toBe(8);
    expect(summary.units).toBe("millimetres");
    expect(summary.colours).toEqual(["lime", "red", "blue (50% transparent)"]);
    expectSize(summary, [1, 4, 1]);
  });

  it("fails with a reason when a component names a part the package does not hold", async () => {
    const root = `<?xml version="1.0" encoding="UTF-8"?><model xmlns="${CORE}" xmlns:p="${PRODUCTION}"><resources><object id="1"><components><component objectid="2" p:path="/3D/missing.model"/></components></object></resources><build><item objectid="1"/></build></model>`;
    const error = await failure(package3mf({ "3D/3dmodel.model": root }), "3mf");
    expect(error.code).toBe("translation_failed");
    expect(error.message).toContain("/3D/missing.model");
  });
});

// ------------------------------------------------------------------------------------------ DWG

describe("DWG entities", () => {
  const point = (x: number, y: number, z = 0) => ({ x, y, z });

  it("turns 3DFACE entities into triangles (a fourth corner equal to the third makes one triangle)", () => {
    const entities: DwgEntity[] = [
      { type: "3DFACE", corner1: point(0, 0), corner2: point(4, 0), corner3: point(4, 2, 3), corner4: point(0, 2, 3) },
      { type: "3DFACE", corner1: point(0, 0), corner2: point(1, 0), corner3: point(1, 1), corner4: point(1, 1) },
      { type: "LINE", startPoint: point(0, 0), endPoint: point(0, 0, 9) },
    ];
    const summary = summariseDocument(meshesToDocument(drawingMeshes(entities, [])), null);
    expect(summary).toMatchObject({ triangles: 3, lines: 1, parts: 2, size: [4, 2, 9] });
  });

  it("draws a DWG's dark lines and a light model's faces on the poster at 3:1 or more against its background (issue 47)", () => {
    const point = (x: number, y: number, z = 0) => ({ x, y, z });
    const drawing = meshesToDocument(
      drawingMeshes(
        [
          { type: "LINE", startPoint: point(0, 0), endPoint: point(4, 0) },
          { type: "LINE", startPoint: point(4, 0), endPoint: point(4, 3) },
        ],
        [],
      ),
    );
    const poster = posterSvg(drawing, "plan");
    const background = /<rect [^>]*fill="(#[0-9a-f]{6})"/.exec(poster)![1]!;
    expect(background).toBe(VIEWER_BACKGROUND); // not the old lavender
    const strokes = [...poster.matchAll(/<line [^>]*stroke="rgb\((\d+),(\d+),(\d+)\)"/g)].map((m) =>
      linearFromHex(
        `#${m
          .slice(1, 4)
          .map((c) => Number(c).toString(16).padStart(2, "0"))
          .join("")}`,
      ),
    );
    expect(strokes.length).toBeGreaterThan(0);
    for (const stroke of strokes) expect(contrastRatio(stroke, linearFromHex(background))).toBeGreaterThanOrEqual(3);
    // a white model (plaster, paper) measured 1.2:1 on the lavender
    const white = meshesToDocument([
      { name: "sheet", positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), color: [1, 1, 1, 1] },
    ]);
    const fills = [...posterSvg(white, "sheet").matchAll(/<polygon [^>]*fill="rgb\((\d+),(\d+),(\d+)\)"/g)];
    expect(fills.length).toBe(1);
    const fill = linearFromHex(
      `#${fills[0]!
        .slice(1, 4)
        .map((c) => Number(c).toString(16).padStart(2, "0"))
        .join("")}`,
    );
    expect(contrastRatio(fill, linearFromHex(background))).toBeGreaterThanOrEqual(3);
  });

  it("reads polyface and polygon meshes from the DXF that libredwg writes, as triangles", () => {
    const groups = (pairs: Array<[number, string | number]>) =>
      pairs.map(([c, v]) => `${String(c).padStart(3)}\n${v}`).join("\n");
    const vertex = (x: number, y: number, z: number, flag: number, faces: number[] = []) =>
      groups([
        [0, "VERTEX"],
        [8, "0"],
        [10, x],
        [20, y],
        [30, z],
        [70, flag],
        ...faces.map((f, i) => [71 + i, f] as [number, number]),
      ]);
    const dxf = [
      groups([
        [0, "SECTION"],
        [2, "HEADER"],
        [9, "$INSUNITS"],
        [70, 4],
        [0, "ENDSEC"],
        [0, "SECTION"],
        [2, "ENTITIES"],
      ]),
      // a polyface: a square pyramid's 5 vertices, 4 triangular sides and a quad base (with an invisible edge)
      groups([
        [0, "POLYLINE"],
        [8, "0"],
        [66, 1],
        [70, 64],
        [71, 5],
        [72, 5],
      ]),
      vertex(0, 0, 0, 192),
      vertex(2, 0, 0, 192),
      vertex(2, 2, 0, 192),
      vertex(0, 2, 0, 192),
      vertex(1, 1, 3, 192),
      vertex(0, 0, 0, 128, [1, 2, 5]),
      vertex(0, 0, 0, 128, [2, 3, 5]),
      vertex(0, 0, 0, 128, [3, 4, 5]),
      vertex(0, 0, 0, 128, [4, 1, 5]),
      vertex(0, 0, 0, 128, [1, -2, 3, 4]),
      groups([
        [0, "SEQEND"],
        [8, "0"],
      ]),
      // a 3×2 polygon mesh: 2 × 1 cells
      groups([
        [0, "POLYLINE"],
        [8, "0"],
        [66, 1],
        [70, 16],
        [71, 3],
        [72, 2],
      ]),
      vertex(10, 0, 0, 64),
      vertex(10, 1, 0, 64),
      vertex(11, 0, 1, 64),
      vertex(11, 1, 1, 64),
      vertex(12, 0, 0, 64),
      vertex(12, 1, 0, 64),
      groups([
        [0, "SEQEND"],
        [8, "0"],
      ]),
      // an ordinary 3D polyline is not a mesh
      groups([
        [0, "POLYLINE"],
        [8, "0"],
        [66, 1],
        [70, 8],
      ]),
      vertex(0, 0, 0, 32),
      vertex(5, 5, 5, 32),
      groups([
        [0, "SEQEND"],
        [0, "ENDSEC"],
        [0, "EOF"],
      ]),
    ].join("\n");
    const polylines = dxfPolylineMeshes(dxf);
    expect(polylines.map((p) => [p.flag, p.m, p.n, p.vertices.length])).toEqual([
      [64, 5, 5, 10],
      [16, 3, 2, 6],
    ]);
    const summary = summariseDocument(meshesToDocument(drawingMeshes([], polylines)), "millimetres");
    expect(summary.triangles).toBe(4 + 2 + 4);
    expectSize(summary, [12, 2, 3]);
  });

  it("finds nothing viewable in a drawing of 3D solids alone, which the page reports in the spec's words", async () => {
    expect(drawingMeshes([{ type: "3DSOLID" }, { type: "MTEXT" }], [])).toEqual([]);
    expect(failureMessage("no_geometry: the model holds no vertices")).toBe("No viewable geometry found in the model");
    expect(failureMessage("translation_failed: libredwg could not read the DWG file")).toBe(
      "Model translation failed. Please try a different file.",
    );
  });

  it("fails with translation_failed on bytes libredwg cannot read", async () => {
    const bytes = new Uint8Array(4096);
    bytes.set(utf8("AC1032"), 0);
    const error = await failure(bytes, "dwg");
    expect(["translation_failed", "no_geometry"]).toContain(error.code);
  });
});
