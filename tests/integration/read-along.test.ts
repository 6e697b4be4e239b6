import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { closeEspeak } from "~/speech/espeak.server";
import { joinMp3, readMp3 } from "~/speech/mp3";
import { murfProvider, murfSentenceTimings } from "~/speech/murf.server";
import { openAISpeechProvider } from "~/speech/openai-speech.server";
import { speechSentences } from "~/speech/text";
import { findVoice } from "~/speech/voices";
import { sentencesToWebVtt, vttTime } from "~/speech/webvtt";
import { env } from "~/utils/env.server";
import { startMurfStandIn, type MurfStandIn } from "../stand-ins/murf";
import { startOpenAIStandIn, type OpenAIStandIn } from "../stand-ins/openai";
import { toneMp3 } from "../stand-ins/tone";
import { decodeMp3, soundOnsets } from "../support/audio";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Read-along's timings (issue 36): where the server says each sentence starts must be where it is heard. For the
 * offline engine this is checked against the audio itself (decoded by ffmpeg, the pauses between sentences
 * found by their silence); for OpenAI and Murf against what their stand-ins answered.
 */
const site = serveBuildForFile();

type Cue = { id: string; start: number; end: number; text: string };

/** Reads the cues of a WebVTT file (the format sentencesToWebVtt writes: id, timings, one line of text). */
function parseVtt(vtt: string): Cue[] {
  expect(vtt.startsWith("WEBVTT\n\n")).toBe(true);
  const seconds = (time: string) => {
    const [h, m, s] = time.split(":");
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  };
  return vtt
    .slice("WEBVTT\n\n".length)
    .trim()
    .split("\n\n")
    .map((block) => {
      const [id, timing, text, ...rest] = block.split("\n");
      expect(rest).toEqual([]);
      const match = /^(\d\d:\d\d:\d\d\.\d\d\d) --> (\d\d:\d\d:\d\d\.\d\d\d)$/.exec(timing!);
      expect(match, `cue timing line: ${timing}`).not.toBeNull();
      return { id: id!, start: seconds(match![1]!), end: seconds(match![2]!), text: text! };
    });
}

afterAll(async () => {
  await closeEspeak();
});

