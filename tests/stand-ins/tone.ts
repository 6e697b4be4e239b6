import { Mp3Encoder } from "@breezystack/lamejs";

/** A real MP3 the stand-ins answer with: a tone (audible) or digital silence, `seconds` long. */
export function toneMp3(seconds: number, { silent = false, sampleRate = 24000 } = {}): Uint8Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  if (!silent) {
    for (let i = 0; i < samples.length; i++)
      samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / sampleRate));
  }
  const encoder = new Mp3Encoder(1, sampleRate, 48);
  const parts = [encoder.encodeBuffer(samples), encoder.flush()];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(new Uint8Array(part.buffer, part.byteOffset, part.length), at);
    at += part.length;
  }
  return out;
}
