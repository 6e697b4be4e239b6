import { describe, expect, it } from "vitest";
import { PRINCIPLE_TEXTS } from "./principle-texts";
import { DIGITS, PRINCIPLES, universalName } from "./principles";
import { allRelations, relationBetween } from "./relations";

describe("the ontology", () => {
  it("names the ten principles as the spec does", () => {
    expect(DIGITS.map(universalName)).toEqual([
      "Universal Nonseparation",
      "Universal Change",
      "Universal Uniqueness",
      "Universal Joining",
      "Universal Growth",
      "Universal Desire",
      "Universal Refinement of Pace",
      "Universal Harmony",
      "Universal Remembrance",
      "Universal Omniscience",
    ]);
    expect(PRINCIPLES.map((p) => p.colour)).toEqual([
      "Black",
      "Red",
      "Yellow",
      "Blue",
      "Green",
      "Orange",
      "Indigo",
      "Violet",
      "Brown",
      "White",
    ]);
  });

  it("has a relation phrase for all 90 ordered pairs, each distinct and naming both principles in order", () => {
    const relations = allRelations();
    expect(relations).toHaveLength(90);
    expect(new Set(relations.map((r) => r.phrase)).size).toBe(90);
    for (const from of DIGITS) {
      for (const to of DIGITS) {
        const phrase = relationBetween(from, to);
        if (from === to) {
          expect(phrase).toBeNull();
          continue;
        }
        expect(phrase, `${from}→${to}`).toBeTruthy();
        const a = PRINCIPLES[from]!.name;
        const b = PRINCIPLES[to]!.name;
        expect(phrase!.startsWith(a), `${from}→${to} starts with ${a}`).toBe(true);
        expect(phrase!.indexOf(b, a.length), `${from}→${to} names ${b} after ${a}`).toBeGreaterThan(0);
      }
    }
    // a→b and b→a say different things
    expect(relationBetween(3, 7)).not.toBe(relationBetween(7, 3));
  });

  it("gives every principle its teaching texts", () => {
    for (const digit of DIGITS) {
      const t = PRINCIPLE_TEXTS[digit];
      expect(t.teaching.length).toBeGreaterThan(200);
      expect(t.keywords.length).toBeGreaterThanOrEqual(4);
      expect(t.insights.length).toBeGreaterThanOrEqual(3);
      expect(t.subtitle && t.description).toBeTruthy();
    }
    const allInsights = DIGITS.flatMap((d) => PRINCIPLE_TEXTS[d].insights);
    expect(new Set(allInsights).size).toBe(allInsights.length);
  });
});
