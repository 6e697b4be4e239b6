/**
 * The pages that link to /privacy with `?from=` (spec part 2: about, colors, birth-date, healing, and the
 * seven-three-one article). Any other value is ignored: no back link.
 */
export const PRIVACY_SOURCES = {
  about: { to: "/about", label: "Back to About" },
  colors: { to: "/colors", label: "Back to Colors and Elements" },
  "birth-date": { to: "/birth-date", label: "Back to Birth Date Analysis" },
  healing: { to: "/healing", label: "Back to Healing" },
  "seven-three-one": { to: "/seven-three-one", label: "Back to the article 7 3 and 1 or Eleven" },
} as const;

export type PrivacySource = keyof typeof PRIVACY_SOURCES;

export function privacyBackLink(from: string | null): { to: string; label: string } | null {
  if (!from || !Object.hasOwn(PRIVACY_SOURCES, from)) return null;
  return PRIVACY_SOURCES[from as PrivacySource];
}

export function privacyHref(from: PrivacySource): string {
  return `/privacy?from=${from}`;
}
