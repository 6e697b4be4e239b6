import { XMLParser } from "fast-xml-parser";
import { unzipSync } from "fflate";
import { ConversionError, type MeshData } from "./mesh";

/**
 * 3MF packages: the build items of the root model part, with their transforms; objects made of components,
 * including the production extension's components kept in other model parts of the same package (`p:path`);
 * triangle colours from base materials and the materials extension's colour groups. assimp's reader follows
 * neither components across parts nor colour groups, so 3MF is read here (fflate unzips, fast-xml-parser parses).
 * Only the package's own parts are read; nothing outside it is ever opened.
 */
type Attrs = Record<string, string>;
type XmlNode = Record<string, unknown>;
type Mat = number[]; // 3MF's 3×4 affine matrix, row vectors: [m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32]
type Rgba = [number, number, number, number];
type ModelPart = { objects: Map<string, XmlNode>; properties: Map<string, Rgba[]> };

const START_PART = "http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel";
/** Inflated bytes the model parts may reach before the package is refused. */
const MAX_INFLATED = 1024 * 1024 * 1024;
const MAX_TRIANGLES = 10_000_000;

const UNITS: Record<string, string> = {
  micron: "micrometres",
  millimeter: "millimetres",
  centimeter: "centimetres",
  inch: "inches",
  foot: "feet",
  meter: "metres",
};

export function read3mf(bytes: Uint8Array): { meshes: MeshData[]; units: string } {
  let files: Record<string, Uint8Array>;
  let inflated = 0;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!/\.(model|rels)$/i.test(file.name)) return false;
        inflated += file.originalSize;
        if (inflated > MAX_INFLATED)
          throw new ConversionError("translation_failed", "the 3MF package's model parts are too large once inflated");
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError(
      "translation_failed",
      `the 3MF package could not be unzipped: ${(error as Error).message}`,
    );
  }
  const byPath = new Map(
    Object.entries(files).map(([name, content]) => [`/${name.replace(/^\/+/, "")}`.toLowerCase(), content]),
  );
  const rootPath = startPart(byPath) ?? [...byPath.keys()].find((p) => p.endsWith(".model"));
  if (!rootPath) throw new ConversionError("translation_failed", "the 3MF package holds no model part");
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    removeNSPrefix: true,
    parseAttributeValue: false,
    processEntities: false,
    isArray: (name, _path, _leaf, isAttribute) =>
      !isAttribute && ["object", "component", "item", "base", "color", "basematerials", "colorgroup"].includes(name),
    // A mesh's thousands of <vertex>/<triangle> elements are read by meshElements (a DOM for each is slow).
    stopNodes: ["*.mesh"],
  });
  const parts = new Map<string, ModelPart & { root: XmlNode }>();
  const part = (partPath: string) => {
    const key = partPath.toLowerCase();
    let loaded = parts.get(key);
    if (loaded) return loaded;
    const content = byPath.get(key);
    if (!content)
      throw new ConversionError("translation_failed", `the 3MF package has no part ${partPath.slice(0, 80)}`);
    let xml: XmlNode;
    try {
      // not validated first: validation walks every mesh element, which the stop node spares the parser
      xml = parser.parse(new TextDecoder().decode(content)) as XmlNode;
    } catch (error) {
      throw new ConversionError(
        "translation_failed",
        `a 3MF model part is not well-formed XML: ${(error as Error).message}`,
      );
    }
    const root = xml.model as XmlNode | undefined;
    if (!root)
      throw new ConversionError("translation_failed", `the 3MF part ${partPath.slice(0, 80)} holds no <model>`);
    loaded = { root, ...resources(root) };
    parts.set(key, loaded);
    return loaded;
  };
  const root = part(rootPath);
  const meshes: MeshData[] = [];
  let triangles = 0;

  const place = (partPath: string, objectId: string, matrix: Mat, depth: number) => {
    if (depth > 32) throw new ConversionError("translation_failed", "3MF components nest too deeply");
    const model = part(partPath);
    const object = model.objects.get(objectId);
    if (!object)
      throw new ConversionError(
        "translation_failed",
        `the 3MF build names object ${objectId.slice(0, 20)}, which does not exist`,
      );
    const components = (object.components as XmlNode | undefined)?.component as XmlNode[] | undefined;
    for (const component of components ?? []) {
      const a = component as Attrs;
      // a component's path is the production extension's: the object lives in another model part
      place(
        a.path ? absolute(a.path) : partPath,
        a.objectid ?? "",
        multiply(transform(a.transform), matrix),
        depth + 1,
      );
    }
    const mesh = object.mesh;
    if (mesh === undefined) return;
    const raw = typeof mesh === "string" ? mesh : String((mesh as XmlNode)["#text"] ?? "");
    const vertices = meshElements(raw, "vertex");
    const list = meshElements(raw, "triangle");
    triangles += list.length;
    if (triangles > MAX_TRIANGLES)
      throw new ConversionError("translation_failed", `the 3MF model has more than ${MAX_TRIANGLES} triangles`);
    const positions = new Float32Array(vertices.length * 3);
    vertices.forEach((v, i) => {
      const [x, y, z] = [Number(v.x), Number(v.y), Number(v.z)];
      if (![x, y, z].every(Number.isFinite))
        throw new ConversionError("translation_failed", "a 3MF vertex holds a coordinate that is not a number");
      positions[i * 3] = x * matrix[0]! + y * matrix[3]! + z * matrix[6]! + matrix[9]! + 0;
      positions[i * 3 + 1] = x * matrix[1]! + y * matrix[4]! + z * matrix[7]! + matrix[10]! + 0;
      positions[i * 3 + 2] = x * matrix[2]! + y * matrix[5]! + z * matrix[8]! + matrix[11]! + 0;
    });
    // triangles grouped by colour: each colour becomes its own primitive
    const groups = new Map<string, { color: Rgba | undefined; indices: number[] }>();
    const objectAttrs = object as Attrs;
    for (const t of list) {
      const corners = [Number(t.v1), Number(t.v2), Number(t.v3)];
      if (!corners.every((c) => Number.isInteger(c) && c >= 0 && c < vertices.length)) {
        throw new ConversionError(
          "translation_failed",
          `a 3MF triangle names a vertex outside the ${vertices.length} vertices`,
        );
      }
      const pid = t.pid ?? objectAttrs.pid;
      const index = t.p1 ?? (t.pid ? "0" : objectAttrs.pindex) ?? "0";
      const color = pid !== undefined ? model.properties.get(pid)?.[Number(index)] : undefined;
      const key = color ? color.join(",") : "none";
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { color, indices: [] }));
      group.indices.push(...corners);
    }
    for (const group of groups.values()) {
      meshes.push({
        name: objectAttrs.name ?? `object-${objectId}`,
        positions,
        indices: new Uint32Array(group.indices),
        color: group.color,
      });
    }
  };

  const build = (root.root.build as XmlNode | undefined)?.item as Attrs[] | undefined;
  for (const item of build ?? [])
    place(item.path ? absolute(item.path) : rootPath, item.objectid ?? "", transform(item.transform), 0);
  return { meshes, units: UNITS[String((root.root as Attrs).unit ?? "millimeter")] ?? "millimetres" };
}

