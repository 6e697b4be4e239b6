import { randomUUID } from "node:crypto";
import { action } from "~/routes/api.tts.generate";
import { closeEspeak } from "~/speech/espeak.server";
import { readMp3 } from "~/speech/mp3";
import { speak } from "~/speech/tts.server";
import { routeRequest, settle } from "../support/routes";

/** The speech domain and POST /api/tts/generate against the real database: cache, limits, validation. */
afterAll(async () => {
  await closeEspeak();
});

const context = { cspNonce: "", clientIp: "127.0.0.1" };

function post(body: unknown, sessionId = randomUUID()) {
  const request = routeRequest("/api/tts/generate", { json: body, headers: { "x-session-id": sessionId } });
  // The raw Response: the tests read the audio bytes.
  return settle(() => action({ request, context, params: {} } as never)) as Promise<Response>;
}

describe("speak()", () => {
  it("synthesises once, then serves the clip from the cache with the same ETag", async () => {
    const text = `Seven plus three equals ten. ${randomUUID()}`;
    const person = { ip: randomUUID(), userId: null, sessionId: randomUUID() };
    const first = await speak({ text, voiceId: "en-US-natalie", person });
    const second = await speak({ text, voiceId: "en-US-natalie", person });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.etag).toBe(first.etag);
    expect(Buffer.from(second.audio).equals(Buffer.from(first.audio))).toBe(true);
    expect(second.provider).toBe("espeak");
  });

  it("keys the cache by voice: another voice is another clip", async () => {
    const text = `A sentence for two voices. ${randomUUID()}`;
    const a = await speak({
      text,
      voiceId: "en-US-natalie",
      person: { ip: randomUUID(), userId: null, sessionId: randomUUID() },
    });
    const b = await speak({
      text,
      voiceId: "en-UK-theo",
      person: { ip: randomUUID(), userId: null, sessionId: randomUUID() },
    });
    expect(a.ok && b.ok && a.etag !== b.etag).toBe(true);
  });

  it("applies the symbol rules on the server too", async () => {
    const result = await speak({
      text: `3*3=9 ${randomUUID()}`,
      voiceId: "en-US-natalie",
      person: { ip: randomUUID(), userId: null, sessionId: randomUUID() },
    });
    expect(result.ok && result.text.startsWith("3 times 3 equals 9")).toBe(true);
  });

  it("rate-limits syntheses per visitor with a 429 message, but not cached replays", async () => {
    const person = { ip: randomUUID(), userId: null, sessionId: randomUUID() };
    const text = `First text. ${randomUUID()}`;
    const first = await speak({ text, voiceId: "en-US-natalie", person, rateLimit: 1 });
    expect(first.ok).toBe(true);
    const replay = await speak({ text, voiceId: "en-US-natalie", person, rateLimit: 1 });
    expect(replay.ok).toBe(true);
    const second = await speak({
      text: `Second text. ${randomUUID()}`,
      voiceId: "en-US-natalie",
      person,
      rateLimit: 1,
    });
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.status).toBe(429);
    expect(second.error).toMatch(/^Too many requests\. Please wait \d+ (seconds|minutes) and try again\.$/);
  });

  it("refuses unknown voices, empty and overlong text", async () => {
    const person = { ip: randomUUID(), userId: null, sessionId: randomUUID() };
    expect(await speak({ text: "Hello there friend", voiceId: "xx-XX-nobody", person })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await speak({ text: " ✨ ", voiceId: "en-US-natalie", person })).toMatchObject({ ok: false, status: 400 });
    expect(await speak({ text: "a".repeat(20_001), voiceId: "en-US-natalie", person })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("caps long text at the longest clip", async () => {
    const long = `${"Numbers speak. ".repeat(400)}${randomUUID()}`;
    const result = await speak({
      text: long,
      voiceId: "en-US-natalie",
      person: { ip: randomUUID(), userId: null, sessionId: randomUUID() },
    });
    expect(result.ok && result.text.length <= 3500).toBe(true);
  }, 120_000);
});

describe("POST /api/tts/generate", () => {
  it("answers {encodedAudio, audioLengthInSeconds} with the default voice", async () => {
    const response = await post({ text: `Welcome to the ten principles. ${randomUUID()}` });
    expect(response.status).toBe(200);
    const json = (await response.json()) as { encodedAudio: string; audioLengthInSeconds: number };
    const info = readMp3(new Uint8Array(Buffer.from(json.encodedAudio, "base64")));
    expect(info).not.toBeNull();
    expect(Math.abs(info!.durationSeconds - json.audioLengthInSeconds)).toBeLessThan(0.2);
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]{40}"$/);
  });

  it("answers 400 with a clear error for an unknown voice, empty text, bad JSON or format", async () => {
    const unknown = await post({ text: "Hello there friend", voiceId: "en-US-nobody" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Unknown voice: en-US-nobody. Choose a voice from the catalogue." });
    // The API's one body reader (decision 250): an empty string is "not given", as a missing key.
    const empty = await post({ text: "" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "text is required: the words to read aloud." });
    expect((await post("{not json")).status).toBe(400);
    expect((await post({})).status).toBe(400);
    const wav = await post({ text: "Hello there friend", format: "wav" });
    expect(wav.status).toBe(400);
    expect(await wav.json()).toEqual({ error: "Only the mp3 format is supported." });
  });
});
