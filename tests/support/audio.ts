import { spawn } from "node:child_process";

/**
 * Measures the speech the site makes, from the audio itself: decoded by Debian's ffmpeg (a real decoder, not the
 * site's own frame reader), then the pauses between sentences found by their silence, and a voice's pitch by
 * autocorrelation. The tests compare these with what the server claims (read-along timings, distinct voices).
 */
export const DECODE_RATE = 22_050;

export async function decodeMp3(mp3: Uint8Array): Promise<Float32Array> {
  const ffmpeg = spawn("ffmpeg", [
    "-v",
    "error",
    "-i",
    "pipe:0",
    "-f",
    "f32le",
    "-ac",
    "1",
    "-ar",
    String(DECODE_RATE),
    "pipe:1",
  ]);
  const chunks: Buffer[] = [];
  const errors: Buffer[] = [];
  ffmpeg.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  ffmpeg.stderr.on("data", (chunk: Buffer) => errors.push(chunk));
  const done = new Promise<number>((resolve, reject) => {
    ffmpeg.on("error", reject);
    ffmpeg.on("close", resolve);
  });
  ffmpeg.stdin.end(Buffer.from(mp3));
  const code = await done;
  if (code !== 0) throw new Error(`ffmpeg could not decode the MP3: ${Buffer.concat(errors).toString()}`);
  const bytes = Buffer.concat(chunks);
  return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
}

/** Samples in a 10 ms window (rounded: window times are counted in samples, never in nominal 10 ms steps). */
const WINDOW = Math.round(DECODE_RATE * 0.01);

/** Loudness (RMS) of consecutive windows of `size` samples. */
function windowLevels(samples: Float32Array, size = WINDOW): number[] {
  const levels: number[] = [];
  for (let at = 0; at + size <= samples.length; at += size) {
    let sum = 0;
    for (let i = at; i < at + size; i++) sum += samples[i]! * samples[i]!;
    levels.push(Math.sqrt(sum / size));
  }
  return levels;
}

/**
 * Where sound starts after each silence of at least `minSilenceSeconds` (and at the very start): the onsets of
 * the phrases heard, in seconds. Silence is anything 35 dB below the loudest window.
 */
export function soundOnsets(samples: Float32Array, { minSilenceSeconds = 0.25 } = {}): number[] {
  const levels = windowLevels(samples);
  const loudest = Math.max(...levels);
  const threshold = loudest * 10 ** (-35 / 20);
  const onsets: number[] = [];
  let quiet = Infinity; // windows of silence so far (the start counts as after a silence)
  levels.forEach((level, index) => {
    if (level < threshold) {
      quiet++;
      return;
    }
    if ((quiet * WINDOW) / DECODE_RATE >= minSilenceSeconds) onsets.push((index * WINDOW) / DECODE_RATE);
    quiet = 0;
  });
  return onsets;
}

/** The voice's median fundamental frequency (Hz) over its voiced 40 ms frames, by normalised autocorrelation. */
export function medianPitch(samples: Float32Array): number {
  const frame = Math.round(DECODE_RATE * 0.04);
  const minLag = Math.floor(DECODE_RATE / 400);
  const maxLag = Math.ceil(DECODE_RATE / 60);
  const levels = windowLevels(samples, frame);
  const loud = Math.max(...levels) * 0.2;
  const pitches: number[] = [];
  for (let f = 0; f < levels.length; f++) {
    if (levels[f]! < loud) continue;
    const at = f * frame;
    if (at + frame + maxLag > samples.length) break;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let cross = 0;
      let energyA = 0;
      let energyB = 0;
      for (let i = at; i < at + frame; i++) {
        cross += samples[i]! * samples[i + lag]!;
        energyA += samples[i]! * samples[i]!;
        energyB += samples[i + lag]! * samples[i + lag]!;
      }
      const r = cross / Math.sqrt(energyA * energyB || 1);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6) pitches.push(DECODE_RATE / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}
