import { openAIClient } from "~/ai/openai.server";
import { env } from "~/utils/env.server";
import { readMp3 } from "./mp3";
import { SpeechProviderError, type SpeechProvider, type SpeechRequest } from "./provider";

/**
 * OpenAI speech (`audio.speech.create`, raw `audio/mpeg`) through the app's one OpenAI client. The catalogue
 * maps each voice to an OpenAI voice of its gender; models that take instructions are told the language.
 * OpenAI does not report the length, so it is read from the MP3 frames.
 */
export const openAISpeechProvider: SpeechProvider = {
  name: "openai",
  async synthesize({ text, voice, signal }: SpeechRequest) {
    let audio: Uint8Array;
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
      audio = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      const status = (error as { status?: number }).status;
      throw new SpeechProviderError(`OpenAI speech failed: ${(error as Error).message}`, status);
    }
    const info = readMp3(audio);
    if (!info) throw new SpeechProviderError("No audio data received from TTS API");
    return { audio, durationSeconds: info.durationSeconds };
  },
};
