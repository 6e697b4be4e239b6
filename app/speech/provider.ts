import { speechSentences } from "./text";
import type { Voice } from "./voices";

/**
 * What a speech provider does: speak a text in a catalogue voice and answer MP3 bytes with their length.
 * Implementations: `espeak.server.ts` (offline, the default), `murf.server.ts` (MURF_API_KEY), and
 * `openai-speech.server.ts` (OpenAI configured). `tts.server.ts` picks one and caches what it says.
 */
export type SpeechRequest = {
  text: string;
  /** the text's sentences, which joined with spaces make the text (by default `speechSentences(text)`) */
  sentences?: string[];
  voice: Voice;
  signal?: AbortSignal;
};
/** Where a sentence is heard in the clip, in seconds from its start (decision 191). */
export type SentenceTiming = { text: string; start: number; end: number };
export type SpeechAudio = { audio: Uint8Array; durationSeconds: number; sentences: SentenceTiming[] };

/** The sentences a request's clip is timed by. */
export function requestSentences(request: SpeechRequest): string[] {
  return request.sentences ?? speechSentences(request.text);
}

/** Timings from the sentences and their start times: each ends where the next begins, the last with the clip. */
export function timingsFromStarts(sentences: string[], starts: number[], durationSeconds: number): SentenceTiming[] {
  return sentences.map((text, i) => ({
    text,
    start: round3(starts[i]!),
    end: round3(i + 1 < starts.length ? starts[i + 1]! : durationSeconds),
  }));
}

function round3(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

export interface SpeechProvider {
  /** stored with cached audio; part of the cache key */
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
}

/** A provider could not answer: the vendor's status and body when there was one. */
export class SpeechProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: string,
  ) {
    super(message);
    this.name = "SpeechProviderError";
  }
}

/** Too many syntheses are already waiting on this instance: the caller should answer 503 and try later. */
export class SpeechBusyError extends Error {
  constructor() {
    super("The speech engine is busy. Please try again in a moment.");
    this.name = "SpeechBusyError";
  }
}
