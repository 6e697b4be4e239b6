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
