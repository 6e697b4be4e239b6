import { describe, expect, it } from "vitest";
import { contrastRatio, fitDistance, linearFromHex, readableLineColour, VIEWER_BACKGROUND } from "./viewer-look";

/** Where a sphere seen from `distance` ends, as the tangent of its half-angle, against the view's half-angles. */
function fits(radius: number, distance: number, verticalFov: number, aspect: number): boolean {
  const seen = Math.asin(radius / distance); // the sphere's angular radius
  const halfVertical = (verticalFov * Math.PI) / 360;
  const halfHorizontal = Math.atan(Math.tan(halfVertical) * aspect);
  return seen <= halfVertical + 1e-9 && seen <= halfHorizontal + 1e-9;
}

describe("fitDistance", () => {
  it("fits a landscape view by its vertical field of view, as before", () => {
    expect(fitDistance(1, 45, 16 / 9)).toBeCloseTo(1 / Math.sin((22.5 * Math.PI) / 180), 9);
    expect(fits(1, fitDistance(1, 45, 16 / 9), 45, 16 / 9)).toBe(true);
  });

  it("fits a portrait phone's view by its narrower horizontal field of view", () => {
    const aspect = 358 / 600;
    const distance = fitDistance(1, 45, aspect);
    expect(fits(1, distance, 45, aspect)).toBe(true);
    // the vertical angle alone leaves the sphere wider than the view
    expect(fits(1, 1 / Math.sin((22.5 * Math.PI) / 180), 45, aspect)).toBe(false);
    expect(distance).toBeGreaterThan(1 / Math.sin((22.5 * Math.PI) / 180));
  });
});

describe("readableLineColour (issue 47)", () => {
  const background = linearFromHex(VIEWER_BACKGROUND);
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio([1, 1, 1], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio(linearFromHex("#777777"), [1, 1, 1])).toBeCloseTo(4.48, 2);
  });
  it("turns a DWG's dark ink, which measured 1.25:1 on the background, into a line that stands out by 3:1", () => {
    const ink = [0.1, 0.1, 0.2];
    expect(contrastRatio(ink, background)).toBeLessThan(1.5);
    expect(contrastRatio(readableLineColour(ink), background)).toBeGreaterThanOrEqual(3);
  });
  it("keeps a line colour that already stands out", () => {
    expect(readableLineColour([1, 0.9, 0.2])).toEqual([1, 0.9, 0.2]);
  });
});
