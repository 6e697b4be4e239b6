/** The parts of npm `@echogarden/espeak-ng-emscripten` (eSpeak NG's library compiled by Emscripten, shipped
 * without types) the speech worker uses. */
declare module "@echogarden/espeak-ng-emscripten" {
  type SpeechEvent = { type: string; text_position: number; word_length: number; audio_position: number };
  class ESpeakNgWorker {
    readonly samplerate: number;
    /** 0 when set; 2 (ENS_VOICE_NOT_FOUND) when eSpeak does not know the language, keeping the voice it had */
    set_voice(name: string): number;
    set_pitch(pitch: number): void;
    set_rate(rate: number): void;
    /** calls back with each block of 16-bit samples; answering true stops the synthesis */
    synthesize(text: string, callback: (samples: Int16Array | undefined, events: SpeechEvent[]) => boolean): void;
  }
  const createESpeakNg: () => Promise<{
    eSpeakNGWorker: new () => ESpeakNgWorker;
    /** Emscripten's file system, holding eSpeak's data (voices, variants) */
    FS: { readdir(path: string): string[] };
  }>;
  export default createESpeakNg;
}
