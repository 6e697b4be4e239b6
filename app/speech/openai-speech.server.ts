import { openAIClient } from "~/ai/openai.server";
import { env } from "~/utils/env.server";
import { joinMp3 } from "./mp3";
import {
  SpeechProviderError,
  requestSentences,
  timingsFromStarts,
  type SpeechProvider,
  type SpeechRequest,
  type SpeechAudio,
} from "./provider";
import type { Voice } from "./voices";

/**
 * OpenAI speech (`audio.speech.create`, raw `audio/mpeg`) through the app's one OpenAI client. The catalogue
 * maps each voice to an OpenAI voice of its gender; models that take instructions are told the language.
 * OpenAI reports no timings, so each sentence is spoken by its own call (a few at a time) and the clips are
 * joined frame by frame: a sentence starts where the frames before it end (decision 191).
 */
const PARALLEL_CALLS = 3;

async function speakSentence(text: string, voice: Voice, signal?: AbortSignal): Promise<Uint8Array> {
  try {
    const model = env.OPENAI_TTS_MODEL;
    const response = await openAIClient().audio.speech.create(
      {
        model,
        voice: voice.openai,
        input: text,
        response_format: "mp3",
        ...(model.startsWith("gpt-4o") ? { instructions: `Read calmly and clearly, in ${voice.language}.` } : {}),
      },
      { signal, timeout: env.AI_TIMEOUT_MS },
    );
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    const status = (error as { status?: number }).status;
    throw new SpeechProviderError(`OpenAI speech failed: ${(error as Error).message}`, status);
  }
}

export const openAISpeechProvider: SpeechProvider = {
  name: "openai",
  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const { voice, signal } = request;
    const sentences = requestSentences(request);
    const clips: Uint8Array[] = new Array(sentences.length);
    let next = 0;
    const lane = async () => {
      while (next < sentences.length) {
        const index = next++;
        clips[index] = await speakSentence(sentences[index]!, voice, signal);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, sentences.length) }, lane));
    let joined: ReturnType<typeof joinMp3>;
    try {
      joined = joinMp3(clips);
    } catch {
      throw new SpeechProviderError("No audio data received from TTS API");
    }
    return {
      audio: joined.audio,
      durationSeconds: joined.durationSeconds,
      sentences: timingsFromStarts(sentences, joined.starts, joined.durationSeconds),
    };
  },
};
