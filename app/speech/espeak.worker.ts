import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort } from "node:worker_threads";
import { Mp3Encoder } from "@breezystack/lamejs";
import ESpeakNg from "espeak-ng";

/**
 * The offline speech worker thread (decision 050), started by espeak.server.ts from its build
 * (build/workers/espeak.js, see scripts/build-server.ts): eSpeak NG's WASM build speaks the text into a WAV and
 * lamejs encodes it to MP3, both synchronous and slow, so never on the request thread.
 */
export type SpeechJob = { id: number; text: string; voice: string; kbps: number };
export type SpeechAnswer = { id: number; mp3: Uint8Array; durationSeconds: number } | { id: number; error: string };

if (!parentPort) throw new Error("espeak.worker runs as a worker thread (espeak.server.ts starts it)");
const port = parentPort;

let wasm: Promise<WebAssembly.Module> | undefined;

/** Compiled once; each call gets a fresh instance (the CLI's state is not reusable). */
function wasmModule(): Promise<WebAssembly.Module> {
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve("espeak-ng")), "espeak-ng.wasm");
  return (wasm ??= WebAssembly.compile(readFileSync(file)));
}

function pcmOf(wav: Uint8Array): { sampleRate: number; pcm: Int16Array } {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const sampleRate = view.getUint32(24, true);
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = String.fromCharCode(wav[at], wav[at + 1], wav[at + 2], wav[at + 3]);
    let size = view.getUint32(at + 4, true);
    if (id === "data") {
      // eSpeak streams its WAV and may leave the size field unset.
      if (size === 0 || size === 0xffffffff || at + 8 + size > wav.length) size = wav.length - at - 8;
      const bytes = wav.slice(at + 8, at + 8 + (size & ~1));
      return { sampleRate, pcm: new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2) };
    }
    at += 8 + size + (size & 1);
  }
  throw new Error("eSpeak NG wrote no audio data");
}

async function speak(text: string, voice: string): Promise<Uint8Array> {
  const compiled = await wasmModule();
  const errors: string[] = [];
  const instance = await ESpeakNg({
    arguments: ["-v", voice, "-w", "/tmp/speech.wav", "-f", "/tmp/speech.txt"],
    preRun: [(m) => m.FS.writeFile("/tmp/speech.txt", text)],
    instantiateWasm(imports, receive) {
      void WebAssembly.instantiate(compiled, imports).then((created) => receive(created, compiled));
      return {};
    },
    print() {},
    printErr(line) {
      errors.push(line);
    },
  });
  try {
    return instance.FS.readFile("/tmp/speech.wav");
  } catch {
    throw new Error(`eSpeak NG failed: ${errors.join(" ")}`);
  }
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

port.on("message", async ({ id, text, voice, kbps }: SpeechJob) => {
  try {
    const { sampleRate, pcm } = pcmOf(await speak(text, voice));
    if (pcm.length === 0) throw new Error(`eSpeak NG produced no samples for voice ${voice}`);
    const mp3 = encodeMp3(pcm, sampleRate, kbps);
    const answer: SpeechAnswer = { id, mp3, durationSeconds: pcm.length / sampleRate };
    port.postMessage(answer, [mp3.buffer as ArrayBuffer]);
  } catch (error) {
    const answer: SpeechAnswer = { id, error: error instanceof Error ? error.message : String(error) };
    port.postMessage(answer);
  }
});
