import { PassThrough } from "node:stream";
import { parse as parseJsonAst, type AnyNode } from "@humanwhocodes/momoa";
import { unstable_parseMultipartFormData } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { cacheControl } from "./cache-control";
import { BODY_LIMIT_BYTES, checkWriteHeaders, TOO_LARGE_MESSAGE, writeKindOf } from "./request-guard.server";
import { hasLoneSurrogate } from "./user-text";

/**
 * The one place where every form and JSON body is looked at before any route reads it (decision 091). Forms
 * (application/x-www-form-urlencoded) and JSON bodies are read whole, checked, and handed on to Remix unchanged:
 *
 * - a field (form) or key (JSON object, at any depth) sent twice → 400 "The field "x" was sent more than once.";
 * - bytes that are not UTF-8 once percent-decoded (the form spelling of a lone surrogate, `%ED%A0%80`, which the
 *   URL decoder would otherwise turn silently into U+FFFD) → 400 naming the field;
 * - a JSON string holding a lone surrogate (`"\ud800"`, which JSON.parse accepts) → 400 naming the key;
 * - JSON that does not parse → 400.
 *
 * Multipart form bodies (a page's form sent as multipart/form-data, at most 64 KB like any form) are held to the
 * same rules (decision 297): each text field (a part without a filename) must be UTF-8, once, or the 400 names it.
 * Field-level text rules (controls, invisible text, lengths) stay in the schemas (app/utils/user-text.ts), which
 * name the field in their own words. The 3D upload's multipart body streams on untouched: its file is not text, and
 * its other fields are dropped unread (app/models3d/upload.server.ts).
 */
/** The write guard's limit (decision 082): nothing larger is read, here or by a route. */
export const MAX_CHECKED_BODY_BYTES = BODY_LIMIT_BYTES;

export class BodyProblem extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const duplicated = (name: string) => `The field "${name}" was sent more than once. Send each field once.`;
const badEncoding = (name: string) =>
  `The field "${name}" is not valid text: it contains bytes that are not UTF-8 (such as a lone surrogate).`;
const loneSurrogate = (name: string) => `The field "${name}" contains an invalid character (a lone surrogate).`;

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decodeFormComponent(bytes: Buffer): string | null {
  const out = Buffer.alloc(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x2b)
      out[length++] = 0x20; // '+' is a space
    else if (byte === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]!) && isHex(bytes[i + 2]!)) {
      out[length++] = parseInt(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!), 16);
      i += 2;
    } else out[length++] = byte;
  }
  try {
    return utf8.decode(out.subarray(0, length));
  } catch {
    return null;
  }
}

const isHex = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);

/**
 * Checks an application/x-www-form-urlencoded body; throws a BodyProblem. A field sent again with the same value is
 * not ambiguous and passes: lynx sends every submit button whose name and value equal the pressed one's (the home
 * generator's 7 on the wheel, Refresh and its relation card, decision 130); a field sent with two values is refused.
 */
export function checkFormBody(body: Buffer): void {
  const seen = new Map<string, Buffer>();
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf(0x26, start); // '&'
    if (end === -1) end = body.length;
    const pair = body.subarray(start, end);
    start = end + 1;
    if (pair.length === 0) continue;
    const eq = pair.indexOf(0x3d); // '='
    const rawName = eq === -1 ? pair : pair.subarray(0, eq);
    const name = decodeFormComponent(rawName);
    if (name === null) throw new BodyProblem(badEncoding(rawName.toString("latin1").slice(0, 40)));
    const rawValue = eq === -1 ? Buffer.alloc(0) : pair.subarray(eq + 1);
    if (eq !== -1 && decodeFormComponent(rawValue) === null) throw new BodyProblem(badEncoding(name));
    const earlier = seen.get(name);
    if (earlier && !earlier.equals(rawValue)) throw new BodyProblem(duplicated(name));
    seen.set(name, rawValue);
  }
}

/**
 * Checks a multipart/form-data body (read whole, within the form limit); rejects with a BodyProblem. Parsed by
 * Remix's own multipart reader, the one the routes' `request.formData()` uses, so both see the same parts.
 */
export async function checkMultipartBody(body: Buffer, contentType: string): Promise<void> {
  const seen = new Map<string, Buffer>();
  let problem: BodyProblem | null = null;
  const request = new Request("http://body.check/", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body: new Uint8Array(body),
  });
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, data }) => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of data) chunks.push(chunk);
      if (filename !== undefined || problem) return undefined;
      const value = Buffer.concat(chunks);
      if (!isWellFormed(name) || name.includes("\uFFFD")) problem = new BodyProblem(badEncoding(name.slice(0, 40)));
      else if (!isUtf8(value)) problem = new BodyProblem(badEncoding(name));
      else if (seen.has(name) && !seen.get(name)!.equals(value)) problem = new BodyProblem(duplicated(name));
      seen.set(name, value);
      return undefined;
    });
  } catch {
    throw new BodyProblem("The form could not be read: its multipart/form-data body is malformed.");
  }
  if (problem) throw problem;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Checks a JSON body: parses, refuses duplicate keys and lone surrogates anywhere; throws a BodyProblem. */
