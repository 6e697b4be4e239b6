import { randomUUID } from "node:crypto";
import { closeEspeak, espeakProvider } from "~/speech/espeak.server";
import { readMp3 } from "~/speech/mp3";
import { estimatedSeconds } from "~/speech/text";
import { VOICES, findVoice, type Voice } from "~/speech/voices";
import { toneMp3 } from "../stand-ins/tone";
import { decodeMp3, medianPitch, DECODE_RATE } from "../support/audio";

/**
 * The offline provider (eSpeak NG WASM + lamejs in a worker) answers real MP3: consecutive valid frame headers
 * from start to end, a length close to the spec's estimate (900 characters a minute), and sound, not silence.
 */
const SAMPLES: Array<[voiceId: string, text: string]> = [
  [
    "en-US-natalie",
    "Every digit from zero to nine names a principle of how the one reality explores itself. Choose a number to receive its insight and an affirmation.",
  ],
  [
    "es-ES-javier",
    "Cada dígito del cero al nueve nombra un principio de cómo la única realidad se explora a sí misma. Elige un número para recibir su enseñanza.",
  ],
  [
    "fr-FR-louise",
    "Chaque chiffre de zéro à neuf nomme un principe de la manière dont la réalité unique s'explore elle-même. Choisissez un nombre pour recevoir son message.",
  ],
  [
    "de-DE-matthias",
    "Jede Ziffer von null bis neun benennt ein Prinzip, wie die eine Wirklichkeit sich selbst erforscht. Wähle eine Zahl, um ihre Einsicht zu erhalten.",
  ],
  [
    "ru-RU-dmitri",
    "Каждая цифра от нуля до девяти называет принцип того, как единая реальность исследует саму себя. Выберите число, чтобы получить его послание.",
  ],
];

/** One text per language, read by each of its voices. */
const TEXTS: Record<string, string> = {
  en: "The same words, read by every voice of the catalogue, one after another.",
  es: "Las mismas palabras, leídas por cada voz.",
  fr: "Les mêmes mots, lus par chaque voix du catalogue.",
  de: "Dieselben Worte, von jeder Stimme gelesen.",
  it: "Le stesse parole, lette da ogni voce.",
  pt: "As mesmas palavras, lidas por cada voz.",
  nl: "Dezelfde woorden, gelezen door elke stem.",
  pl: "Te same słowa, czytane przez każdy głos.",
  ja: "おなじ ことば を よみます。",
  zh: "每个声音都读同样的话。",
  ko: "모든 목소리가 같은 말을 읽습니다.",
  hi: "हर आवाज़ वही शब्द पढ़ती है।",
  ru: "Те же слова, прочитанные каждым голосом.",
  ar: "نفس الكلمات يقرأها كل صوت.",
};

afterAll(async () => {
  await closeEspeak();
});

