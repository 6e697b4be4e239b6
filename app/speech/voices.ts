/**
 * The voice catalogue of the spec ("Voice catalogue"): ids are `language-code-name` as Murf.ai spells them (the
 * spec's ids are Murf's), each mapped to a language and a gender, and from there to every provider's own voice.
 * Shared by the server (validation, providers) and the browser (the voice menu), so it holds no secrets.
 */
export type Gender = "female" | "male";

export type Voice = {
  /** the public id, e.g. `en-US-natalie` (also Murf's voiceId) */
  id: string;
  /** display name, e.g. "Natalie" */
  name: string;
  gender: Gender;
  /** BCP 47 language tag for `lang` attributes and OpenAI instructions */
  lang: string;
  /** the group shown in the voice menu, e.g. "English (US)" */
  language: string;
  /** eSpeak NG voice with its variant: `en-us+f3` */
  espeak: string;
  /** eSpeak NG's pitch (0-99, 50 is the voice's own) and rate (words a minute): with the variant they make
   * every voice of the catalogue sound different offline (no two share all three) */
  espeakPitch: number;
  espeakRate: number;
  /** OpenAI speech voice */
  openai: string;
};

type Row = [id: string, gender: Gender, espeakVariant: string, pitch?: number, rate?: number];
type Language = { language: string; lang: string; espeak: string; voices: Row[] };

// Voices of one language get different eSpeak variants, pitches and rates so they sound different offline too
// (eSpeak's language names must be ones it knows: `en` is its British English, `fr` its French of France; it has
// no `en-gb` or `fr-fr`, and the worker refuses a name it does not know; decisions 190 and 320). Without pitch and rate a row
// takes its gender's default: female 58 / 170, male 40 / 165.
const LANGUAGES: Language[] = [
  {
    language: "English (US)",
    lang: "en-US",
    espeak: "en-us",
    voices: [
      ["en-US-natalie", "female", "f3", 55, 170],
      ["en-US-terrell", "male", "m3", 40, 165],
      ["en-US-ariana", "female", "f1", 66, 182],
      ["en-US-miles", "male", "m1", 50, 178],
      ["en-US-samantha", "female", "f4", 46, 158],
    ],
  },
  {
    language: "English (UK)",
    lang: "en-GB",
    espeak: "en",
    voices: [
      ["en-UK-ruby", "female", "f3", 40, 160],
      ["en-UK-theo", "male", "m3", 34, 150],
      ["en-UK-hazel", "female", "f2", 74, 150],
    ],
  },
  { language: "English (Australia)", lang: "en-AU", espeak: "en", voices: [["en-AU-jimm", "male", "m2", 30, 178]] },
  {
    language: "Spanish",
    lang: "es-ES",
    espeak: "es",
    voices: [
      ["es-ES-elvira", "female", "f3"],
      ["es-ES-javier", "male", "m3"],
    ],
  },
  {
    language: "French",
    lang: "fr-FR",
    espeak: "fr",
    voices: [
      ["fr-FR-louise", "female", "f3"],
      ["fr-FR-louis", "male", "m3"],
    ],
  },
  {
    language: "German",
    lang: "de-DE",
    espeak: "de",
    voices: [
      ["de-DE-lara", "female", "f3"],
      ["de-DE-matthias", "male", "m3"],
    ],
  },
  {
    language: "Italian",
    lang: "it-IT",
    espeak: "it",
    voices: [
      ["it-IT-greta", "female", "f3"],
      ["it-IT-lorenzo", "male", "m3"],
    ],
  },
  {
    language: "Portuguese (Brazil)",
    lang: "pt-BR",
    espeak: "pt-br",
    voices: [
      ["pt-BR-isadora", "female", "f3"],
      ["pt-BR-heitor", "male", "m3"],
    ],
  },
  {
    language: "Dutch",
    lang: "nl-NL",
    espeak: "nl",
    voices: [
      ["nl-NL-merel", "female", "f3"],
      ["nl-NL-dirk", "male", "m3"],
    ],
  },
  {
    language: "Polish",
    lang: "pl-PL",
    espeak: "pl",
    voices: [
      ["pl-PL-kasia", "female", "f3"],
      ["pl-PL-jacek", "male", "m3"],
    ],
  },
  {
    language: "Japanese",
    lang: "ja-JP",
    espeak: "ja",
    voices: [
      ["ja-JP-kimi", "female", "f3"],
      ["ja-JP-kenji", "male", "m3"],
    ],
  },
  {
    language: "Chinese (Mandarin)",
    lang: "zh-CN",
    espeak: "cmn",
    voices: [
      ["zh-CN-jiao", "female", "f3"],
      ["zh-CN-tao", "male", "m3"],
    ],
  },
  {
    language: "Korean",
    lang: "ko-KR",
    espeak: "ko",
    voices: [
      ["ko-KR-gyeong", "female", "f3"],
      ["ko-KR-jong-su", "male", "m3"],
    ],
  },
  {
    language: "Hindi",
    lang: "hi-IN",
    espeak: "hi",
    voices: [
      ["hi-IN-ayushi", "female", "f3"],
      ["hi-IN-shaan", "male", "m3"],
    ],
  },
  // Only one gender is offered for these two (the spec: "some have only one gender").
  { language: "Russian", lang: "ru-RU", espeak: "ru", voices: [["ru-RU-dmitri", "male", "m3"]] },
  { language: "Arabic", lang: "ar-SA", espeak: "ar", voices: [["ar-SA-layla", "female", "f3"]] },
];

const OPENAI_VOICES: Record<Gender, string[]> = { female: ["nova", "shimmer", "coral"], male: ["onyx", "echo", "ash"] };

function capitalise(word: string): string {
  return word
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("-");
}

export const VOICES: readonly Voice[] = LANGUAGES.flatMap((language) => {
  const seen: Record<Gender, number> = { female: 0, male: 0 };
  return language.voices.map(([id, gender, variant, pitch, rate]) => {
    const index = seen[gender]++;
    return {
      id,
      name: capitalise(id.split("-").slice(2).join("-")),
      gender,
      lang: language.lang,
      language: language.language,
      espeak: `${language.espeak}+${variant}`,
      espeakPitch: pitch ?? (gender === "female" ? 58 : 40),
      espeakRate: rate ?? (gender === "female" ? 170 : 165),
      openai: OPENAI_VOICES[gender][index % OPENAI_VOICES[gender].length]!,
    };
  });
});

export { DEFAULT_VOICE_ID } from "./default-voice";

const byId = new Map(VOICES.map((voice) => [voice.id, voice]));

export function findVoice(id: string | null | undefined): Voice | undefined {
  return id ? byId.get(id) : undefined;
}

/** The catalogue grouped by language, in catalogue order, for the voice menu. */
export function voicesByLanguage(): Array<{ language: string; lang: string; voices: Voice[] }> {
  const groups: Array<{ language: string; lang: string; voices: Voice[] }> = [];
  for (const voice of VOICES) {
    const group = groups.find((g) => g.language === voice.language);
    if (group) group.voices.push(voice);
    else groups.push({ language: voice.language, lang: voice.lang, voices: [voice] });
  }
  return groups;
}
