import { describe, expect, it, vi } from "vitest";
import { countConstructions } from "../../tests/support/intl";
import type { ModelSummary } from "./summary";

const box: ModelSummary = {
  units: "millimetres",
  size: [2, 4.123456, 1250.5],
  parts: 2,
  triangles: 12345,
  lines: 1,
  points: 0,
  colours: ["red", "blue"],
};

describe("the model in words", () => {
  it("makes its number formats on first use, not when /3d-viewer loads the module", async () => {
    vi.resetModules();
    const made = countConstructions("NumberFormat");
    try {
      const { summaryRows } = await import("./summary");
      expect(made.count).toBe(0);
      expect(summaryRows(box)).toEqual([
        { term: "Units", details: "millimetres" },
        { term: "Size along x", details: "2 millimetres" },
        { term: "Size along y", details: "4.123 millimetres" },
        { term: "Size along z", details: "1,251 millimetres" },
        { term: "Parts", details: "2" },
        { term: "Triangles", details: "12,345" },
        { term: "Lines", details: "1" },
        { term: "Material colours", details: "red, blue" },
      ]);
      const count = made.count;
      summaryRows({ ...box, units: null, points: 3 });
      expect(made.count).toBe(count);
    } finally {
      made.restore();
    }
  });
});
