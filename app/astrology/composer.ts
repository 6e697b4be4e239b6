import { principleOf } from "~/numerology/principles";
import type { Composition, Style } from "~/preferences/schema";
import { bodyDescription, bodyFacts, signFacts, type BodyName, type SignName } from "./zodiac";

/**
 * The offline composer of planetary readings: written from the site's own material (the planet's principle,
 * the sign's element, modality and keywords), shaped by style and length, and always within the terminology
 * contract (see terminology.ts). Deterministic: the same request gives the same reading.
 */
export type ReadingRequest = {
  planet: BodyName;
  sign: SignName;
  style: Style;
  composition: Composition;
  keywords: string;
};

const ELEMENT_VOICE = {
  Fire: "kindles, initiates and warms",
  Earth: "grounds, shapes and sustains",
  Air: "connects, names and circulates",
  Water: "feels, joins and remembers",
} as const;

const MODALITY_VOICE = {
  Cardinal: "opens a new season and asks you to begin",
  Fixed: "holds steady and asks you to deepen what is already here",
  Mutable: "bends and adapts and asks you to let things change shape",
} as const;

const OPENINGS: Record<Style, (planet: string, sign: string) => string> = {
  poetic: (p, s) =>
    `Like a lantern carried through ${s}'s hall of stars, ${p} lights a particular corner of your life.`,
  scientific: (p, s) =>
    `Observed from Earth, ${p} now moves through the tropical sign of ${s}; read symbolically, this describes a pattern of attention.`,
  spiritual: (p, s) =>
    `${p} in ${s} is an invitation from the one reality to notice how it is exploring itself through you.`,
  practical: (p, s) => `With ${p} in ${s}, here is where to put your energy in the days ahead.`,
};

const CLOSINGS: Record<Style, string> = {
  poetic: "Let the sky be a mirror, not a master.",
  scientific: "Treat this as a hypothesis to test against your own experience.",
  spiritual: "Receive it gently; what is true will recognise you.",
  practical: "Pick one small action and do it today.",
};

function keywordLine(keywords: string, style: Style): string | null {
  const text = keywords.trim();
  if (!text) return null;
  const quoted = `“${text}”`;
  if (style === "practical") return `You asked about ${quoted}: bring it into one concrete step this week.`;
  if (style === "scientific") return `Your focus, ${quoted}, is the variable to watch while this transit lasts.`;
  return `Your focus, ${quoted}, is where this energy wants to land.`;
}

export function composeReading({ planet, sign, style, composition, keywords }: ReadingRequest): string {
  const body = bodyFacts(planet);
  const description = bodyDescription(planet);
  const zodiac = signFacts(sign);
  const principle = principleOf(body.principle);
  const universal = `Universal ${principle.name}`;
  const opening = OPENINGS[style](planet, sign);
  const principleLine = `${planet} carries ${universal}, principle ${principle.digit} of the ontology: ${body.attribute.toLowerCase().replace(/ · /g, ", ")}.`;
  const signLine = `${sign} is a ${zodiac.modality.toLowerCase()} ${zodiac.element} sign: its ${zodiac.element} ${ELEMENT_VOICE[zodiac.element]}, and its ${zodiac.modality.toLowerCase()} nature ${MODALITY_VOICE[zodiac.modality]}.`;
  const themes = `Themes to work with: ${zodiac.keywords.join(", ")}, seen through ${body.keywords.join(", ")}.`;
  const zeroLine = `Beneath every placement rests 0, Universal Nonseparation: ${planet} and ${sign} are two faces of one whole, and so are you and the sky you read.`;
  const userLine = keywordLine(keywords, style);
  const closing = CLOSINGS[style];

  switch (composition) {
    case "brief":
      return [
        `${opening} ${principleLine}`,
        `${signLine} ${userLine ?? ""} ${zeroLine}`.replace(/\s+/g, " ").trim(),
      ].join("\n\n");
    case "simple":
      return [
        `${planet} is in ${sign}. ${planet} stands for ${universal} (principle ${principle.digit}).`,
        `${sign} is an ${zodiac.element} sign. Its words are ${zodiac.keywords.join(", ")}.`,
        ...(userLine ? [userLine] : []),
        `Remember 0, Universal Nonseparation: nothing here is apart from you. ${closing}`,
      ].join("\n\n");
    case "metaphorical":
      return [
        opening,
        `Picture ${universal} as a river and ${sign} as the land it crosses: principle ${principle.digit} is the current, ${zodiac.element} the terrain, and ${description.charAt(0).toLowerCase()}${description.slice(1)}`,
        `${signLine} ${themes}`,
        ...(userLine ? [userLine] : []),
        `The river and the land were never two. That is 0, Universal Nonseparation, the ocean every current returns to. ${closing}`,
      ].join("\n\n");
    case "detailed":
    default:
      return [
        `${opening} ${description}`,
        `${principleLine} ${signLine}`,
        `${themes} When ${universal} moves through ${zodiac.element}, ask where in your life ${zodiac.keywords[0]} is ready to grow, and where ${body.keywords[0]} asks for care.`,
        ...(userLine ? [userLine] : []),
        `${zeroLine} ${closing}`,
      ].join("\n\n");
  }
}
