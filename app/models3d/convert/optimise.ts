import type { Accessor, Document, Primitive } from "@gltf-transform/core";

/**
 * The "optimising" stage: converters such as assimp write every triangle corner as its own vertex (a cube
 * becomes 36 vertices). Welding identical vertices (same position, normal, uv, colour: bit for bit) and
 * indexing them shrinks the model and gives a vertex count that describes the shape (8 for a plain cube, 24 when
 * each face carries its own normal). Unused buffers and accessors are dropped.
 */
export function weldDocument(document: Document): void {
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) weldPrimitive(document, primitive);
  }
  for (const accessor of document.getRoot().listAccessors()) {
    if (accessor.listParents().length <= 1) accessor.dispose();
  }
  const buffers = document.getRoot().listBuffers();
  const [first, ...rest] = buffers;
  if (first) {
    for (const accessor of document.getRoot().listAccessors()) accessor.setBuffer(first);
    for (const extra of rest) extra.dispose();
  }
}

function weldPrimitive(document: Document, primitive: Primitive): void {
  const position = primitive.getAttribute("POSITION");
  if (!position) return;
  const count = position.getCount();
  const semantics = primitive.listSemantics();
  const attributes = semantics.map((s) => primitive.getAttribute(s)!);
  // Skinned or morphed geometry keeps its layout: welding would need the targets too.
  if (primitive.listTargets().length > 0) return;
  const views = attributes.map((a) => bytesPerVertex(a));
  // Open-addressing hash table over the vertices' raw attribute words (bit-exact comparison).
  const remap = new Uint32Array(count);
  const firstOf: number[] = [];
  let size = 1;
  while (size < count * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  const same = (a: number, b: number) => {
    for (const view of views) {
      for (let k = 0; k < view.stride; k++)
        if (view.words[a * view.stride + k] !== view.words[b * view.stride + k]) return false;
    }
    return true;
  };
  for (let v = 0; v < count; v++) {
    let hash = 2166136261;
    for (const view of views) {
      for (let k = 0; k < view.stride; k++) hash = Math.imul(hash ^ view.words[v * view.stride + k]!, 16777619);
    }
    let slot = (hash >>> 0) & (size - 1);
    for (;;) {
      const entry = table[slot]!;
      if (entry === -1) {
        table[slot] = firstOf.length;
        remap[v] = firstOf.length;
        firstOf.push(v);
        break;
      }
      if (same(firstOf[entry]!, v)) {
        remap[v] = entry;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  const unique = firstOf.length;
  if (unique === count && primitive.getIndices()) return;
  for (const [i, semantic] of semantics.entries()) {
    const source = attributes[i]!;
    const size = source.getElementSize();
    const array = source.getArray()!;
    const Ctor = array.constructor as new (length: number) => typeof array;
    const next = new Ctor(unique * size);
    for (let u = 0; u < unique; u++) {
      const from = firstOf[u]! * size;
      for (let k = 0; k < size; k++) next[u * size + k] = array[from + k]!;
    }
    const accessor = document
      .createAccessor(source.getName())
      .setType(source.getType())
      .setArray(next)
      .setNormalized(source.getNormalized())
      .setBuffer(source.getBuffer());
    primitive.setAttribute(semantic, accessor);
  }
  const oldIndices = primitive.getIndices();
  const indexCount = oldIndices ? oldIndices.getCount() : count;
  const indices = new Uint32Array(indexCount);
  for (let i = 0; i < indexCount; i++) indices[i] = remap[oldIndices ? oldIndices.getScalar(i) : i]!;
  primitive.setIndices(document.createAccessor().setType("SCALAR").setArray(indices).setBuffer(position.getBuffer()));
}

function bytesPerVertex(accessor: Accessor): { words: Uint32Array; stride: number } {
  const array = accessor.getArray()!;
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  const stride4 = Math.ceil(array.byteLength / accessor.getCount() / 4);
  if ((array.byteLength / accessor.getCount()) % 4 === 0 && array.byteOffset % 4 === 0) {
    return { words: new Uint32Array(array.buffer, array.byteOffset, array.byteLength / 4), stride: stride4 };
  }
  // Odd-sized elements (8- or 16-bit attributes): copy into padded words.
  const perVertex = array.byteLength / accessor.getCount();
  const words = new Uint32Array(accessor.getCount() * stride4);
  const out = new Uint8Array(words.buffer);
  for (let v = 0; v < accessor.getCount(); v++)
    out.set(bytes.subarray(v * perVertex, (v + 1) * perVertex), v * stride4 * 4);
  return { words, stride: stride4 };
}

export function countVertices(document: Document): number {
  let total = 0;
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) total += primitive.getAttribute("POSITION")?.getCount() ?? 0;
  }
  return total;
}
