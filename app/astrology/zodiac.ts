import type { Digit } from "~/numerology/principles";

/**
 * The static facts of the sky as the site teaches it: the ten bodies with their symbols and principles, and the
 * twelve tropical signs with their symbols, elements, modalities and keywords. Shared by server and browser.
 * Symbols carry U+FE0E so they render as text glyphs, not emoji.
 */
export const BODY_NAMES = [
  "Sun",
  "Moon",
  "Mercury",
  "Venus",
  "Mars",
  "Jupiter",
  "Saturn",
  "Uranus",
  "Neptune",
  "Pluto",
] as const;
export type BodyName = (typeof BODY_NAMES)[number];

export const SIGN_NAMES = [
  "Aries",
  "Taurus",
  "Gemini",
  "Cancer",
  "Leo",
  "Virgo",
  "Libra",
  "Scorpio",
  "Sagittarius",
  "Capricorn",
  "Aquarius",
  "Pisces",
] as const;
export type SignName = (typeof SIGN_NAMES)[number];

export type SignElement = "Fire" | "Earth" | "Air" | "Water";
export type Modality = "Cardinal" | "Fixed" | "Mutable";

export type SignFacts = {
  name: SignName;
  symbol: string;
  element: SignElement;
  modality: Modality;
  keywords: readonly string[];
};

const VS15 = "\uFE0E";

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

export type BodyFacts = {
  name: BodyName;
  symbol: string;
  /** the principle (digit 0-9) the ontology reads through this body: each digit exactly once */
  principle: Digit;
  /** the short attribute line of the planet card */
  attribute: string;
  description: string;
  keywords: readonly string[];
  /** whether the body ever appears to move backwards from the Earth (Sun and Moon never do) */
  canRetrograde: boolean;
};

/**
 * Planet-to-principle mapping: the luminaries and the personal planets take the elemental principles (Sun the
 * fire of 1 Change, Mercury the air of 2 Uniqueness, Moon the water of 3 Joining, Jupiter the growth of 4),
 * Mars desire (5), Saturn time (6 Refinement of Pace), Venus harmony (7), Pluto the deep memory of 8, Uranus
 * the sudden all-seeing insight of 9, and Neptune the dissolving oneness of 0 Nonseparation.
 */
export const BODIES: readonly BodyFacts[] = [
  {
    name: "Sun",
    symbol: `☉${VS15}`,
    principle: 1,
    attribute: "Vitality · Identity · Purpose",
    description:
      "The Sun is the conscious centre of the chart: the will to be, the light by which a life recognises itself.",
    keywords: ["vitality", "identity", "purpose"],
    canRetrograde: false,
  },
  {
    name: "Moon",
    symbol: `☽${VS15}`,
    principle: 3,
    attribute: "Emotion · Instinct · Belonging",
    description:
      "The Moon reflects feeling and memory: the tides of mood, the need to be held, the rhythm of the inner life.",
    keywords: ["emotion", "instinct", "belonging"],
    canRetrograde: false,
  },
  {
    name: "Mercury",
    symbol: `☿${VS15}`,
    principle: 2,
    attribute: "Mind · Language · Connection",
    description: "Mercury carries thought and speech: how we name, sort, learn and pass messages between worlds.",
    keywords: ["communication", "intellect", "learning"],
    canRetrograde: true,
  },
  {
    name: "Venus",
    symbol: `♀${VS15}`,
    principle: 7,
    attribute: "Love · Beauty · Values",
    description:
      "Venus draws things together: attraction, taste, the harmony we make with others and with what we value.",
    keywords: ["love", "beauty", "harmony"],
    canRetrograde: true,
  },
  {
    name: "Mars",
    symbol: `♂${VS15}`,
    principle: 5,
    attribute: "Drive · Courage · Action",
    description: "Mars is the force that moves toward what it wants: desire made into action, courage, heat and edge.",
    keywords: ["action", "desire", "courage"],
    canRetrograde: true,
  },
  {
    name: "Jupiter",
    symbol: `♃${VS15}`,
    principle: 4,
    attribute: "Expansion · Wisdom · Abundance",
    description: "Jupiter widens the horizon: growth, generosity, faith and the teachings that make a life larger.",
    keywords: ["expansion", "wisdom", "abundance"],
    canRetrograde: true,
  },
  {
    name: "Saturn",
    symbol: `♄${VS15}`,
    principle: 6,
    attribute: "Structure · Time · Discipline",
    description:
      "Saturn is the keeper of time and form: limits, commitments and the slow refinement that makes things last.",
    keywords: ["discipline", "structure", "maturity"],
    canRetrograde: true,
  },
  {
    name: "Uranus",
    symbol: `♅${VS15}`,
    principle: 9,
    attribute: "Awakening · Freedom · Insight",
    description: "Uranus breaks patterns open: sudden insight, invention, the lightning that shows the whole at once.",
    keywords: ["innovation", "freedom", "awakening"],
    canRetrograde: true,
  },
  {
    name: "Neptune",
    symbol: `♆${VS15}`,
    principle: 0,
    attribute: "Dreams · Compassion · Oneness",
    description: "Neptune dissolves boundaries: imagination, devotion, compassion and the felt sense that all is one.",
    keywords: ["intuition", "dreams", "spirituality"],
    canRetrograde: true,
  },
  {
    name: "Pluto",
    symbol: `♇${VS15}`,
    principle: 8,
    attribute: "Depth · Rebirth · Power",
    description:
      "Pluto works underground: endings and rebirths, hidden power, and the deep memory that transformation unearths.",
    keywords: ["transformation", "rebirth", "power"],
    canRetrograde: true,
  },
];

export function bodyFacts(name: BodyName): BodyFacts {
  return BODIES.find((b) => b.name === name)!;
}

export function signFacts(name: SignName): SignFacts {
  return SIGNS.find((s) => s.name === name)!;
}

/** A planet name from a URL or a form, case-insensitive and URL-decoded; null when it is not one of the ten. */
export function parseBodyName(value: string | null | undefined): BodyName | null {
  if (!value) return null;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const wanted = decoded.trim().toLowerCase();
  return BODY_NAMES.find((n) => n.toLowerCase() === wanted) ?? null;
}

export function parseSignName(value: string | null | undefined): SignName | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase();
  return SIGN_NAMES.find((n) => n.toLowerCase() === wanted) ?? null;
}

/** The sign at an ecliptic longitude (degrees, any range) and the degree within it (0 ≤ d < 30). */
export function signAt(longitude: number): { sign: SignName; degreeInSign: number } {
  const lon = ((longitude % 360) + 360) % 360;
  const index = Math.min(11, Math.floor(lon / 30));
  return { sign: SIGN_NAMES[index]!, degreeInSign: lon - index * 30 };
}

/** 12°34′ style text for a degree within a sign. */
export function formatDegree(degreeInSign: number): string {
  // Truncated, as almanacs write positions: 29°59.9′ is still 29°59′ of the sign, never "30°".
  const whole = Math.floor(degreeInSign);
  const minutes = Math.floor((degreeInSign - whole) * 60);
  return `${whole}°${String(minutes).padStart(2, "0")}′`;
}
