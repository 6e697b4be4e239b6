import { z } from "zod";
import { truncateGraphemes, userText } from "~/utils/user-text";

/** Visitor preferences (spec part 1, "Preferences"): one definition for forms, API and storage. */
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

/**
 * Keywords are trimmed and cut to 30 characters as the visitor counts them (the spec truncates rather than
 * refusing), after the user-text rule (decision 090).
 */
export const keywordsSchema = userText({ label: "Keywords" })
  .optional()
  .default("")
  .transform((value) => truncateGraphemes(value, KEYWORDS_MAX).trim());

export const preferencesSchema = z.object({
  style: z
    .enum(STYLES, { error: "Choose one of the styles: poetic, scientific, spiritual or practical." })
    .default("poetic"),
  composition: z
    .enum(COMPOSITIONS, { error: "Choose one of the lengths: brief, detailed, metaphorical or simple." })
    .default("detailed"),
  keywords: keywordsSchema,
});

export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = { style: "poetic", composition: "detailed", keywords: "" };
