/**
 * Text model formats arrive as UTF-8 (with or without a byte-order mark) or as UTF-16 in either byte order
 * (Windows tools write "Unicode" text that way). Every text format is decoded by its byte-order mark before it
 * is sniffed or read; `textAsUtf8` gives readers that take bytes (assimp, OpenCascade) plain UTF-8 without a mark.
 */
export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be";

export function textEncodingOf(bytes: Uint8Array): { encoding: TextEncodingName; bom: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: "utf-8", bom: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: "utf-16le", bom: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: "utf-16be", bom: 2 };
  return { encoding: "utf-8", bom: 0 };
}

/** The text of a file, decoded by its byte-order mark (UTF-8 when there is none); the mark itself is dropped. */
export function decodeText(bytes: Uint8Array): string {
  const { encoding, bom } = textEncodingOf(bytes);
  return new TextDecoder(encoding).decode(bytes.subarray(bom));
}

/** The same bytes as UTF-8 without a byte-order mark (unchanged, not copied, when they already are). */
export function textAsUtf8(bytes: Uint8Array): Uint8Array {
  const { encoding, bom } = textEncodingOf(bytes);
  if (encoding === "utf-8") return bom ? bytes.subarray(bom) : bytes;
  return new TextEncoder().encode(decodeText(bytes));
}
