import { parentPort } from "node:worker_threads";
import { Mp3Encoder } from "@breezystack/lamejs";
import createESpeakNg from "@echogarden/espeak-ng-emscripten";

/**
 * The offline speech worker thread (decisions 050 and 191), started by espeak.server.ts from its build
 * (build/workers/espeak.js, see scripts/build-server.ts). eSpeak NG's library build (npm
 * `@echogarden/espeak-ng-emscripten`, one instance kept for the worker's life) speaks the clip sentence by
 * sentence; the samples are joined, so each sentence's start is an exact sample count, and lamejs encodes the
 * whole to MP3. Both are synchronous and slow, so never on the request thread.
 */
export type EspeakVoice = { name: string; pitch: number; rate: number };
export type SpeechJob = { id: number; sentences: string[]; voice: EspeakVoice; kbps: number };
export type SpeechAnswer =
  { id: number; mp3: Uint8Array; durationSeconds: number; starts: number[] } | { id: number; error: string };

if (!parentPort) throw new Error("espeak.worker runs as a worker thread (espeak.server.ts starts it)");
const port = parentPort;

/** eSpeak's pause after a sentence at its default rate (175 words a minute); slower voices pause longer. */
const SENTENCE_PAUSE_SECONDS = 0.35;
const DEFAULT_RATE = 175;

type Engine = Awaited<ReturnType<typeof createEngine>>;
let engine: Promise<Engine> | undefined;

async function createEngine() {
  const module = await createESpeakNg();
  const worker = new module.eSpeakNGWorker();
  const variants = new Set(module.FS.readdir(VARIANTS_DIR).filter((file) => !file.startsWith(".")));
  return { worker, sampleRate: worker.samplerate as number, variants };
}

/** Where eSpeak NG keeps its voice variants (`f3`, `m2`, …) inside the library's own file system. */
const VARIANTS_DIR = "/usr/share/espeak-ng-data/voices/!v";
/** eSpeak NG's answer to a voice it does not know (ENS_VOICE_NOT_FOUND); 0 is success. */
const VOICE_SET = 0;

/**
 * Sets the voice or throws. eSpeak answers a language it does not know (`en-gb`, `fr-fr`: its names are `en` and
 * `fr`) with "not found" and keeps the voice that spoke last, and it ignores an unknown variant silently: either
 * would give this voice's clip someone else's sound, and the cache would keep it (decision 320).
 */
function setVoice(speaker: Engine, name: string) {
  const [language, variant, ...rest] = name.split("+");
  if (!language || rest.length > 0 || (variant !== undefined && !speaker.variants.has(variant)))
    throw new Error(`eSpeak NG has no voice named ${name}`);
  const answer = speaker.worker.set_voice(name);
  if (answer !== VOICE_SET) throw new Error(`eSpeak NG has no voice named ${name} (answer ${answer})`);
}

/** Speaks the sentences one after another; answers the joined samples and where each sentence starts. */
async function speak(sentences: string[], voice: EspeakVoice) {
  const ready = await (engine ??= createEngine());
  const { worker, sampleRate } = ready;
  setVoice(ready, voice.name);
  worker.set_pitch(voice.pitch);
  worker.set_rate(voice.rate);
  const chunks: Int16Array[] = [];
  const starts: number[] = [];
  let length = 0;
  // Spoken one by one, sentences would run on: the pause eSpeak makes at a full stop goes between them.
  const pause = new Int16Array(Math.round((sampleRate * SENTENCE_PAUSE_SECONDS * DEFAULT_RATE) / voice.rate));
  for (const [index, sentence] of sentences.entries()) {
    if (index > 0) {
      chunks.push(pause);
      length += pause.length;
    }
    starts.push(length);
    worker.synthesize(sentence, (samples: Int16Array | undefined) => {
      if (samples && samples.length > 0) {
        chunks.push(samples);
        length += samples.length;
      }
      return false; // go on
    });
  }
  const pcm = new Int16Array(length);
  let at = 0;
  for (const chunk of chunks) {
    pcm.set(chunk, at);
    at += chunk.length;
  }
  return { pcm, sampleRate, starts: starts.map((sample) => sample / sampleRate) };
}

function encodeMp3(pcm: Int16Array, sampleRate: number, kbps: number): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  const block = 1152 * 16;
  for (let i = 0; i < pcm.length; i += block) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + block)));
  parts.push(encoder.flush());
  const mp3 = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    mp3.set(new Uint8Array(part.buffer, part.byteOffset, part.length), offset);
    offset += part.length;
  }
  return mp3;
}

port.on("message", async ({ id, sentences, voice, kbps }: SpeechJob) => {
  try {
    const { pcm, sampleRate, starts } = await speak(sentences, voice);
    if (pcm.length === 0) throw new Error(`eSpeak NG produced no samples for voice ${voice.name}`);
    const mp3 = encodeMp3(pcm, sampleRate, kbps);
    const answer: SpeechAnswer = { id, mp3, durationSeconds: pcm.length / sampleRate, starts };
    port.postMessage(answer, [mp3.buffer as ArrayBuffer]);
  } catch (error) {
    const answer: SpeechAnswer = { id, error: error instanceof Error ? error.message : String(error) };
    port.postMessage(answer);
  }
});
