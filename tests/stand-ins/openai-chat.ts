import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small OpenAI-compatible server for tests, on loopback: chat completions (the JSON answer the test sets, or a
 * malformed one, or a slow one), image generations (a 1×1 PNG as b64_json) and moderations (flags inputs that
 * contain a word the test chooses). It records every request so a test can check what the real `openai` client
 * sent.
 */
export type ChatMode =
  | { kind: "json"; answer: unknown }
  | { kind: "malformed" }
  | { kind: "slow"; ms: number }
  | { kind: "error"; status: number };

export type StandIn = {
  baseURL: string;
  requests: Array<{ path: string; body: any }>;
  setChat(mode: ChatMode): void;
  flagWord: string;
  close(): Promise<void>;
};

const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

async function readBody(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return text;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
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

export async function startOpenAIStandIn(): Promise<StandIn> {
  let chat: ChatMode = { kind: "malformed" };
  const state: StandIn = {
    baseURL: "",
    requests: [],
    setChat: (mode) => {
      chat = mode;
    },
    flagWord: "forbiddenword",
    close: async () => {},
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? "";
    state.requests.push({ path, body });
    if (req.headers.authorization !== "Bearer test-key")
      return send(res, 401, { error: { message: "bad key", type: "invalid_request_error", code: "invalid_api_key" } });
    if (path === "/v1/chat/completions") {
      if (chat.kind === "json") return send(res, 200, completion(JSON.stringify(chat.answer)));
      if (chat.kind === "malformed") return send(res, 200, completion("The stars say: not JSON at all {"));
      if (chat.kind === "error")
        return send(res, chat.status, { error: { message: "stand-in failure", type: "server_error", code: null } });
      const timer = setTimeout(() => send(res, 200, completion("{}")), chat.ms);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    if (path === "/v1/images/generations") return send(res, 200, { created: 0, data: [{ b64_json: PNG_1x1 }] });
    if (path === "/v1/moderations") {
      const input = String(body?.input ?? "");
      return send(res, 200, {
        id: "modr-standin",
        model: "omni-moderation-latest",
        results: [{ flagged: input.toLowerCase().includes(state.flagWord), categories: {}, category_scores: {} }],
      });
    }
    send(res, 404, { error: { message: `no route ${path}`, type: "invalid_request_error", code: null } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.baseURL = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
