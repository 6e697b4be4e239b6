import { describe, expect, it } from "vitest";
import { COMPOSITIONS, STYLES } from "~/preferences/schema";
import { composeReading } from "./composer";
import { checkTerminology, groundingSentence } from "./terminology";
import { BODY_NAMES, SIGN_NAMES } from "./zodiac";

describe("the offline composer", () => {
  it("keeps the terminology contract for every planet, sign, style and length", () => {
    for (const planet of BODY_NAMES)
      for (const sign of SIGN_NAMES)
        for (const style of STYLES)
          for (const composition of COMPOSITIONS)
            for (const keywords of ["", "career change"]) {
              const reading = composeReading({ planet, sign, style, composition, keywords });
              const check = checkTerminology(reading, planet, sign);
              expect(check.compliant, `${planet}/${sign}/${style}/${composition}: ${JSON.stringify(check)}`).toBe(true);
            }
  });

  it("writes about the planet, its sign and the visitor's keywords, longer when asked for detail", () => {
    const base = { planet: "Mars", sign: "Leo", style: "practical", keywords: "courage at work" } as const;
    const detailed = composeReading({ ...base, composition: "detailed" });
    const brief = composeReading({ ...base, composition: "brief" });
    expect(detailed).toContain("Mars");
    expect(detailed).toContain("Leo");
    expect(detailed).toContain("Universal Desire");
    expect(detailed).toContain("“courage at work”");
    expect(brief.length).toBeLessThan(detailed.length);
    expect(composeReading({ ...base, style: "poetic", composition: "detailed" })).not.toBe(detailed);
  });
});

describe("the terminology check", () => {
  it("counts the principle, zero and the element, and fails a reading that misses them", () => {
    const check = checkTerminology("Venus in Taurus brings warmth.", "Venus", "Taurus");
    expect(check).toMatchObject({
      status: "non-compliant",
      compliant: false,
      principle: { number: 7, name: "Harmony", count: 0, required: 2, found: [] },
      zero: { count: 0, required: 1, found: [] },
      special: { type: "element", term: "Earth", count: 0, required: 1, found: [] },
    });
    const good = checkTerminology(
      "Universal Harmony, principle 7, meets Earth; all rests in 0, Universal Nonseparation. 10 and 2.0 are not zero mentions.",
      "Venus",
      "Taurus",
    );
    expect(good.principle.found).toEqual(["Universal Harmony", "principle 7"]);
    expect(good.zero.found).toEqual(["0", "Nonseparation", "zero"]);
    expect(good.special.found).toEqual(["Earth"]);
    expect(good.status).toBe("compliant");
  });

  it("gives a grounding sentence that meets the contract on its own", () => {
    for (const planet of BODY_NAMES)
      for (const sign of SIGN_NAMES)
        expect(checkTerminology(groundingSentence(planet, sign), planet, sign).compliant).toBe(true);
  });
});
