import { BODY_NAMES } from "~/astrology/zodiac";

/**
 * Every public page of the site (spec part 2's route table, minus the protected and admin routes), for the
 * sitemap: each planet's horoscope page included. Blog posts are added from the content library.
 */
export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/numbers",
  "/blog",
  "/about",
  "/nonduality",
  "/palindrome",
  "/octahedron",
  "/colors",
  "/birth-date",
  "/emotions",
  "/healing",
  "/seven-three-one",
  "/astrology",
  "/birth-chart",
  "/compatibility",
  "/angel",
  "/3d-viewer",
  "/auth",
  "/forum",
  "/privacy",
  ...BODY_NAMES.map((name) => `/astrology/${name}`),
];

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
