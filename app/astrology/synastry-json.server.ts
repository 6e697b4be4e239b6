import { angleSentence, aspectSentence, pointSentence } from "./chart-words";
import { houseContactSentence, interAspectSentence, moonChangeSentence, moonRangeSentence } from "./synastry-words";
import type { Synastry } from "./synastry.server";

/**
 * A synastry as the JSON API answers it (docs/api/birth-charts.md): the domain's numbers with each contact's
 * sentence beside it, and the composite with its words as the birth chart API gives them.
 */
export function synastryJson(s: Synastry) {
  const labels = { a: s.a.label, b: s.b.label };
  const person = (p: Synastry["a"]) => ({ label: p.label, name: p.name, birth: p.birth, chart: p.chart });
  return {
    a: person(s.a),
    b: person(s.b),
    aspects: s.aspects.map((x) => ({ ...x, text: interAspectSentence(x, labels) })),
    houseContacts: s.houseContacts
      ? {
          aInB: s.houseContacts.aInB.map((c) => ({ ...c, text: houseContactSentence(c, labels) })),
          bInA: s.houseContacts.bInA.map((c) => ({ ...c, text: houseContactSentence(c, labels) })),
        }
      : null,
    unknowns: s.unknowns,
    moonRanges: s.moonRanges.map((r) => ({ ...r, text: moonRangeSentence(r, labels) })),
    moonChanges: s.moonChanges.map((c) => ({ ...c, text: moonChangeSentence(c, labels) })),
    composite: {
      chart: s.composite,
      words: {
        points: s.composite.points.map(pointSentence),
        angles: s.composite.angles
          ? [
              angleSentence("Ascendant", s.composite.angles.ascendant),
              angleSentence("Midheaven", s.composite.angles.midheaven),
            ]
          : [],
        aspects: s.composite.aspects.map(aspectSentence),
      },
    },
    numbers: s.numbers,
  };
}
