import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toneMp3 } from "./tone";

/**
 * A loopback stand-in for OpenAI, as the official `openai` SDK calls it (Authorization: Bearer <key>; errors as
 * `{error: {message, type, code}}`). It records every request so a test can check what the real client sent.
 *
 *   POST /v1/chat/completions   the JSON answer the test sets (`setChat`), a malformed one, a slow one, or an error
 *   POST /v1/images/generations a 1×1 PNG as b64_json
 *   POST /v1/moderations        flags inputs that contain `flagWord`
 *   POST /v1/audio/speech       JSON {model, voice, input, response_format, instructions?} → raw audio/mpeg (a tone
 *                               as long as the text would take to read)
 */
export type ChatMode =
  | { kind: "json"; answer: unknown }
  | { kind: "malformed" }
  | { kind: "slow"; ms: number }
  | { kind: "error"; status: number };

export type OpenAIStandIn = {
  baseURL: string;
  requests: Array<{ path: string; authorization: string | undefined; body: Record<string, unknown> }>;
  setChat(mode: ChatMode): void;
  flagWord: string;
  close(): Promise<void>;
};

const VOICES = new Set([
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "onyx",
  "sage",
  "shimmer",
  "verse",
]);

const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** The request's JSON object; anything else (not JSON, not an object) reads as an empty one. */
async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function fail(response: ServerResponse, status: number, message: string, type = "invalid_request_error") {
  send(response, status, { error: { message, type, code: null } });
}

function completion(content: string) {
  return {
    id: "chatcmpl-standin",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "stand-in",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, refusal: null } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function speech(response: ServerResponse, body: Record<string, unknown>) {
  if (typeof body.input !== "string" || !body.input) return fail(response, 400, "input is required");
  if (typeof body.voice !== "string" || !VOICES.has(body.voice))
    return fail(response, 400, `Invalid voice: ${String(body.voice)}`);
  if (body.response_format && body.response_format !== "mp3") return fail(response, 400, "Only mp3 in this stand-in");
  const audio = toneMp3(Math.max(0.5, (body.input.length / 900) * 60));
  response.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": String(audio.length) });
  response.end(Buffer.from(audio));
}

/** Listens on loopback; requests must carry `apiKey` (401 otherwise). */
export async function startOpenAIStandIn({ apiKey = "test-key" }: { apiKey?: string } = {}): Promise<OpenAIStandIn> {
  let chat: ChatMode = { kind: "malformed" };
  const state: OpenAIStandIn = {
    baseURL: "",
    requests: [],
    setChat: (mode) => {
      chat = mode;
    },
    flagWord: "forbiddenword",
    close: async () => {},
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? "";
    const authorization = request.headers.authorization;
    state.requests.push({ path, authorization, body });
    if (authorization !== `Bearer ${apiKey}`)
      return send(response, 401, {
        error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" },
      });
    if (request.method !== "POST") return fail(response, 404, `no route ${request.method} ${path}`);
    if (path === "/v1/audio/speech") return speech(response, body);
    if (path === "/v1/chat/completions") {
      if (chat.kind === "json") return send(response, 200, completion(JSON.stringify(chat.answer)));
      if (chat.kind === "malformed") return send(response, 200, completion("The stars say: not JSON at all {"));
      if (chat.kind === "error") return fail(response, chat.status, "stand-in failure", "server_error");
      const timer = setTimeout(() => send(response, 200, completion("{}")), chat.ms);
      response.on("close", () => clearTimeout(timer));
      return;
    }
    if (path === "/v1/images/generations") return send(response, 200, { created: 0, data: [{ b64_json: PNG_1x1 }] });
    if (path === "/v1/moderations") {
      const input = String(body.input ?? "");
      return send(response, 200, {
        id: "modr-standin",
        model: "omni-moderation-latest",
        results: [{ flagged: input.toLowerCase().includes(state.flagWord), categories: {}, category_scores: {} }],
      });
    }
    fail(response, 404, `no route ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
