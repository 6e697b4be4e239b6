import { describe, expect, it } from "vitest";
import { letterValue, nameNumbers, personalCycles, reduceKeepingMasters } from "./name-numbers";

/**
 * Worked examples from published numerology guides (Pythagorean table, Y a consonant), checked digit for digit:
 * - "JOHN SMITH" (cosmic-copilot.com, "Name Numerology Calculator", step-by-step example): Expression 44 → 8,
 *   Soul Urge O+I = 15 → 6, Personality 29 → 11, a master number kept.
 * - "ANNA TORRES" (numerologia.io, "The Mathematics of Names in Numerology"): Expression 44 → 8, Soul Urge 13 → 4.
 * - "NGUYEN VAN MINH" (mikiname.com, "How to Calculate Numerology Numbers"): each name reduced first,
 *   5 + 1 + 8 = 14 → 5, with Y counted as a consonant.
 * - Personal year, month and day for a birthday of May 15 (numerology.findyourfate.com, "How to find your Personal
 *   Year Number"): 1992 is a 5 personal year (5 + 6 + 3 = 14 → 5), July a 3 personal month (5 + 7 = 12 → 3),
 *   July 17 a 2 personal day (3 + 8 = 11 → 2: cycles reduce master numbers).
 * - Personal year for November 23 in 2008 (numerologica.blogs.com, "How to find your Personal Year"): 2 + 5 + 1 = 8.
 */
describe("name numbers", () => {
  it("uses the Pythagorean table", () => {
    expect([..."AJSBKTCLUDMVENWFOXGPYHQZIR"].map(letterValue)).toEqual([
      1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9,
    ]);
  });

  it("JOHN SMITH: Expression 8, Soul Urge 6, Personality 11 (master kept)", () => {
    const n = nameNumbers("John Smith");
    expect(n.expression.value).toBe(8);
    expect(n.soulUrge.value).toBe(6);
    expect(n.personality.value).toBe(11);
    expect(n.personality.isMaster).toBe(true);
    expect(n.expression.parts[0]!.working).toBe("J(1) + O(6) + H(8) + N(5) = 20 → 2+0 = 2");
    expect(n.expression.parts[1]!.working).toBe("S(1) + M(4) + I(9) + T(2) + H(8) = 24 → 2+4 = 6");
    expect(n.expression.working).toBe("2 + 6 = 8");
    expect(n.personality.working).toBe("5 + 6 = 11");
  });

  it("ANNA TORRES: Expression 8, Soul Urge 4 (Torres' vowels make 11, kept, then 2 + 11 = 13 → 4)", () => {
    const n = nameNumbers("Anna Torres");
    expect(n.expression.value).toBe(8);
    expect(n.soulUrge.value).toBe(4);
    expect(n.soulUrge.parts[1]!.reduced).toBe(11);
    expect(n.soulUrge.working).toBe("2 + 11 = 13 → 1+3 = 4");
  });

  it("NGUYEN VAN MINH: each name reduced, then added: 5 + 1 + 8 = 14 → 5", () => {
    const n = nameNumbers("Nguyen Van Minh");
    expect(n.expression.parts.map((p) => p.reduced)).toEqual([5, 1, 8]);
    expect(n.expression.working).toBe("5 + 1 + 8 = 14 → 1+4 = 5");
    expect(n.expression.value).toBe(5);
  });

  it("the Y convention changes the vowels and is named", () => {
    const consonant = nameNumbers("Mary Lynn", "consonant");
    const vowel = nameNumbers("Mary Lynn", "vowel");
    expect(consonant.soulUrge.parts.map((p) => p.letters.map((l) => l.letter).join(""))).toEqual(["A", ""]);
    expect(vowel.soulUrge.parts.map((p) => p.letters.map((l) => l.letter).join(""))).toEqual(["AY", "Y"]);
    expect(consonant.expression.value).toBe(vowel.expression.value);
    expect(vowel.yConvention).toBe("vowel");
  });

  it("drops accents and lists what it could not count", () => {
    const n = nameNumbers("José-María Núñez 3");
    expect(n.expression.parts.map((p) => p.letters.map((l) => l.letter).join(""))).toEqual(["JOSE", "MARIA", "NUNEZ"]);
    expect(n.notCounted).toEqual(["3"]);
  });

  it("keeps 11, 22 and 33 and reduces the rest", () => {
    expect(reduceKeepingMasters(29)).toEqual({ value: 11, steps: ["2+9 = 11"] });
    expect(reduceKeepingMasters(22).value).toBe(22);
    expect(reduceKeepingMasters(33).value).toBe(33);
    expect(reduceKeepingMasters(99)).toEqual({ value: 9, steps: ["9+9 = 18", "1+8 = 9"] });
  });
});

describe("personal cycles", () => {
  it("May 15 in 1992: year 5, July month 3, July 17 day 2", () => {
    const c = personalCycles({ month: 5, day: 15 }, { year: 1992, month: 7, day: 17 });
    expect(c.year.value).toBe(5);
    expect(c.month.value).toBe(3);
    expect(c.day.value).toBe(2);
    expect(c.year.working).toBe("birth month 5 → 5, birth day 15 → 6, year 1992 → 3: 5 + 6 + 3 = 14 → 1+4 = 5");
    expect(c.day.working).toBe("personal month 3 + day 17 (8) = 11 → 1+1 = 2");
  });

  it("November 23 in 2008: year 8", () => {
    expect(personalCycles({ month: 11, day: 23 }, { year: 2008, month: 1, day: 1 }).year.value).toBe(8);
  });
});
