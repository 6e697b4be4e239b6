import { VS15, type SignName } from "./zodiac-names";

/** The twelve tropical signs with their symbols, elements, modalities and keywords (see `./zodiac`). */
export type SignElement = "Fire" | "Earth" | "Air" | "Water";
export type Modality = "Cardinal" | "Fixed" | "Mutable";

export type SignFacts = {
  name: SignName;
  symbol: string;
  element: SignElement;
  modality: Modality;
  keywords: readonly string[];
};

export const SIGNS: readonly SignFacts[] = [
  {
    name: "Aries",
    symbol: `♈${VS15}`,
    element: "Fire",
    modality: "Cardinal",
    keywords: ["initiative", "courage", "beginnings"],
  },
  {
    name: "Taurus",
    symbol: `♉${VS15}`,
    element: "Earth",
    modality: "Fixed",
    keywords: ["steadiness", "sensuality", "patience"],
  },
  {
    name: "Gemini",
    symbol: `♊${VS15}`,
    element: "Air",
    modality: "Mutable",
    keywords: ["curiosity", "exchange", "versatility"],
  },
  {
    name: "Cancer",
    symbol: `♋${VS15}`,
    element: "Water",
    modality: "Cardinal",
    keywords: ["nurture", "home", "memory"],
  },
  {
    name: "Leo",
    symbol: `♌${VS15}`,
    element: "Fire",
    modality: "Fixed",
    keywords: ["radiance", "creativity", "heart"],
  },
  {
    name: "Virgo",
    symbol: `♍${VS15}`,
    element: "Earth",
    modality: "Mutable",
    keywords: ["discernment", "service", "craft"],
  },
  {
    name: "Libra",
    symbol: `♎${VS15}`,
    element: "Air",
    modality: "Cardinal",
    keywords: ["balance", "partnership", "beauty"],
  },
  {
    name: "Scorpio",
    symbol: `♏${VS15}`,
    element: "Water",
    modality: "Fixed",
    keywords: ["depth", "transformation", "intimacy"],
  },
  {
    name: "Sagittarius",
    symbol: `♐${VS15}`,
    element: "Fire",
    modality: "Mutable",
    keywords: ["vision", "freedom", "meaning"],
  },
  {
    name: "Capricorn",
    symbol: `♑${VS15}`,
    element: "Earth",
    modality: "Cardinal",
    keywords: ["structure", "mastery", "duty"],
  },
  {
    name: "Aquarius",
    symbol: `♒${VS15}`,
    element: "Air",
    modality: "Fixed",
    keywords: ["innovation", "community", "ideals"],
  },
  {
    name: "Pisces",
    symbol: `♓${VS15}`,
    element: "Water",
    modality: "Mutable",
    keywords: ["compassion", "dreams", "surrender"],
  },
];

export function signFacts(name: SignName): SignFacts {
  return SIGNS.find((s) => s.name === name)!;
}
