import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { toneMp3 } from "./tone";

/**
 * A loopback stand-in for OpenAI's speech endpoint, as the official `openai` SDK calls it:
 *
 *   POST /v1/audio/speech   Authorization: Bearer <key>, JSON {model, voice, input, response_format, instructions?}
 *     200 raw audio/mpeg
 *     4xx {error: {message, type, code}}
 */
export type OpenAIStandIn = {
  baseURL: string;
  requests: Array<{ authorization: string | undefined; body: Record<string, unknown> }>;
  close: () => Promise<void>;
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

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startOpenAIStandIn({ apiKey }: { apiKey: string }): Promise<OpenAIStandIn> {
  const state: OpenAIStandIn = { baseURL: "", requests: [], close: async () => {} };
  const server: Server = createServer(async (request, response) => {
    const error = (status: number, message: string, type = "invalid_request_error") => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: { message, type, code: null } }));
    };
    if (request.method !== "POST" || request.url !== "/v1/audio/speech") return error(404, "Not found");
    const authorization = request.headers.authorization;
    const body = JSON.parse((await readBody(request)) || "{}") as Record<string, unknown>;
    state.requests.push({ authorization, body });
    if (authorization !== `Bearer ${apiKey}`) return error(401, "Incorrect API key provided", "authentication_error");
    if (typeof body.input !== "string" || !body.input) return error(400, "input is required");
    if (typeof body.voice !== "string" || !VOICES.has(body.voice))
      return error(400, `Invalid voice: ${String(body.voice)}`);
    if (body.response_format && body.response_format !== "mp3") return error(400, "Only mp3 in this stand-in");
    const audio = toneMp3(Math.max(0.5, (body.input.length / 900) * 60));
    response.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": String(audio.length) });
    response.end(Buffer.from(audio));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
