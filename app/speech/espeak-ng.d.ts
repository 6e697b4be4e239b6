/** The parts of npm `@echogarden/espeak-ng-emscripten` (eSpeak NG's library compiled by Emscripten, shipped
 * without types) the speech worker uses. */
declare module "@echogarden/espeak-ng-emscripten" {
  type SpeechEvent = { type: string; text_position: number; word_length: number; audio_position: number };
  class ESpeakNgWorker {
    readonly samplerate: number;
    set_voice(name: string): void;
    set_pitch(pitch: number): void;
    set_rate(rate: number): void;
    /** calls back with each block of 16-bit samples; answering true stops the synthesis */
    synthesize(text: string, callback: (samples: Int16Array | undefined, events: SpeechEvent[]) => boolean): void;
  }
  const createESpeakNg: () => Promise<{ eSpeakNGWorker: new () => ESpeakNgWorker }>;
  export default createESpeakNg;
}
