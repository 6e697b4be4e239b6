/**
 * The viewer's look, in one place for the viewer and its tests (decision 141). A mid-tone background: light models
 * (white plaster, paper) and dark ones (black plastic, iron) both stand out from it, which neither the site's
 * lavender nor white nor black allows. Models that bring no material of their own get a light matte grey.
 */
export const VIEWER_BACKGROUND = "#6e7383";
export const VIEWER_DEFAULT_COLOUR = "#d9d6e4";

/**
 * Fit to View: the camera distance at which a sphere of `radius` fits both the vertical and the horizontal field of
 * view (a portrait view is narrower than it is high; the vertical angle alone cropped models on phones).
 */
export function fitDistance(radius: number, verticalFovDegrees: number, aspect: number): number {
  const halfVertical = (verticalFovDegrees * Math.PI) / 360;
  const halfHorizontal = Math.atan(Math.tan(halfVertical) * aspect);
  return radius / Math.sin(Math.min(halfVertical, halfHorizontal));
}

/** sRGB "#rrggbb" to linear channels 0-1 (what glTF factors and three.js colours hold). */
export function linearFromHex(hex: string): [number, number, number] {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return [channel(0), channel(1), channel(2)];
}

/** WCAG's contrast ratio of two colours given as linear channels (relative luminance is their weighted sum). */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const luminance = (c: readonly number[]) => 0.2126 * (c[0] ?? 0) + 0.7152 * (c[1] ?? 0) + 0.0722 * (c[2] ?? 0);
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** WCAG 1.4.11: a drawing's lines are graphics that must stand out from what is behind them by 3:1. */
export const LINE_CONTRAST = 3;

/**
 * A line's colour as drawn on the viewer's background (linear channels): its own when it stands out by 3:1, else
 * white or black, whichever stands out more. Most DWG files are 2D drafting in dark ink: on the mid-grey background
 * (decision 141) they measured 1.25:1 and nearly vanished (issue 47).
 */
export function readableLineColour(colour: readonly number[]): [number, number, number] {
  const own: [number, number, number] = [colour[0] ?? 0, colour[1] ?? 0, colour[2] ?? 0];
  const background = linearFromHex(VIEWER_BACKGROUND);
  if (contrastRatio(own, background) >= LINE_CONTRAST) return own;
  return contrastRatio([1, 1, 1], background) >= contrastRatio([0, 0, 0], background) ? [1, 1, 1] : [0, 0, 0];
}
