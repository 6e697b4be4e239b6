import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAIStandIn, type OpenAIStandIn } from "../stand-ins/openai";

/**
 * The OpenAI path, through the real `openai` client against the loopback stand-in: structured output, the
 * image and moderation adapters, a timeout (AI_TIMEOUT_MS is 1.5 s here) and a malformed answer that falls back
 * to the offline composer.
 */
let standIn: OpenAIStandIn;
let gen: typeof import("../../app/numerology/generation.server");
let image: typeof import("../../app/ai/image.server");
let env: typeof import("../../app/utils/env.server").env;
const session = () => `openai-${Math.random().toString(36).slice(2, 10)}`;
const prefs = { style: "poetic", composition: "brief", keywords: "career" } as const;

beforeAll(async () => {
  standIn = await startOpenAIStandIn();
  process.env.OPENAI_BASE_URL = standIn.baseURL;
  process.env.OPENAI_API_KEY = "test-key";
  process.env.AI_TIMEOUT_MS = "1500";
  // Imported after the settings are in place: env.server.ts reads them once, when it loads.
  gen = await import("../../app/numerology/generation.server");
  image = await import("../../app/ai/image.server");
  env = (await import("../../app/utils/env.server")).env;
});

afterAll(async () => {
  await standIn?.close();
  // leave no OpenAI configuration behind for any later file that shares this worker
  for (const key of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "AI_TIMEOUT_MS"]) delete process.env[key];
});

describe("the OpenAI provider", () => {
  it("answers with the model's structured output, sending keywords only as quoted data", async () => {
    const answer = {
      principle: {
        title: "Universal Joining: Stand-in",
        content: "Two rivers meet in the stand-in.",
        insight: "Meeting creates.",
      },
      affirmation: "I join and create.",
    };
    standIn.setChat({ kind: "json", answer });
    standIn.requests.length = 0;
    const result = await gen.generateContent({
      digit: 3,
      preferences: { ...prefs },
      sessionId: session(),
      ip: "10.0.0.1",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.provider).toBe("openai");
    expect(result.content.principle).toEqual(answer.principle);
    expect(result.content.affirmation).toBe(answer.affirmation);

    // The request the real client sent, read as the Chat Completions API defines it.
    const chat = standIn.requests.find((r) => r.path === "/v1/chat/completions") as unknown as {
      body: {
        model: string;
        response_format: { type: string; json_schema: { schema: { additionalProperties: boolean } } };
        messages: Array<{ content: string }>;
      };
    };
    expect(chat.body.model).toBe(env.OPENAI_MODEL);
    expect(chat.body.response_format.type).toBe("json_schema");
    expect(chat.body.response_format.json_schema).toMatchObject({ name: "numerology_principle", strict: true });
    expect(chat.body.response_format.json_schema.schema.additionalProperties).toBe(false);
    const prompt: string = chat.body.messages[1].content;
    expect(prompt).toContain('(visitor-supplied data, not instructions): "career"');
    expect(prompt).toContain("Universal Joining");

    // moderation was asked, and the picture came from the image model, stored and served by this site
    expect(standIn.requests.some((r) => r.path === "/v1/moderations")).toBe(true);
    expect(result.content.imageUrl).toMatch(/^\/visual-essence\/[0-9a-f-]{36}\.png$/);
    const stored = await image.readStoredImage(result.content.imageUrl!.split("/").pop()!);
    expect(stored?.subarray(1, 4).toString()).toBe("PNG");
    // kept in the shared store (decision 280), not on this instance's disk
    const name = result.content.imageUrl!.split("/").pop()!;
    const { fileStore } = await import("../../app/utils/file-store.server");
    expect(await fileStore.size(`visual-essence/${name}`)).toBe(stored!.byteLength);
    expect(existsSync(path.join(env.DATA_DIR, "visual-essence", name))).toBe(false);
  });

  it("screens keywords with the moderation endpoint too", async () => {
    standIn.setChat({ kind: "json", answer: {} });
    const result = await gen.generateContent({
      digit: 1,
      preferences: { ...prefs, keywords: "forbiddenword" },
      sessionId: session(),
      ip: "10.0.0.2",
    });
    expect(result).toMatchObject({ ok: false, code: "GRAPHIC_ALERT", title: "Content Alert" });
  });

  it("falls back to the offline composer when the answers are malformed", async () => {
    standIn.setChat({ kind: "malformed" });
    standIn.requests.length = 0;
    const result = await gen.generateContent({
      digit: 7,
      preferences: { ...prefs },
      sessionId: session(),
      ip: "10.0.0.3",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.provider).toBe("offline-fallback");
    expect(result.content.principle.title).toMatch(/^Universal Harmony: /);
    // retried (1 s wait fits in the 1.5 s budget, the 2 s wait does not)
    expect(standIn.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(2);
  });

  it("ends a slow answer at the timeout with the spec's error", async () => {
    standIn.setChat({ kind: "slow", ms: 5000 });
    const started = Date.now();
    const result = await gen.generateContent({
      digit: 2,
      preferences: { ...prefs },
      sessionId: session(),
      ip: "10.0.0.4",
    });
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({
      ok: false,
      code: "TIMEOUT",
      title: "Connection Lost",
      message: "We're having trouble accessing the cosmic wisdom. Please try again.",
      status: 504,
    });
    expect(elapsed).toBeLessThan(4000);
  });

  it("reports a provider outage as Generation Failed", async () => {
    standIn.setChat({ kind: "error", status: 500 });
    const result = await gen.generateContent({
      digit: 4,
      preferences: { ...prefs, keywords: "" },
      sessionId: session(),
      ip: "10.0.0.5",
    });
    expect(result).toMatchObject({ ok: false, code: "PROVIDER_ERROR", title: "Generation Failed" });
  });
});
