import { randomUUID } from "node:crypto";
import { closeEspeak } from "~/speech/espeak.server";
import { readMp3 } from "~/speech/mp3";
import { murfProvider } from "~/speech/murf.server";
import { openAISpeechProvider } from "~/speech/openai-speech.server";
import { SpeechProviderError } from "~/speech/provider";
import { configuredSpeechProvider, speak } from "~/speech/tts.server";
import { findVoice } from "~/speech/voices";
import { env } from "~/utils/env.server";
import { startMurfStandIn, type MurfStandIn } from "../stand-ins/murf";
import { startOpenAIStandIn, type OpenAIStandIn } from "../stand-ins/openai";

/**
 * The vendor adapters against loopback stand-ins that speak the vendors' protocols: Murf's REST API and, for
 * OpenAI, the real `openai` SDK's audio.speech. Configuration is switched on the parsed `env` per test.
 */
const MURF_KEY = "murf-test-key";
const OPENAI_KEY = "sk-test-openai";
let murf: MurfStandIn;
let openai: OpenAIStandIn;
const saved = { ...env };

beforeAll(async () => {
  [murf, openai] = await Promise.all([
    startMurfStandIn({ apiKey: MURF_KEY }),
    startOpenAIStandIn({ apiKey: OPENAI_KEY }),
  ]);
});

afterEach(() => {
  Object.assign(env, {
    MURF_API_KEY: saved.MURF_API_KEY,
    MURF_BASE_URL: saved.MURF_BASE_URL,
    OPENAI_API_KEY: saved.OPENAI_API_KEY,
    OPENAI_BASE_URL: saved.OPENAI_BASE_URL,
  });
  murf.failWith = null;
});

afterAll(async () => {
  await Promise.all([murf.close(), openai.close(), closeEspeak()]);
});

function useMurf(key = MURF_KEY) {
  env.MURF_API_KEY = key;
  env.MURF_BASE_URL = murf.url;
}

function useOpenAI() {
  env.OPENAI_API_KEY = OPENAI_KEY;
  env.OPENAI_BASE_URL = openai.baseURL;
}

describe("Murf adapter", () => {
  it("sends the catalogue's voice id with the api-key header and answers the MP3", async () => {
    useMurf();
    const text = "Universal Harmony is the seventh principle.";
    const clip = await murfProvider.synthesize({ text, voice: findVoice("en-UK-hazel")! });
    const request = murf.requests.at(-1)!;
    expect(request.apiKey).toBe(MURF_KEY);
    expect(request.body).toMatchObject({ voiceId: "en-UK-hazel", text, format: "MP3", encodeAsBase64: true });
    const info = readMp3(clip.audio)!;
    expect(info.audibleRatio).toBeGreaterThan(0.9);
    expect(clip.durationSeconds).toBeCloseTo((text.length / 900) * 60, 1);
  });

  it("reports the vendor's status and body when Murf refuses", async () => {
    useMurf("wrong-key");
    const failure = await murfProvider
      .synthesize({ text: "Hello there", voice: findVoice("en-US-natalie")! })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(SpeechProviderError);
    expect(failure.status).toBe(401);
    expect(failure.body).toContain("Invalid api key");
  });

  it("is chosen when MURF_API_KEY is set, and falls back to offline speech when Murf fails", async () => {
    useMurf();
    expect(configuredSpeechProvider().name).toBe("murf");
    const ok = await speak({
      text: `Through Murf. ${randomUUID()}`,
      voiceId: "en-US-miles",
      person: { ip: randomUUID(), userId: null, sessionId: randomUUID() },
    });
    expect(ok.ok && ok.provider).toBe("murf");
    murf.failWith = 503;
    const fallback = await speak({
      text: `Murf is down. ${randomUUID()}`,
      voiceId: "en-US-miles",
      person: { ip: randomUUID(), userId: null, sessionId: randomUUID() },
    });
    expect(fallback.ok && fallback.provider).toBe("espeak");
  });
});

describe("OpenAI speech adapter", () => {
  it("calls audio.speech through the openai SDK with a voice of the right gender and reads the length", async () => {
    useOpenAI();
    expect(configuredSpeechProvider().name).toBe("openai");
    const text = "Die eine Wirklichkeit erforscht sich selbst.";
    const clip = await openAISpeechProvider.synthesize({ text, voice: findVoice("de-DE-matthias")! });
    const request = openai.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request.body).toMatchObject({
      input: text,
      response_format: "mp3",
      voice: "onyx",
      model: env.OPENAI_TTS_MODEL,
    });
    expect(String(request.body.instructions)).toContain("German");
    expect(readMp3(clip.audio)!.audibleRatio).toBeGreaterThan(0.9);
    expect(clip.durationSeconds).toBeGreaterThan(2);
  });

  it("turns an API error into a provider error with the status", async () => {
    useOpenAI();
    env.OPENAI_API_KEY = "sk-wrong";
    const failure = await openAISpeechProvider
      .synthesize({ text: "Hello", voice: findVoice("en-US-natalie")! })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(SpeechProviderError);
    expect(failure.status).toBe(401);
  });
});
