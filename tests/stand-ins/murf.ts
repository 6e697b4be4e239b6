import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { toneMp3 } from "./tone";

/**
 * A loopback stand-in for Murf.ai's REST API, as the adapter (app/speech/murf.server.ts) uses it:
 *
 *   POST /v1/speech/generate   header `api-key`, JSON {voiceId, text, format, encodeAsBase64, …}
 *     200 {audioFile, encodedAudio (when encodeAsBase64), audioLengthInSeconds, consumedCharacterCount,
 *          remainingCharacterCount, wordDurations}
 *     400/401 {errorMessage, errorCode}
 *   GET /audio/:id.mp3         the file that `audioFile` points to
 *
 * Audio is a real MP3 tone whose length follows the text (900 characters a minute, the spec's estimate).
 * `failWith` makes every generate call answer that status, to exercise the caller's fallback.
 */
export type MurfStandIn = {
  url: string;
  requests: Array<{ apiKey: string | undefined; body: Record<string, unknown> }>;
  failWith: number | null;
  close: () => Promise<void>;
};

const VOICE_ID = /^[a-z]{2}-[A-Z]{2}-[a-z-]+$/;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Murf's word timings: each word gets a share of the clip by its length, in order ({word, startMs, endMs}). */
function wordDurations(text: string, seconds: number) {
  const words = text.split(/\s+/).filter(Boolean);
  const total = words.reduce((n, word) => n + word.length + 1, 0);
  let at = 0;
  return words.map((word, sourceWordIndex) => {
    const startMs = Math.round((at / total) * seconds * 1000);
    at += word.length + 1;
    return { word, startMs, endMs: Math.round((at / total) * seconds * 1000), sourceWordIndex };
  });
}

export async function startMurfStandIn({ apiKey }: { apiKey: string }): Promise<MurfStandIn> {
  const files = new Map<string, Uint8Array>();
  const state: MurfStandIn = { url: "", requests: [], failWith: null, close: async () => {} };
  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", state.url);
    if (request.method === "GET" && url.pathname.startsWith("/audio/")) {
      const file = files.get(url.pathname.slice("/audio/".length));
      if (!file) return send(404, { errorMessage: "Not found", errorCode: 404 });
      response.writeHead(200, { "Content-Type": "audio/mpeg", "Content-Length": String(file.length) });
      return response.end(Buffer.from(file));
    }
    if (request.method !== "POST" || url.pathname !== "/v1/speech/generate") {
      return send(404, { errorMessage: "Not found", errorCode: 404 });
    }
    const key = request.headers["api-key"] as string | undefined;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return send(400, { errorMessage: "Invalid JSON", errorCode: 400 });
    }
    state.requests.push({ apiKey: key, body });
    if (key !== apiKey) return send(401, { errorMessage: "Invalid api key", errorCode: 401 });
    if (state.failWith) return send(state.failWith, { errorMessage: "Service unavailable", errorCode: state.failWith });
    const text = typeof body.text === "string" ? body.text : "";
    if (!text) return send(400, { errorMessage: "text is required", errorCode: 400 });
    if (typeof body.voiceId !== "string" || !VOICE_ID.test(body.voiceId)) {
      return send(400, { errorMessage: "Invalid voice_id", errorCode: 400 });
    }
    const seconds = Math.max(0.5, (text.length / 900) * 60);
    const audio = toneMp3(seconds);
    const id = `${state.requests.length}.mp3`;
    files.set(id, audio);
    send(200, {
      audioFile: `${state.url}/audio/${id}`,
      ...(body.encodeAsBase64 ? { encodedAudio: Buffer.from(audio).toString("base64") } : {}),
      audioLengthInSeconds: seconds,
      consumedCharacterCount: text.length,
      remainingCharacterCount: 100_000 - text.length,
      wordDurations: wordDurations(text, seconds),
      warning: "",
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