export function checkJsonBody(body: Buffer): void {
  if (body.length === 0) return;
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new BodyProblem("The request body is not valid UTF-8 JSON.");
  }
  if (!text.trim()) return;
  let document;
  try {
    document = parseJsonAst(text, { mode: "json" });
  } catch {
    throw new BodyProblem("The request body is not valid JSON.");
  }
  walk(document.body, "body");
}

function walk(node: AnyNode, name: string): void {
  if (node.type === "Object") {
    const seen = new Set<string>();
    for (const member of node.members) {
      const key = member.name.type === "String" ? member.name.value : String(member.name.name);
      if (!isWellFormed(key)) throw new BodyProblem(loneSurrogate(name));
      if (seen.has(key)) throw new BodyProblem(duplicated(key));
      seen.add(key);
      walk(member.value, key);
    }
  } else if (node.type === "Array") {
    for (const element of node.elements) walk(element.value, name);
  } else if (node.type === "String" && !isWellFormed(node.value)) {
    throw new BodyProblem(loneSurrogate(name));
  }
}

const isWellFormed = (text: string) => !hasLoneSurrogate(text);

type BodyKind = "form" | "multipart" | "json" | null;

function bodyKind(contentType: string | undefined, path: string): BodyKind {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return writeKindOf(path) === "upload" ? null : "multipart";
  if (type === "application/json" || type.endsWith("+json") || type === "text/plain" || type === "") return "json";
  return null;
}

/**
 * Wraps the Remix request handler: a checked body is read here, and Remix then reads the same bytes from a
 * replayed stream, so routes (and remix-auth's `request.clone().formData()`) see the body exactly as sent.
 */
export function withCheckedBodies(handler: RequestHandler): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const kind = req.method === "GET" || req.method === "HEAD" ? null : bodyKind(req.headers["content-type"], req.path);
    if (!kind) return handler(req, res, next);
    // A write the guard refuses on its headers alone (foreign origin, content type, declared size: decisions 081,
    // 082) is left to the guard's own answer, its body unread.
    if (checkWriteHeaders(req.path, headersOf(req))) return handler(req, res, next);
    readWhole(req, MAX_CHECKED_BODY_BYTES).then(
      (body) => {
        if (body === null) return refuse(req, res, new BodyProblem(TOO_LARGE_MESSAGE, 413));
        if (kind === "multipart") {
          return checkMultipartBody(body, req.headers["content-type"]!).then(
            () => handler(replay(req, body), res, next),
            (error: unknown) => (error instanceof BodyProblem ? refuse(req, res, error) : next(error)),
          );
        }
        try {
          if (kind === "form") checkFormBody(body);
          // A text/plain or untyped body is checked as JSON only when it looks like JSON.
          else if (
            isJsonType(req.headers["content-type"]) ||
            /^\s*[{[]/.test(body.subarray(0, 64).toString("latin1"))
          ) {
            checkJsonBody(body);
          }
        } catch (error) {
          if (error instanceof BodyProblem) return refuse(req, res, error);
          return next(error);
        }
        return handler(replay(req, body), res, next);
      },
      (error) => next(error),
    );
  };
}

const isJsonType = (contentType: string | undefined) => /json/i.test(contentType ?? "");

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return headers;
}

/** The body in memory, or null once it passes `max` (reading stops there; the server drains the rest). */
function readWhole(req: ExpressRequest, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      req.off("data", onData);
      req.pause();
      resolve(null);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/**
 * Forms answer a plain-text 400 page, API clients `{ error }` (the shape of every JSON error of the site).
 */
function refuse(req: ExpressRequest, res: ExpressResponse, problem: BodyProblem) {
  res.status(problem.status).set("Cache-Control", cacheControl.noStore);
  const wantsJson =
    isJsonType(req.headers["content-type"]) || req.path.startsWith("/api/") || req.path.endsWith(".data");
  if (wantsJson) res.json({ error: problem.message });
  else res.type("text/plain; charset=utf-8").send(problem.message);
}

/** The same request with its body readable again (the stream parts Remix's body reader uses). */
function replay(req: ExpressRequest, body: Buffer): ExpressRequest {
  const stream = new PassThrough();
  stream.end(body);
  const streamKeys = new Set<PropertyKey>([
    "on",
    "once",
    "off",
    "addListener",
    "removeListener",
    "removeAllListeners",
    "emit",
    "pipe",
    "unpipe",
    "read",
    "resume",
    "pause",
    "isPaused",
    "destroy",
    "readable",
    "readableEnded",
    "readableHighWaterMark",
    "readableFlowing",
    "destroyed",
    Symbol.asyncIterator,
  ]);
  return new Proxy(req, {
    get(target, key) {
      if (streamKeys.has(key)) {
        const value = Reflect.get(stream, key, stream);
        return typeof value === "function" ? value.bind(stream) : value;
      }
      return Reflect.get(target, key, target);
    },
  });
}
