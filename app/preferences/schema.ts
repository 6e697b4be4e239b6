import { z } from "zod";
import { truncateGraphemes, userText } from "~/utils/user-text";
import { COMPOSITIONS, DEFAULT_PREFERENCES, KEYWORDS_MAX, STYLES, type Preferences } from "./options";

/**
 * The preferences' one schema for forms, API and storage. The choices and labels live in `./options` (no zod, safe
 * for the browser) and are re-exported here under their old names.
 */
export {
  COMPOSITION_LABELS,
  COMPOSITIONS,
  DEFAULT_PREFERENCES,
  KEYWORDS_MAX,
  STYLE_LABELS,
  STYLES,
  type Composition,
  type Preferences,
  type Style,
} from "./options";

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
    .default(DEFAULT_PREFERENCES.style),
  composition: z
    .enum(COMPOSITIONS, { error: "Choose one of the lengths: brief, detailed, metaphorical or simple." })
    .default(DEFAULT_PREFERENCES.composition),
  keywords: keywordsSchema,
}) satisfies z.ZodType<Preferences, unknown>;
