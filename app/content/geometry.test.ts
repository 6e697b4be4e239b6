import { EDGES, FACES, OCTAHEDRON_FACTS, VERTICES, projectOctahedron } from "~/numerology/octahedron";
import { PALINDROME, PALINDROME_DIGIT_SUM, digitalRoot, palindromeSteps } from "./palindrome";
import { privacyBackLink } from "./privacy";

describe("the octahedron", () => {
  test("has the spec's facts: 8 faces, 6 vertices, 12 edges, edges total 18, 2 x 2 x 1", () => {
    expect(OCTAHEDRON_FACTS).toEqual({
      faces: 8,
      vertices: 6,
      edges: 12,
      totalEdgeLength: 18,
      length: 2,
      height: 2,
      width: 1,
    });
  });

  test("every face winds outward, so back faces are culled correctly", () => {
    for (const face of FACES) {
      const [a, b, c] = face.map((i) => VERTICES[i]!);
      const u = [b![0] - a![0], b![1] - a![1], b![2] - a![2]];
      const v = [c![0] - a![0], c![1] - a![1], c![2] - a![2]];
      const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
      const centre = [0, 1, 2].map((k) => (a![k]! + b![k]! + c![k]!) / 3);
      expect(n[0]! * centre[0]! + n[1]! * centre[1]! + n[2]! * centre[2]!).toBeGreaterThan(0);
    }
    expect(EDGES).toHaveLength(12);
  });

  test("a projection shows between one and seven faces, and turning changes it", () => {
    const a = projectOctahedron(0.3, 0.2, 800, 320);
    const b = projectOctahedron(0.3, 1.2, 800, 320);
    expect(a.length).toBeGreaterThan(0);
    expect(a.length).toBeLessThan(8);
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
  });
});

describe("the palindrome", () => {
  test("running totals of 9..1 reduce to 986383689, digit sum 60", () => {
    expect(palindromeSteps().map((s) => s.total)).toEqual([9, 17, 24, 30, 35, 39, 42, 44, 45]);
    expect(PALINDROME).toBe("986383689");
    expect([...PALINDROME].reverse().join("")).toBe(PALINDROME);
    expect(PALINDROME_DIGIT_SUM).toBe(60);
    expect(digitalRoot(27)).toBe(9);
  });
});

describe("the privacy back link", () => {
  test("only the five known sources give a back link", () => {
    expect(privacyBackLink("about")?.to).toBe("/about");
    expect(privacyBackLink("colors")?.to).toBe("/colors");
    expect(privacyBackLink("birth-date")?.to).toBe("/birth-date");
    expect(privacyBackLink("healing")?.to).toBe("/healing");
    expect(privacyBackLink("seven-three-one")?.to).toBe("/seven-three-one");
    for (const bad of [null, "", "toString", "__proto__", "https://evil.example", "forum"])
      expect(privacyBackLink(bad)).toBeNull();
  });
});