/** The attributes of each <vertex> or <triangle> (any namespace prefix) in a mesh's inner XML. */
function meshElements(xml: string, name: "vertex" | "triangle"): Attrs[] {
  const out: Attrs[] = [];
  const element = new RegExp(`<(?:[\\w.-]+:)?${name}\\b([^>]*)>`, "g");
  const attribute = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (const match of xml.matchAll(element)) {
    const attrs: Attrs = {};
    for (const a of match[1]!.matchAll(attribute)) attrs[a[1]!.replace(/^[\w.-]+:/, "")] = a[2] ?? a[3] ?? "";
    out.push(attrs);
  }
  return out;
}

function startPart(files: Map<string, Uint8Array>): string | null {
  const rels = files.get("/_rels/.rels");
  if (!rels) return null;
  const text = new TextDecoder().decode(rels);
  for (const match of text.matchAll(/<Relationship\b[^>]*>/g)) {
    const type = /\bType="([^"]*)"/.exec(match[0])?.[1];
    const target = /\bTarget="([^"]*)"/.exec(match[0])?.[1];
    if (type === START_PART && target) return absolute(target).toLowerCase();
  }
  return null;
}

function absolute(partPath: string): string {
  return `/${partPath.replace(/^\/+/, "")}`;
}

/** An object's resources: objects by id, and each property group's colours (base materials, colour groups). */
function resources(model: XmlNode): ModelPart {
  const res = (model.resources as XmlNode | undefined) ?? {};
  const objects = new Map<string, XmlNode>();
  for (const object of (res.object as XmlNode[] | undefined) ?? []) objects.set(String((object as Attrs).id), object);
  const properties = new Map<string, Rgba[]>();
  for (const group of (res.basematerials as XmlNode[] | undefined) ?? []) {
    properties.set(
      String((group as Attrs).id),
      ((group.base as Attrs[] | undefined) ?? []).map((b) => hexColour(b.displaycolor)),
    );
  }
  for (const group of (res.colorgroup as XmlNode[] | undefined) ?? []) {
    properties.set(
      String((group as Attrs).id),
      ((group.color as Attrs[] | undefined) ?? []).map((c) => hexColour(c.color)),
    );
  }
  return { objects, properties };
}

/** "#RRGGBB" or "#RRGGBBAA" in sRGB → linear RGBA for glTF. */
function hexColour(value: string | undefined): Rgba {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value?.trim() ?? "");
  if (!match) return [1, 1, 1, 1];
  const channel = (i: number) => Number.parseInt(match[1]!.slice(i * 2, i * 2 + 2), 16) / 255;
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return [
    linear(channel(0)),
    linear(channel(1)),
    linear(channel(2)),
    match[2] ? Number.parseInt(match[2], 16) / 255 : 1,
  ];
}

function transform(value: string | undefined): Mat {
  if (!value) return [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];
  const m = value.trim().split(/\s+/).map(Number);
  if (m.length !== 12 || !m.every(Number.isFinite))
    throw new ConversionError("translation_failed", "a 3MF transform is not twelve numbers");
  return m;
}

/** a then b (row vectors: p × a × b). */
function multiply(a: Mat, b: Mat): Mat {
  const out: number[] = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = r === 3 ? b[9 + c]! : 0;
      for (let k = 0; k < 3; k++) sum += a[r * 3 + k]! * b[k * 3 + c]!;
      out.push(sum);
    }
  }
  return out;
}
