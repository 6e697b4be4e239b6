import { Worker } from "node:worker_threads";
import { builtWorker, workerEnv } from "~/utils/workers.server";
import type { EspeakVoice, SpeechAnswer, SpeechJob } from "./espeak.worker";
import {
  SpeechBusyError,
  SpeechProviderError,
  type SpeechAudio,
  type SpeechProvider,
  type SpeechRequest,
  requestSentences,
  timingsFromStarts,
} from "./provider";

/**
 * The offline provider: eSpeak NG's library build (npm `@echogarden/espeak-ng-emscripten`) speaks the text
 * sentence by sentence with the voice's language, variant, pitch and rate (`en-us+f3`, 55, 170), and
 * `@breezystack/lamejs` encodes the samples to MP3; each sentence's start is a sample count (decision 191). Both are synchronous and take seconds
 * for a long page, so they run in a worker thread (espeak.worker.ts, built to build/workers/espeak.js), never on
 * the request thread. One worker per process (the machine's other core serves requests); jobs queue behind it up
 * to a bound, and a job that runs too long restarts the worker.
 */
const MAX_QUEUED = 16;
const JOB_TIMEOUT_MS = 90_000;
const MP3_KBPS = 32;

type Job = {
  id: number;
  sentences: string[];
  voice: EspeakVoice;
  resolve: (audio: SpeechAudio) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

class EspeakPool {
  private worker: Worker | null = null;
  private queue: Job[] = [];
  private running: Job | null = null;
  private nextId = 1;

  synthesize(sentences: string[], voice: EspeakVoice): Promise<SpeechAudio> {
    if (this.queue.length >= MAX_QUEUED) return Promise.reject(new SpeechBusyError());
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, sentences, voice, resolve, reject });
      this.pump();
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // A thread of this process, but with none of the server's environment (decision 298), as the converter's process.
    const worker = new Worker(builtWorker("espeak"), { env: workerEnv() });
    worker.unref(); // an idle speech worker never keeps the process alive
    worker.on("message", (message: SpeechAnswer) => {
      const job = this.running;
      if (!job || job.id !== message.id) return;
      this.finish();
      if ("error" in message) job.reject(new SpeechProviderError(message.error));
      else
        job.resolve({
          audio: message.mp3,
          durationSeconds: message.durationSeconds,
          sentences: timingsFromStarts(job.sentences, message.starts, message.durationSeconds),
        });
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
    const message: SpeechJob = { id: job.id, sentences: job.sentences, voice: job.voice, kbps: MP3_KBPS };
    worker.postMessage(message);
  }

  async close() {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

const pool = new EspeakPool();

export const espeakProvider: SpeechProvider = {
  name: "espeak",
  async synthesize(request: SpeechRequest) {
    const voice = request.voice;
    return pool.synthesize(requestSentences(request), {
      name: voice.espeak,
      pitch: voice.espeakPitch,
      rate: voice.espeakRate,
    });
  },
};

/** Stops the worker (tests and benchmarks; the server's exit does this by itself). */
export async function closeEspeak() {
  await pool.close();
}
