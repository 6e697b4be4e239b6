import type { Digit } from "~/numerology/principles";
import { VS15, type BodyName } from "./zodiac-names";

/** The ten bodies with their symbols, principles, attributes and keywords (their descriptions: `./zodiac-body-descriptions`; see `./zodiac`). */
export type BodyFacts = {
  name: BodyName;
  symbol: string;
  /** the principle (digit 0-9) the ontology reads through this body: each digit exactly once */
  principle: Digit;
  /** the short attribute line of the planet card */
  attribute: string;
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
    keywords: ["vitality", "identity", "purpose"],
    canRetrograde: false,
  },
  {
    name: "Moon",
    symbol: `☽${VS15}`,
    principle: 3,
    attribute: "Emotion · Instinct · Belonging",
    keywords: ["emotion", "instinct", "belonging"],
    canRetrograde: false,
  },
  {
    name: "Mercury",
    symbol: `☿${VS15}`,
    principle: 2,
    attribute: "Mind · Language · Connection",
    keywords: ["communication", "intellect", "learning"],
    canRetrograde: true,
  },
  {
    name: "Venus",
    symbol: `♀${VS15}`,
    principle: 7,
    attribute: "Love · Beauty · Values",
    keywords: ["love", "beauty", "harmony"],
    canRetrograde: true,
  },
  {
    name: "Mars",
    symbol: `♂${VS15}`,
    principle: 5,
    attribute: "Drive · Courage · Action",
    keywords: ["action", "desire", "courage"],
    canRetrograde: true,
  },
  {
    name: "Jupiter",
    symbol: `♃${VS15}`,
    principle: 4,
    attribute: "Expansion · Wisdom · Abundance",
    keywords: ["expansion", "wisdom", "abundance"],
    canRetrograde: true,
  },
  {
    name: "Saturn",
    symbol: `♄${VS15}`,
    principle: 6,
    attribute: "Structure · Time · Discipline",
    keywords: ["discipline", "structure", "maturity"],
    canRetrograde: true,
  },
  {
    name: "Uranus",
    symbol: `♅${VS15}`,
    principle: 9,
    attribute: "Awakening · Freedom · Insight",
    keywords: ["innovation", "freedom", "awakening"],
    canRetrograde: true,
  },
  {
    name: "Neptune",
    symbol: `♆${VS15}`,
    principle: 0,
    attribute: "Dreams · Compassion · Oneness",
    keywords: ["intuition", "dreams", "spirituality"],
    canRetrograde: true,
  },
  {
    name: "Pluto",
    symbol: `♇${VS15}`,
    principle: 8,
    attribute: "Depth · Rebirth · Power",
    keywords: ["transformation", "rebirth", "power"],
    canRetrograde: true,
  },
];

export function bodyFacts(name: BodyName): BodyFacts {
  return BODIES.find((b) => b.name === name)!;
}
