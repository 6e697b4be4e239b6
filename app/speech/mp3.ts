/**
 * A small MPEG audio (layer III) frame reader: enough to check that bytes are MP3, to measure their duration
 * from the frame headers (providers that do not report it, such as OpenAI), and to tell speech from silence
 * without decoding (a silent granule carries no spectral values: `big_values` is 0 in its side information).
 */
export type Mp3Info = {
  frames: number;
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  /** mean bitrate in kbit/s */
  bitrateKbps: number;
  /** bytes from the first frame to the end of the last one, all covered by consecutive frames */
  audioBytes: number;
  /** share of granules that carry spectral data (0 for digital silence) */
  audibleRatio: number;
};

const BITRATES = {
  // [version 1][layer III], [version 2/2.5][layer III]
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

type FrameHeader = {
  size: number;
  samples: number;
  sampleRate: number;
  channels: number;
  bitrate: number;
  mpeg1: boolean;
  crc: boolean;
};

function readHeader(bytes: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > bytes.length) return null;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const b3 = bytes[at + 3]!;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x03; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5, 1 reserved
  const layer = (b1 >> 1) & 0x03; // 1 = layer III
  if (version === 1 || layer !== 1) return null;
  const bitrateIndex = (b2 >> 4) & 0x0f;
  const rateIndex = (b2 >> 2) & 0x03;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES.v1 : BITRATES.v2)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 0x01;
  const samples = mpeg1 ? 1152 : 576;
  const size = Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding;
  const channels = ((b3 >> 6) & 0x03) === 3 ? 1 : 2;
  return { size, samples, sampleRate, channels, bitrate, mpeg1, crc: (b1 & 0x01) === 0 };
}

/** `big_values` of every granule and channel in the frame's side information. */
function granuleBigValues(bytes: Uint8Array, at: number, header: FrameHeader): number[] {
  let bit = (at + 4 + (header.crc ? 2 : 0)) * 8;
  const read = (n: number) => {
    let value = 0;
    for (let i = 0; i < n; i++, bit++) value = (value << 1) | ((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1);
    return value;
  };
  const mono = header.channels === 1;
  if (header.mpeg1) {
    read(9); // main_data_begin
    read(mono ? 5 : 3); // private bits
    read(mono ? 4 : 8); // scfsi
  } else {
    read(8);
    read(mono ? 1 : 2);
  }
  const granules = header.mpeg1 ? 2 : 1;
  const values: number[] = [];
  for (let g = 0; g < granules; g++) {
    for (let ch = 0; ch < header.channels; ch++) {
      read(12); // part2_3_length
      values.push(read(9)); // big_values
      read(8); // global_gain
      read(header.mpeg1 ? 4 : 9); // scalefac_compress
      const windowSwitching = read(1);
      if (windowSwitching) read(2 + 1 + 10 + 9);
      else read(15 + 4 + 3);
      read(header.mpeg1 ? 3 : 2); // (preflag,) scalefac_scale, count1table_select
    }
  }
  return values;
}

function skipId3(bytes: Uint8Array): number {
  if (bytes.length > 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size =
      ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    return 10 + size;
  }
  return 0;
}

/** Reads consecutive frames; returns null when the bytes are not MP3 (no run of at least 3 frames). */
export function readMp3(bytes: Uint8Array): Mp3Info | null {
  let at = skipId3(bytes);
  // Find the first frame that is followed by another valid frame.
  let first = -1;
  for (let i = at; i < Math.min(bytes.length, at + 4096); i++) {
    const header = readHeader(bytes, i);
    if (header && readHeader(bytes, i + header.size)) {
      first = i;
      break;
    }
  }
  if (first < 0) return null;
  at = first;
  let frames = 0;
  let seconds = 0;
  let bits = 0;
  let granules = 0;
  let audible = 0;
  let header: FrameHeader | null = null;
  let sampleRate = 0;
  let channels = 0;
  while ((header = readHeader(bytes, at)) && at + header.size <= bytes.length) {
    frames++;
    seconds += header.samples / header.sampleRate;
    bits += header.size * 8;
    sampleRate = header.sampleRate;
    channels = header.channels;
    for (const value of granuleBigValues(bytes, at, header)) {
      granules++;
      if (value > 0) audible++;
    }
    at += header.size;
  }
  if (frames < 3) return null;
  return {
    frames,
    durationSeconds: seconds,
    sampleRate,
    channels,
    bitrateKbps: seconds > 0 ? bits / seconds / 1000 : 0,
    audioBytes: at - first,
    audibleRatio: granules ? audible / granules : 0,
  };
}

/** Bytes of side information after a frame's header (and CRC), by MPEG version and channels. */
function sideInfoBytes(header: FrameHeader): number {
  if (header.mpeg1) return header.channels === 1 ? 17 : 32;
  return header.channels === 1 ? 9 : 17;
}

/** A Xing/Info (LAME) or VBRI header frame: a silent frame of metadata an encoder puts first. */
function isInfoFrame(bytes: Uint8Array, at: number, header: FrameHeader): boolean {
  const tagAt = at + 4 + (header.crc ? 2 : 0) + sideInfoBytes(header);
  const tag = String.fromCharCode(...bytes.subarray(tagAt, tagAt + 4));
  const vbri = String.fromCharCode(...bytes.subarray(at + 36, at + 40));
  return tag === "Xing" || tag === "Info" || vbri === "VBRI";
}

/** The audio frames of an MP3 (without ID3 tags or an encoder's info frame) and their length in seconds. */
export function audioFrames(bytes: Uint8Array): { frames: Uint8Array; seconds: number } | null {
  if (!readMp3(bytes)) return null;
  let at = skipId3(bytes);
  while (at < bytes.length && !(readHeader(bytes, at) && readHeader(bytes, at + readHeader(bytes, at)!.size))) at++;
  const start = at;
  let seconds = 0;
  let header: FrameHeader | null;
  let first = start;
  while ((header = readHeader(bytes, at)) && at + header.size <= bytes.length) {
    if (at === start && isInfoFrame(bytes, at, header)) first = at + header.size;
    else seconds += header.samples / header.sampleRate;
    at += header.size;
  }
  return { frames: bytes.subarray(first, at), seconds };
}

/**
 * Joins MP3 clips of one format (the same sample rate and channels: one provider's clips) into one, frame by
 * frame, and answers where each clip starts in the joined audio: the sum of the frames before it (decision 191).
 */
export function joinMp3(parts: Uint8Array[]): { audio: Uint8Array; starts: number[]; durationSeconds: number } {
  const frames = parts.map((part, index) => {
    const found = audioFrames(part);
    if (!found) throw new Error(`Clip ${index + 1} of ${parts.length} is not MP3`);
    return found;
  });
  const audio = new Uint8Array(frames.reduce((length, part) => length + part.frames.length, 0));
  const starts: number[] = [];
  let offset = 0;
  let seconds = 0;
  for (const part of frames) {
    starts.push(seconds);
    audio.set(part.frames, offset);
    offset += part.frames.length;
    seconds += part.seconds;
  }
  return { audio, starts, durationSeconds: seconds };
}
