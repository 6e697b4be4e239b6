import { randomUUID } from "node:crypto";
import { closeEspeak, espeakProvider } from "~/speech/espeak.server";
import { readMp3 } from "~/speech/mp3";
import { estimatedSeconds } from "~/speech/text";
import { findVoice } from "~/speech/voices";
import { toneMp3 } from "../stand-ins/tone";

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

  it("the silence check can fail: digital silence has no audible frames", () => {
    const silent = readMp3(toneMp3(2, { silent: true }))!;
    expect(silent.audibleRatio).toBeLessThan(0.05);
    expect(readMp3(toneMp3(2))!.audibleRatio).toBeGreaterThan(0.9);
    expect(readMp3(new TextEncoder().encode("<html>not audio</html>"))).toBeNull();
  });
});
