/**
 * Visitor preferences (spec part 1, "Preferences"): the choices, their labels and the defaults, without zod, so
 * the browser can draw the fields. The schema that validates them is `./schema` (server and tests only).
 */
export const STYLES = ["poetic", "scientific", "spiritual", "practical"] as const;
export const COMPOSITIONS = ["brief", "detailed", "metaphorical", "simple"] as const;
export const KEYWORDS_MAX = 30;

export const STYLE_LABELS: Record<(typeof STYLES)[number], string> = {
  poetic: "Poetic",
  scientific: "Scientific",
  spiritual: "Spiritual",
  practical: "Practical",
};
export const COMPOSITION_LABELS: Record<(typeof COMPOSITIONS)[number], string> = {
  brief: "Brief",
  detailed: "Detailed",
  metaphorical: "Metaphorical",
  simple: "Simple",
};

export type Style = (typeof STYLES)[number];
export type Composition = (typeof COMPOSITIONS)[number];
export type Preferences = { style: Style; composition: Composition; keywords: string };

export const DEFAULT_PREFERENCES: Preferences = { style: "poetic", composition: "detailed", keywords: "" };
