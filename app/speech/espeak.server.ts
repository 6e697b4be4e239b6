import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import {
  SpeechBusyError,
  SpeechProviderError,
  type SpeechAudio,
  type SpeechProvider,
  type SpeechRequest,
} from "./provider";

/**
 * The offline provider: eSpeak NG's WASM build (npm `espeak-ng`) speaks the text with the voice's language and
 * variant (`en-us+f3`), and `@breezystack/lamejs` encodes the WAV to MP3. Both are synchronous and take seconds
 * for a long page, so they run in a worker thread, never on the request thread. One worker per process (the
 * machine's other core serves requests); jobs queue behind it up to a bound, and a job that runs too long
 * restarts the worker.
 */
const MAX_QUEUED = 16;
const JOB_TIMEOUT_MS = 90_000;
const MP3_KBPS = 32;

// The worker is plain JavaScript evaluated from this string: the Remix server build is one bundled file, so a
// separate worker file would not be next to it. Packages are imported by absolute file URLs resolved here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
let engine;
async function load() {
  if (engine) return engine;
  const [{ default: ESpeakNg }, { Mp3Encoder }] = await Promise.all([
    import(workerData.espeakUrl),
    import(workerData.lameUrl),
  ]);
  // Compile the WASM once; each call gets a fresh instance (the CLI's state is not reusable).
  const wasmModule = await WebAssembly.compile(readFileSync(workerData.wasmPath));
  engine = { ESpeakNg, Mp3Encoder, wasmModule };
  return engine;
}
function pcmOf(wav) {
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
parentPort.on("message", async ({ id, text, voice, kbps }) => {
  try {
    const { ESpeakNg, Mp3Encoder, wasmModule } = await load();
    const errors = [];
    const instance = await ESpeakNg({
      arguments: ["-v", voice, "-w", "/tmp/speech.wav", "-f", "/tmp/speech.txt"],
      preRun: [(m) => m.FS.writeFile("/tmp/speech.txt", text)],
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(wasmModule, imports).then((inst) => receive(inst, wasmModule));
        return {};
      },
      print() {},
      printErr(line) { errors.push(line); },
    });
    let wav;
    try { wav = instance.FS.readFile("/tmp/speech.wav"); } catch { throw new Error("eSpeak NG failed: " + errors.join(" ")); }
    const { sampleRate, pcm } = pcmOf(wav);
    if (pcm.length === 0) throw new Error("eSpeak NG produced no samples for voice " + voice);
    const encoder = new Mp3Encoder(1, sampleRate, kbps);
    const parts = [];
    const block = 1152 * 16;
    for (let i = 0; i < pcm.length; i += block) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + block)));
    parts.push(encoder.flush());
    let length = 0;
    for (const part of parts) length += part.length;
    const mp3 = new Uint8Array(length);
    let offset = 0;
    for (const part of parts) {
      mp3.set(new Uint8Array(part.buffer, part.byteOffset, part.length), offset);
      offset += part.length;
    }
    parentPort.postMessage({ id, mp3, durationSeconds: pcm.length / sampleRate }, [mp3.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Job = {
  id: number;
  text: string;
  voice: string;
  resolve: (audio: SpeechAudio) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

function modulePaths() {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const espeakPath = require.resolve("espeak-ng");
  // lamejs's "require" entry is an IIFE bundle; its ES module sits next to it.
  const lamePath = path.join(path.dirname(require.resolve("@breezystack/lamejs")), "lamejs.js");
  return {
    espeakUrl: pathToFileURL(espeakPath).href,
    lameUrl: pathToFileURL(lamePath).href,
    wasmPath: path.join(path.dirname(espeakPath), "espeak-ng.wasm"),
  };
}

class EspeakPool {
  private worker: Worker | null = null;
  private queue: Job[] = [];
  private running: Job | null = null;
  private nextId = 1;

  synthesize(text: string, voice: string): Promise<SpeechAudio> {
    if (this.queue.length >= MAX_QUEUED) return Promise.reject(new SpeechBusyError());
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, text, voice, resolve, reject });
      this.pump();
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: modulePaths() });
    worker.unref(); // an idle speech worker never keeps the process alive
    worker.on("message", (message: { id: number; mp3?: Uint8Array; durationSeconds?: number; error?: string }) => {
      const job = this.running;
      if (!job || job.id !== message.id) return;
      this.finish();
      if (message.error || !message.mp3) job.reject(new SpeechProviderError(message.error ?? "No audio"));
      else job.resolve({ audio: message.mp3, durationSeconds: message.durationSeconds ?? 0 });
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const job = this.running;
      this.finish();
      job?.reject(new SpeechProviderError(`The speech worker stopped: ${error.message}`));
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private finish() {
    if (this.running?.timer) clearTimeout(this.running.timer);
    this.running = null;
    this.worker?.unref();
    queueMicrotask(() => this.pump());
  }

  private pump() {
    if (this.running || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    const worker = this.ensureWorker();
    this.running = job;
    worker.ref(); // keep the process alive while a visitor waits for audio
    job.timer = setTimeout(() => {
      if (this.running !== job) return;
      this.worker = null;
      this.finish();
      job.reject(new SpeechProviderError("Offline speech took too long"));
      void worker.terminate();
    }, JOB_TIMEOUT_MS);
    worker.postMessage({ id: job.id, text: job.text, voice: job.voice, kbps: MP3_KBPS });
  }

  async close() {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

const globalForEspeak = globalThis as unknown as { __espeakPool?: EspeakPool };
const pool = () => (globalForEspeak.__espeakPool ??= new EspeakPool());

export const espeakProvider: SpeechProvider = {
  name: "espeak",
  async synthesize({ text, voice }: SpeechRequest) {
    return pool().synthesize(text, voice.espeak);
  },
};

/** Stops the worker (tests and benchmarks; the server's exit does this by itself). */
export async function closeEspeak() {
  await globalForEspeak.__espeakPool?.close();
}
