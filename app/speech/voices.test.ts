import { DEFAULT_VOICE_ID, VOICES, findVoice, voicesByLanguage } from "./voices";

describe("voice catalogue", () => {
  it("holds the spec's English voices and the default", () => {
    expect(findVoice(DEFAULT_VOICE_ID)).toMatchObject({ name: "Natalie", gender: "female", language: "English (US)" });
    const english = (lang: string) => VOICES.filter((v) => v.lang === lang).map((v) => v.name);
    expect(english("en-US")).toEqual(["Natalie", "Terrell", "Ariana", "Miles", "Samantha"]);
    expect(english("en-GB")).toEqual(["Ruby", "Theo", "Hazel"]);
    expect(english("en-AU")).toEqual(["Jimm"]);
  });

  it("offers the spec's other languages, each with a female and a male voice where it has two", () => {
    const groups = voicesByLanguage().map((g) => g.language);
    for (const language of [
      "Spanish",
      "French",
      "German",
      "Italian",
      "Portuguese (Brazil)",
      "Dutch",
      "Polish",
      "Japanese",
      "Chinese (Mandarin)",
      "Korean",
      "Hindi",
      "Russian",
      "Arabic",
    ]) {
      expect(groups).toContain(language);
    }
    for (const group of voicesByLanguage()) {
      if (group.voices.length === 2) expect(group.voices.map((v) => v.gender).sort()).toEqual(["female", "male"]);
    }
  });

  it("maps every voice to each provider with its gender", () => {
    for (const voice of VOICES) {
      expect(voice.id).toMatch(/^[a-z]{2}-[A-Z]{2}-[a-z-]+$/);
      expect(voice.espeak).toMatch(voice.gender === "female" ? /\+f\d$/ : /\+m\d$/);
      expect(voice.gender === "female" ? ["nova", "shimmer", "coral"] : ["onyx", "echo", "ash"]).toContain(
        voice.openai,
      );
    }
    expect(findVoice("en-US-nobody")).toBeUndefined();
  });
});
