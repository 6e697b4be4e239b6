import { principleOf } from "~/numerology/principles";
import { aspectPartner, houseOrdinal, strongestAspect } from "./chart-words";
import type { ChartPoint, NatalChart } from "./natal-chart.server";
import { bodyFacts, signFacts, type BodyName } from "./zodiac";

/**
 * The offline composer of a birth chart's readings: one short reading per planet that names its sign, its house
 * (when the birth time is known) and its strongest aspect, read through the planet's principle of the ontology.
 * Deterministic; the AI provider is asked for the same facts (chart-readings.server.ts).
 */
export type PlanetReading = { planet: BodyName; reading: string };

const HOUSE_THEMES = [
  "the self and how you meet the world",
  "resources, values and what you build",
  "speech, learning and the near at hand",
  "home, roots and private ground",
  "play, creation and joy",
  "work, health and daily craft",
  "partnership and the other",
  "depth, shared resources and change",
  "meaning, travel and belief",
  "calling, reputation and public life",
  "friends, groups and hopes",
  "solitude, retreat and the unseen",
] as const;

const ASPECT_VERBS = {
  conjunction: "fuses with",
  sextile: "cooperates with",
  square: "is challenged by",
  trine: "flows easily with",
  opposition: "is balanced against",
} as const;

/** The facts one planet's reading must name (also what the AI provider is given). */
export function planetFacts(chart: NatalChart, point: ChartPoint) {
  const body = bodyFacts(point.name as BodyName);
  const principle = principleOf(body.principle);
  const aspect = strongestAspect(chart, point.name);
  return {
    planet: point.name as BodyName,
    sign: point.sign,
    house: point.house,
    principle: { digit: principle.digit, name: `Universal ${principle.name}` },
    strongestAspect: aspect
      ? { type: aspect.type, with: aspectPartner(aspect, point.name), orb: aspect.orb, applying: aspect.applying }
      : null,
    retrograde: point.isRetrograde,
  };
}

export function composePlanetReading(chart: NatalChart, point: ChartPoint): string {
  const f = planetFacts(chart, point);
  const zodiac = signFacts(f.sign);
  const body = bodyFacts(f.planet);
  const sentences = [
    `${f.planet} in ${f.sign} carries ${f.principle.name}, principle ${f.principle.digit}: ${body.keywords.join(", ")} expressed through ${zodiac.element.toLowerCase()} and ${zodiac.keywords.join(", ")}.`,
  ];
  if (f.house !== null) {
    sentences.push(`In the ${houseOrdinal(f.house)} house it works in the field of ${HOUSE_THEMES[f.house - 1]}.`);
  }
  if (f.strongestAspect) {
    const a = f.strongestAspect;
    sentences.push(
      `Its strongest aspect: it ${ASPECT_VERBS[a.type]} ${a.with} (${a.type}, ${a.applying ? "applying" : "separating"}), so ${f.principle.name} ${
        a.applying ? "is still gathering toward" : "is releasing"
      } that meeting.`,
    );
  } else {
    sentences.push(`It makes no major aspect, so ${f.principle.name} acts on its own terms.`);
  }
  if (f.retrograde) sentences.push(`Retrograde at birth, it turns its principle inward before it acts.`);
  return sentences.join(" ");
}

/** One reading per planet, Sun to Pluto. */
export function composeChartReadings(chart: NatalChart): PlanetReading[] {
  return chart.points
    .filter((p) => p.name !== "North Node")
    .map((p) => ({ planet: p.name as BodyName, reading: composePlanetReading(chart, p) }));
}
