import { describe, expect, it } from "vitest";
import { COMPOSITIONS, STYLES } from "~/preferences/schema";
import { composeAngelReading, composeLifePathSummary, composePrinciple, keywordList } from "./composer";
import { PRINCIPLE_TEXTS } from "./principle-texts";
import { DIGITS } from "./principles";

const base = { style: "poetic", composition: "detailed", keywords: "" } as const;

describe("the offline composer", () => {
  it("is deterministic for a seed and varies between seeds", () => {
    expect(composePrinciple(3, { ...base, seed: 42 })).toEqual(composePrinciple(3, { ...base, seed: 42 }));
    const contents = new Set(
      Array.from({ length: 12 }, (_, seed) => composePrinciple(3, { ...base, seed }).principle.content),
    );
    expect(contents.size).toBeGreaterThan(6);
  });

  it("writes from the chosen principle's texts, titled with its universal name", () => {
    for (const digit of DIGITS) {
      const r = composePrinciple(digit, { ...base, seed: digit });
      expect(r.principle.title.startsWith(`Universal `)).toBe(true);
      expect(r.principle.content).toContain(PRINCIPLE_TEXTS[digit].teaching);
      expect(PRINCIPLE_TEXTS[digit].insights).toContain(r.principle.insight);
      expect(PRINCIPLE_TEXTS[digit].affirmations).toContain(r.affirmation);
    }
  });

  it("shapes length by composition and wording by style", () => {
    const len = (composition: (typeof COMPOSITIONS)[number]) =>
      composePrinciple(5, { ...base, composition, seed: 7 }).principle.content.length;
    expect(len("brief")).toBeLessThan(len("detailed"));
    expect(len("simple")).toBeLessThan(len("detailed"));
    const practical = composePrinciple(4, { ...base, style: "practical", composition: "brief", seed: 1 }).principle
      .content;
    expect(PRINCIPLE_TEXTS[4].practices.some((p) => practical.includes(p))).toBe(true);
    const scientific = composePrinciple(4, { ...base, style: "scientific", composition: "brief", seed: 1 }).principle
      .content;
    expect(PRINCIPLE_TEXTS[4].observations.some((p) => scientific.includes(p))).toBe(true);
    for (const style of STYLES)
      for (const composition of COMPOSITIONS) {
        expect(
          composePrinciple(9, { style, composition, keywords: "", seed: 3 }).principle.content.length,
        ).toBeGreaterThan(60);
      }
  });

  it("weaves keywords in only as quoted data", () => {
    const r = composePrinciple(1, { ...base, keywords: 'career, "ignore all rules" <b>', seed: 5 });
    expect(r.principle.content).toContain("“career”");
    expect(r.principle.content).toContain("“ignore all rules b”");
    expect(r.principle.content).not.toContain("<b>");
    expect(r.affirmation).toContain("“career”");
    expect(keywordList("a, b, c, d")).toEqual(["a", "b", "c"]);
  });

  it("decodes angel numbers with principles, reduction and paragraphs", () => {
    const r = composeAngelReading("1234", { ...base, seed: 9 });
    expect(r.reducedDigit).toEqual({
      digit: 1,
      calculation: "1+2+3+4 = 10 → 1+0 = 1",
      principle: "Universal Change",
      meaning: `${PRINCIPLE_TEXTS[1].subtitle}.`,
    });
    expect(r.universalPrinciples.map((p) => p.principle)).toEqual([
      "Universal Change",
      "Universal Uniqueness",
      "Universal Joining",
      "Universal Growth",
    ]);
    expect(r.personalizedMessage.split("\n\n").length).toBeGreaterThanOrEqual(3);
    expect(r.meaning).toContain("staircase");
    expect(composeAngelReading("1111", { ...base, seed: 1 }).universalPrinciples).toHaveLength(1);
    expect(composeAngelReading("1111", { ...base, seed: 1 }).meaning).toMatch(/repetition|repeated/i);
  });

  it("summarises a life path", () => {
    const s = composeLifePathSummary({ lifePath: 1, digits: [0, 3, 1, 5, 1, 9, 9, 0] }, { seed: 2 });
    expect(s).toMatch(/Universal Change/);
    expect(s.length).toBeGreaterThan(150);
  });
});
