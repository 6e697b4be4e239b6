import type { Voice } from "./voices";

/**
 * What a speech provider does: speak a text in a catalogue voice and answer MP3 bytes with their length.
 * Implementations: `espeak.server.ts` (offline, the default), `murf.server.ts` (MURF_API_KEY), and
 * `openai-speech.server.ts` (OpenAI configured). `tts.server.ts` picks one and caches what it says.
 */
export type SpeechRequest = { text: string; voice: Voice; signal?: AbortSignal };
export type SpeechAudio = { audio: Uint8Array; durationSeconds: number };

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
