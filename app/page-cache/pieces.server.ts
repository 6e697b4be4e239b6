import { createHash } from "node:crypto";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { pageHoleTags } from "~/components/page-hole";
import type { TemplatedMember, Variant } from "./section";

/**
 * The cutter and the assembler: a rendered page kept as pieces, its text cut where each response puts in its own
 * (the CSP nonce, each hole's fill, a member's id, name and e-mail address), and put together again per response.
 * Why bytes and not React (a kept page is sent without rendering it), and what is still made by the libraries that
 * made the page: decision 390, "The cutter stays".
 */
export type Piece = Buffer | number;
const NONCE = -1;
/** A fill: a hole's (by its index) or, after the holes', one of the member's places (`memberFillsOf`). */
export type Fill = Buffer | undefined;

type Cut = { at: number; length: number; piece: number };

/**
 * A rendered page as pieces: cut at each place of its nonce, inside each hole's empty element (its first in the
 * page) and, for a member template, at each place of the template member's id, name and address. Null when the
 * template member is somewhere the cache cannot put another member in (a script other than the page's data).
 */
export function piecesOf(body: Buffer, nonce: Buffer, holes: string[], member?: TemplatedMember): Piece[] | null {
  const cuts: Cut[] = placesOf(body, nonce).map((at) => ({ at, length: nonce.byteLength, piece: NONCE }));
  holes.forEach((name, index) => {
    const { open, close } = pageHoleTags(name);
    const at = body.indexOf(open + close);
    if (at !== -1) cuts.push({ at: at + Buffer.byteLength(open), length: 0, piece: index });
  });
  if (member) {
    const memberCuts = memberCutsOf(body, member, holes.length);
    if (!memberCuts) return null;
    cuts.push(...memberCuts);
  }
  cuts.sort((a, b) => a.at - b.at);
  const pieces: Piece[] = [];
  let start = 0;
  for (const cut of cuts) {
    if (cut.at < start) return null;
    pieces.push(body.subarray(start, cut.at), cut.piece);
    start = cut.at + cut.length;
  }
  pieces.push(body.subarray(start));
  return pieces;
}

/** Whether a kept page has a place (a hole, a member's address) that `fills` has nothing for. */
export const lacksFill = (pieces: Piece[], fills: Fill[]) =>
  pieces.some((piece) => typeof piece === "number" && piece >= 0 && !fills[piece]);

/** A variant's part for each of the section's holes; null when it lacks one (the page is rendered for the request). */
export function fillsOf(holes: string[] = [], variant: Variant): Buffer[] | null {
  const fills = holes.map((name) => variant.holes?.[name]);
  return fills.some((fill) => fill === undefined) ? null : fills.map((fill) => Buffer.from(fill!));
}

export function assemble(pieces: Piece[], nonce: Buffer, fills: Fill[]): Buffer<ArrayBuffer> {
  return Buffer.concat(parts(pieces, nonce, fills));
}

/** The page's bytes in order, the kept ones not copied: written one after another, the page is never joined. */
export function parts(pieces: Piece[], nonce: Buffer, fills: Fill[]): Buffer[] {
  return pieces.map((piece) => (typeof piece !== "number" ? piece : piece === NONCE ? nonce : fills[piece]!));
}

/** A kept page's ETag: a hash of its text without the nonce (with its holes empty). */
export function etagOf(pieces: Piece[]): string {
  const hash = createHash("sha256");
  for (const piece of pieces) {
    if (typeof piece !== "number") hash.update(piece);
    else hash.update(piece === NONCE ? "\0" : `\0hole ${piece}\0`);
  }
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** A filled page's ETag: the kept page's, hashed with what each hole (and member's place) holds in this response. */
export function filledEtag(etag: string, fills: Fill[]): string {
  const hash = createHash("sha256").update(etag);
  for (const fill of fills) if (fill) hash.update(`\0${fill.byteLength}\0`).update(fill);
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

function placesOf(body: Buffer, text: Buffer): number[] {
  const places: number[] = [];
  if (text.byteLength === 0) return places;
  for (let at = body.indexOf(text); at !== -1; at = body.indexOf(text, at + text.byteLength)) places.push(at);
  return places;
}

/** A JavaScript string's escaped quote, around each string of the turbo-stream in the page's data script. */
const DATA_QUOTE = Buffer.from('\\"');

/**
 * Where a member template holds its template member (decisions 120, 122): the id, as digits wherever it is (the
 * page's data), and the name and e-mail address, each in the page's text (the template member's hold no character
 * React escapes) or in the page's data, as a whole turbo-stream string inside Remix's script. Null when one is
 * anywhere else.
 */
function memberCutsOf(body: Buffer, templateMember: TemplatedMember, first: number): Cut[] | null {
  const cuts: Cut[] = [];
  const id = Buffer.from(String(templateMember.id));
  const isDigit = (at: number) => at >= 0 && at < body.byteLength && body[at]! >= 0x30 && body[at]! <= 0x39;
  for (const at of placesOf(body, id)) {
    if (isDigit(at - 1) || isDigit(at + id.byteLength)) return null;
    cuts.push({ at, length: id.byteLength, piece: first });
  }
  // `memberFillsOf`'s order: the id, the name in the text and in the data, the address in the text and in the data.
  const texts: [string, number, number][] = [[templateMember.name, first + 1, first + 2]];
  if (templateMember.email) texts.push([templateMember.email, first + 3, first + 4]);
  for (const [value, inText, inData] of texts) {
    const text = Buffer.from(value);
    for (const at of placesOf(body, text)) {
      const inScript = body.lastIndexOf("<script", at) > body.lastIndexOf("</script>", at);
      if (!inScript) {
        cuts.push({ at, length: text.byteLength, piece: inText });
        continue;
      }
      const quoted =
        body.subarray(at - DATA_QUOTE.byteLength, at).equals(DATA_QUOTE) &&
        body.subarray(at + text.byteLength, at + text.byteLength + DATA_QUOTE.byteLength).equals(DATA_QUOTE);
      if (!quoted) return null;
      cuts.push({ at: at - DATA_QUOTE.byteLength, length: text.byteLength + 2 * DATA_QUOTE.byteLength, piece: inData });
    }
  }
  return cuts;
}

/** Remix's escaping of the page's data script (`escapeHtml` of @remix-run/react's markup.js, not exported). */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** A text as React writes it into a page (text and attribute values escape alike in React 18). */
const inText = (value: string) => Buffer.from(renderToStaticMarkup(createElement(Fragment, null, value)));

/**
 * A string as the page's data holds it: turbo-stream writes it as JSON, Remix writes the chunk into a script as a
 * JavaScript string (JSON again, then escaped for HTML), quotes included (the template's cut takes the template
 * member's quotes).
 */
const inData = (value: string) =>
  Buffer.from(
    JSON.stringify(JSON.stringify(value))
      .slice(1, -1)
      .replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!),
  );

/** A member's id, name and e-mail address as their page holds them (`memberCutsOf`'s order); none without one. */
export const memberFillsOf = ({ id, name, email }: TemplatedMember): Fill[] => [
  Buffer.from(String(id)),
  inText(name),
  inData(name),
  email ? inText(email) : undefined,
  email ? inData(email) : undefined,
];
