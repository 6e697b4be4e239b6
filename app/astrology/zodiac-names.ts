/**
 * The names of the ten bodies and the twelve signs, and the small functions that read and write positions: the part
 * of the zodiac the astrology page's own module needs (decision 116). The facts are in `./zodiac-signs`,
 * `./zodiac-bodies` and `./zodiac-body-descriptions`; server code imports all of it from `./zodiac`, browser code from
 * the module that has what it needs, so each view's chunk carries only its facts.
 */
export const BODY_NAMES = [
  "Sun",
  "Moon",
  "Mercury",
  "Venus",
  "Mars",
  "Jupiter",
  "Saturn",
  "Uranus",
  "Neptune",
  "Pluto",
] as const;
export type BodyName = (typeof BODY_NAMES)[number];

export const SIGN_NAMES = [
  "Aries",
  "Taurus",
  "Gemini",
  "Cancer",
  "Leo",
  "Virgo",
  "Libra",
  "Scorpio",
  "Sagittarius",
  "Capricorn",
  "Aquarius",
  "Pisces",
] as const;
export type SignName = (typeof SIGN_NAMES)[number];

/** A planet name from a URL or a form, case-insensitive and URL-decoded; null when it is not one of the ten. */
export function parseBodyName(value: string | null | undefined): BodyName | null {
  if (!value) return null;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const wanted = decoded.trim().toLowerCase();
  return BODY_NAMES.find((n) => n.toLowerCase() === wanted) ?? null;
}

export function parseSignName(value: string | null | undefined): SignName | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase();
  return SIGN_NAMES.find((n) => n.toLowerCase() === wanted) ?? null;
}

/** The sign at an ecliptic longitude (degrees, any range) and the degree within it (0 ≤ d < 30). */
export function signAt(longitude: number): { sign: SignName; degreeInSign: number } {
  const lon = ((longitude % 360) + 360) % 360;
  const index = Math.min(11, Math.floor(lon / 30));
  return { sign: SIGN_NAMES[index]!, degreeInSign: lon - index * 30 };
}

/** 12°34′ style text for a degree within a sign. */
export function formatDegree(degreeInSign: number): string {
  // Truncated, as almanacs write positions: 29°59.9′ is still 29°59′ of the sign, never "30°".
  const whole = Math.floor(degreeInSign);
  const minutes = Math.floor((degreeInSign - whole) * 60);
  return `${whole}°${String(minutes).padStart(2, "0")}′`;
}

/** Follows a symbol so it renders as a text glyph, not an emoji (U+FE0E). */
export const VS15 = "\uFE0E";