describe("offline speech (eSpeak NG)", () => {
  for (const [voiceId, text] of SAMPLES) {
    it(`speaks ${voiceId} as real, audible MP3 of about the estimated length`, async () => {
      const voice = findVoice(voiceId)!;
      const clip = await espeakProvider.synthesize({ text, voice });
      const info = readMp3(clip.audio);
      expect(info, "valid MP3 frames").not.toBeNull();
      // Frames run back to back over (almost) the whole file: nothing but MP3 in it.
      expect(info!.audioBytes).toBeGreaterThan(clip.audio.length * 0.98);
      expect(info!.sampleRate).toBe(22050);
      expect(Math.abs(info!.durationSeconds - clip.durationSeconds)).toBeLessThan(0.2);
      const ratio = info!.durationSeconds / estimatedSeconds(text);
      expect(ratio, `duration ${info!.durationSeconds.toFixed(1)} s vs estimate`).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(1.8);
      expect(info!.audibleRatio, "share of frames carrying sound").toBeGreaterThan(0.6);
    });
  }

  it("uses a female variant for female voices and differs from the male one", async () => {
    const text = "The same words in two voices.";
    const female = await espeakProvider.synthesize({ text, voice: findVoice("en-US-natalie")! });
    const male = await espeakProvider.synthesize({ text, voice: findVoice("en-US-terrell")! });
    expect(findVoice("en-US-natalie")!.espeak).toMatch(/^en-us\+f\d$/);
    expect(Buffer.from(female.audio).equals(Buffer.from(male.audio))).toBe(false);
  });

  it("reads text starting with a dash as words, not as an option", async () => {
    const clip = await espeakProvider.synthesize({ text: `-v xx ${randomUUID()}`, voice: findVoice("en-US-miles")! });
    expect(readMp3(clip.audio)!.durationSeconds).toBeGreaterThan(1);
  });

  it("gives every voice of the catalogue its own sound: no two voices of a language are alike (issue 31)", async () => {
    // One text per language; voices reading the same text must differ in pitch or pace, as heard in the audio.
    const heard = new Map<Voice, { seconds: number; pitch: number }>();
    for (const voice of VOICES) {
      const text = TEXTS[voice.lang.slice(0, 2)]!;
      const clip = await espeakProvider.synthesize({ text, voice });
      const samples = await decodeMp3(clip.audio);
      heard.set(voice, { seconds: samples.length / DECODE_RATE, pitch: medianPitch(samples) });
    }
    const alike: string[] = [];
    for (const [i, a] of VOICES.entries()) {
      for (const b of VOICES.slice(i + 1)) {
        if (a.lang.slice(0, 2) !== b.lang.slice(0, 2)) continue;
        const x = heard.get(a)!;
        const y = heard.get(b)!;
        const pace = Math.abs(x.seconds - y.seconds) / Math.max(x.seconds, y.seconds);
        const pitch = Math.abs(x.pitch - y.pitch) / Math.max(x.pitch, y.pitch);
        if (pace < 0.03 && pitch < 0.05)
          alike.push(
            `${a.name}/${b.name}: ${x.seconds.toFixed(2)}/${y.seconds.toFixed(2)} s, ${x.pitch.toFixed(0)}/${y.pitch.toFixed(0)} Hz`,
          );
      }
    }
    expect(alike, "voices that sound the same").toEqual([]);
    // The measure can fail: the same voice read twice in a row is found alike.
    const ruby = findVoice("en-UK-ruby")!;
    const once = await decodeMp3((await espeakProvider.synthesize({ text: TEXTS.en!, voice: ruby })).audio);
    const twice = await decodeMp3((await espeakProvider.synthesize({ text: TEXTS.en!, voice: ruby })).audio);
    expect(Math.abs(once.length - twice.length) / once.length).toBeLessThan(0.03);
    expect(Math.abs(medianPitch(once) - medianPitch(twice)) / medianPitch(once)).toBeLessThan(0.05);
  }, 120_000);

  it("speaks every voice of the catalogue with its own voice whatever spoke before it (issue 47)", async () => {
    // eSpeak kept the last voice when it did not know a language name (en-gb, fr-fr): Ruby spoke at 110 Hz after
    // Terrell and at 222 Hz after Natalie. Each voice is heard after a low male voice and after a high female one.
    const before = [findVoice("en-US-terrell")!, findVoice("en-US-ariana")!];
    const unsteady: string[] = [];
    for (const voice of VOICES) {
      const text = TEXTS[voice.lang.slice(0, 2)]!;
      const heard: Array<{ seconds: number; pitch: number }> = [];
      for (const previous of before) {
        await espeakProvider.synthesize({ text: "Something else first.", voice: previous });
        const samples = await decodeMp3((await espeakProvider.synthesize({ text, voice })).audio);
        heard.push({ seconds: samples.length / DECODE_RATE, pitch: medianPitch(samples) });
      }
      const [low, high] = heard as [{ seconds: number; pitch: number }, { seconds: number; pitch: number }];
      // The measure wavers by up to 10% for a breathy female variant read twice; the wrong voice was 50% off.
      if (Math.abs(low.pitch - high.pitch) / Math.max(low.pitch, high.pitch) >= 0.15)
        unsteady.push(
          `${voice.name}: ${low.pitch.toFixed(0)} Hz after ${before[0]!.name}, ${high.pitch.toFixed(0)} Hz after ${before[1]!.name}`,
        );
      // A female voice sounds female (above 150 Hz) and a male one male, whoever spoke before.
      for (const { pitch } of heard)
        if (voice.gender === "female" ? pitch < 150 : pitch > 150)
          unsteady.push(`${voice.name} (${voice.gender}) at ${pitch.toFixed(0)} Hz`);
    }
    expect(unsteady, "voices whose sound depends on the voice before them").toEqual([]);
  }, 180_000);

  it("refuses a voice name eSpeak does not know instead of speaking with the last voice (issue 47)", async () => {
    const ruby = findVoice("en-UK-ruby")!;
    const text = "A voice the engine does not know.";
    for (const name of ["en-gb+f3", "fr-fr+m3", "en+nosuch"]) {
      await expect(espeakProvider.synthesize({ text, voice: { ...ruby, espeak: name } })).rejects.toThrow(
        new RegExp(`eSpeak NG has no voice named ${name.replace("+", "\\+")}`),
      );
    }
    // The worker goes on speaking the voices it knows.
    const clip = await espeakProvider.synthesize({ text, voice: ruby });
    expect(readMp3(clip.audio)!.durationSeconds).toBeGreaterThan(1);
  });

  it("the silence check can fail: digital silence has no audible frames", () => {
    const silent = readMp3(toneMp3(2, { silent: true }))!;
    expect(silent.audibleRatio).toBeLessThan(0.05);
    expect(readMp3(toneMp3(2))!.audibleRatio).toBeGreaterThan(0.9);
    expect(readMp3(new TextEncoder().encode("<html>not audio</html>"))).toBeNull();
  });
});
