import { env } from "~/utils/env.server";
import { readMp3 } from "./mp3";
import {
  SpeechProviderError,
  requestSentences,
  timingsFromStarts,
  type SentenceTiming,
  type SpeechProvider,
  type SpeechRequest,
} from "./provider";

/**
 * Murf.ai's REST API (https://api.murf.ai, docs "Text to Speech > Generate speech"):
 *
 *   POST /v1/speech/generate
 *   api-key: $MURF_API_KEY
 *   { "voiceId": "en-US-natalie", "text": "…", "format": "MP3", "channelType": "MONO", "sampleRate": 24000,
 *     "encodeAsBase64": true, "modelVersion": "GEN2" }
 *   → 200 { "audioFile": "https://…mp3", "encodedAudio": "<base64>", "audioLengthInSeconds": 3.2,
 *           "consumedCharacterCount": 42, "remainingCharacterCount": 99958, "wordDurations": […] }
 *   → 4xx/5xx { "errorMessage": "…", "errorCode": 400 }
 *
 * The catalogue's ids are Murf's voice ids. With `encodeAsBase64` the audio comes inline; an answer with only
 * `audioFile` is downloaded from that URL. tests/stand-ins/murf.ts speaks this protocol on loopback.
 *
 * `wordDurations` ({word, startMs, endMs} per word of the text, in order) time the sentences: a sentence starts
 * where its first word does (decision 191). An answer without them times the clip as one passage.
 */
type WordDuration = { word?: string; startMs?: number; endMs?: number };

export function murfSentenceTimings(
  sentences: string[],
  words: WordDuration[] | undefined,
  durationSeconds: number,
): SentenceTiming[] {
  const timed = (words ?? []).filter((word) => typeof word.startMs === "number");
  const counts = sentences.map((sentence) => sentence.split(/\s+/).filter(Boolean).length);
  if (timed.length === 0 || timed.length < counts.reduce((a, b) => a + b, 0) - counts.length) {
    return [{ text: sentences.join(" "), start: 0, end: Math.round(durationSeconds * 1000) / 1000 }];
  }
  const starts: number[] = [];
  let word = 0;
  for (const count of counts) {
    starts.push(timed[Math.min(word, timed.length - 1)]!.startMs! / 1000);
    word += count;
  }
  return timingsFromStarts(sentences, starts, durationSeconds);
}
export const murfProvider: SpeechProvider = {
  name: "murf",
  async synthesize(request: SpeechRequest) {
    const { text, voice, signal } = request;
    const sentences = requestSentences(request);
    const apiKey = env.MURF_API_KEY;
    if (!apiKey) throw new SpeechProviderError("MURF_API_KEY is not set");
    const timeout = AbortSignal.timeout(env.AI_TIMEOUT_MS);
    const response = await fetch(new URL("/v1/speech/generate", env.MURF_BASE_URL), {
      method: "POST",
      headers: { "api-key": apiKey, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        voiceId: voice.id,
        text,
        format: "MP3",
        channelType: "MONO",
        sampleRate: 24000,
        encodeAsBase64: true,
        modelVersion: "GEN2",
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch((error: Error) => {
      throw new SpeechProviderError(`Murf request failed: ${error.message}`);
    });
    const body = await response.text();
    if (!response.ok) throw new SpeechProviderError(`Murf answered ${response.status}`, response.status, body);
    let answer: {
      encodedAudio?: string;
      audioFile?: string;
      audioLengthInSeconds?: number;
      wordDurations?: WordDuration[];
    };
    try {
      answer = JSON.parse(body);
    } catch {
      throw new SpeechProviderError("Murf's answer is not JSON", response.status, body.slice(0, 200));
    }
    let audio: Uint8Array | null = null;
    if (answer.encodedAudio) audio = new Uint8Array(Buffer.from(answer.encodedAudio, "base64"));
    else if (answer.audioFile && /^https?:\/\//.test(answer.audioFile)) {
      const file = await fetch(answer.audioFile, { signal: timeout });
      if (!file.ok) throw new SpeechProviderError(`Murf's audio file answered ${file.status}`, file.status);
      audio = new Uint8Array(await file.arrayBuffer());
    }
    const info = audio ? readMp3(audio) : null;
    if (!audio || !info) throw new SpeechProviderError("No audio data received from TTS API");
    const durationSeconds = answer.audioLengthInSeconds || info.durationSeconds;
    return { audio, durationSeconds, sentences: murfSentenceTimings(sentences, answer.wordDurations, durationSeconds) };
  },
};