describe("offline read-along timings", () => {
  it("starts each sentence of a page within 150 ms of where it is heard in the audio", async () => {
    const query = "path=%2Fabout&voice=en-US-natalie";
    const audioResponse = await fetch(`${site.base}/read-aloud?${query}`, { signal: AbortSignal.timeout(120_000) });
    expect(audioResponse.status).toBe(200);
    const audio = new Uint8Array(await audioResponse.arrayBuffer());
    const vttResponse = await fetch(`${site.base}/read-aloud.vtt?${query}`);
    expect(vttResponse.status).toBe(200);
    expect(vttResponse.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    const cues = parseVtt(await vttResponse.text());
    expect(cues.length, "the about page has many sentences").toBeGreaterThan(8);
    expect(cues.map((cue) => cue.id)).toEqual(cues.map((_, i) => `s${i + 1}`));

    const samples = await decodeMp3(audio);
    const heard = soundOnsets(samples, { minSilenceSeconds: 0.2 });
    const late: string[] = [];
    for (const cue of cues) {
      const nearest = heard.reduce((best, onset) =>
        Math.abs(onset - cue.start) < Math.abs(best - cue.start) ? onset : best,
      );
      if (Math.abs(nearest - cue.start) > 0.15)
        late.push(`${cue.id} at ${cue.start.toFixed(3)} s, heard at ${nearest.toFixed(3)} s: "${cue.text}"`);
      expect(cue.end).toBeGreaterThan(cue.start);
    }
    expect(late, "sentences whose timing is more than 150 ms from their sound").toEqual([]);
    // The cues run back to back over the whole clip.
    cues.slice(1).forEach((cue, i) => expect(cue.start).toBe(cues[i]!.end));
    expect(cues.at(-1)!.end).toBeCloseTo(readMp3(audio)!.durationSeconds, 0);
  }, 180_000);

  it("the measure can fail: timings shifted by 300 ms are caught", async () => {
    const text = "The first sentence is here. A second one follows it. And then the third.";
    const response = await fetch(`${site.base}/api/tts/generate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-session-id": crypto.randomUUID() },
      body: JSON.stringify({ text, voiceId: "en-UK-theo" }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      encodedAudio: string;
      audioLengthInSeconds: number;
      sentences: Array<{ text: string; start: number; end: number }>;
    };
    // The spec's fields are unchanged; `sentences` is added beside them.
    expect(Object.keys(body).sort()).toEqual(["audioLengthInSeconds", "encodedAudio", "sentences"]);
    expect(body.sentences.map((s) => s.text)).toEqual(speechSentences(text));
    const heard = soundOnsets(await decodeMp3(Buffer.from(body.encodedAudio, "base64")), { minSilenceSeconds: 0.2 });
    const off = (start: number) => Math.min(...heard.map((onset) => Math.abs(onset - start)));
    for (const sentence of body.sentences) {
      expect(off(sentence.start)).toBeLessThanOrEqual(0.15);
      expect(off(sentence.start + 0.3)).toBeGreaterThan(0.15);
    }
  }, 120_000);
});

describe("the listen page in text browsers", () => {
  const run = promisify(execFile);
  it("shows the transcript with each sentence's time linking to the audio at that time (lynx, w3m)", async () => {
    const url = `${site.base}/listen?path=%2Fabout&voice=en-US-natalie`;
    const lynx = (await run("lynx", ["-dump", "-width=200", url], { timeout: 150_000 })).stdout;
    expect(lynx).toContain("Listen to /about");
    expect(lynx).toContain("Transcript");
    expect(lynx).toMatch(/Play from 0:00.*About the Ten Principles/);
    expect(lynx).toMatch(/\/read-aloud\?path=(%2F|\/)about&voice=en-US-natalie#t=\d+\.\d\d/);
    const w3m = (await run("w3m", ["-dump", "-o", "display_link_number=1", url], { timeout: 150_000 })).stdout;
    expect(w3m).toContain("Transcript");
    expect(w3m).toMatch(/read-aloud\?path=(%2F|\/)about&voice=en-US-natalie#t=\d+\.\d\d/);
  }, 180_000);
});

describe("WebVTT", () => {
  it("writes cues with ids, zero-padded times and escaped text", () => {
    expect(vttTime(3725.5)).toBe("01:02:05.500");
    expect(
      sentencesToWebVtt([
        { text: "Tom & Jerry <b>", start: 0, end: 1.25 },
        { text: "Second.", start: 1.25, end: 1.25 },
      ]),
    ).toBe(
      "WEBVTT\n\ns1\n00:00:00.000 --> 00:00:01.250\nTom &amp; Jerry &lt;b&gt;\n\ns2\n00:00:01.250 --> 00:00:01.251\nSecond.\n",
    );
  });
});

describe("vendor timings", () => {
  let murf: MurfStandIn;
  let openai: OpenAIStandIn;
  const saved = { ...env };
  beforeAll(async () => {
    [murf, openai] = await Promise.all([
      startMurfStandIn({ apiKey: "murf-key" }),
      startOpenAIStandIn({ apiKey: "sk-test" }),
    ]);
  });
  afterAll(async () => {
    Object.assign(env, saved);
    await Promise.all([murf.close(), openai.close()]);
  });

  const text = "Seven is the seeker. Three creates, and one begins! Does nine complete the cycle?";

  it("OpenAI: one call per sentence, clips joined frame by frame, each sentence starting where the last ended", async () => {
    env.OPENAI_API_KEY = "sk-test";
    env.OPENAI_BASE_URL = openai.baseURL;
    const before = openai.requests.length;
    const clip = await openAISpeechProvider.synthesize({ text, voice: findVoice("en-US-miles")! });
    const calls = openai.requests.slice(before).filter((r) => r.path.endsWith("/audio/speech"));
    expect(calls.map((c) => c.body.input).sort()).toEqual(speechSentences(text).sort());
    // The stand-in's clips last as long as their text takes at 900 characters a minute (whole MP3 frames).
    const lengths = speechSentences(text).map((s) => readMp3(toneMp3(Math.max(0.5, (s.length / 900) * 60)))!);
    expect(clip.sentences.map((s) => s.text)).toEqual(speechSentences(text));
    let start = 0;
    clip.sentences.forEach((sentence, i) => {
      expect(sentence.start).toBeCloseTo(start, 1);
      start += lengths[i]!.durationSeconds;
    });
    expect(readMp3(clip.audio)!.durationSeconds).toBeCloseTo(clip.durationSeconds, 2);
  });

  it("Murf: sentences start where their first word does in Murf's word durations", async () => {
    env.MURF_API_KEY = "murf-key";
    env.MURF_BASE_URL = murf.url;
    const clip = await murfProvider.synthesize({ text, voice: findVoice("en-US-natalie")! });
    const words = text.split(" ");
    const seconds = (text.length / 900) * 60;
    // The stand-in shares the clip among words by length: "Three" is the fifth word.
    const fifth = words.slice(0, 4).reduce((n, w) => n + w.length + 1, 0) / words.reduce((n, w) => n + w.length + 1, 0);
    expect(clip.sentences.map((s) => s.start)[0]).toBe(0);
    expect(clip.sentences[1]!.start).toBeCloseTo(fifth * seconds, 2);
    expect(clip.sentences).toHaveLength(3);
    // Without word durations the clip is one passage, never guessed sentence times.
    expect(murfSentenceTimings(["One.", "Two."], [], 2)).toEqual([{ text: "One. Two.", start: 0, end: 2 }]);
  });

  it("joins MP3 clips frame by frame and says where each starts", () => {
    const a = toneMp3(1);
    const b = toneMp3(0.5);
    const joined = joinMp3([a, b]);
    expect(joined.starts[0]).toBe(0);
    expect(joined.starts[1]).toBeCloseTo(readMp3(a)!.durationSeconds, 2);
    expect(readMp3(joined.audio)!.durationSeconds).toBeCloseTo(joined.durationSeconds, 3);
    expect(() => joinMp3([a, new TextEncoder().encode("not audio at all")])).toThrow(/not MP3/);
  });
});
