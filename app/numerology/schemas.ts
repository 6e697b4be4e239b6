import { z } from "zod";
import { DEFAULT_PREFERENCES } from "~/preferences/options";
import { preferencesSchema } from "~/preferences/schema";
import { ANGEL_MAX_DIGITS, ANGEL_TEXTS, validateAngelNumber } from "./angel";
import { BIRTH_DATE_MAX_LENGTH, BIRTH_DATE_TEXTS, validateBirthDate } from "./birth-date";

/**
 * The numerology forms' schemas, one per form, shared by the page's action (Conform's `parseWithZod`) and the
 * JSON API that takes the same input (spec part 1, "The calls it makes"). Server and tests only: the pages get
 * their constraints from `forms.server.ts`.
 */
export const DIGIT_MESSAGE = "Choose a number from 0 to 9.";

/** A single digit 0-9; JSON clients may send it as a number or a string. */
export const digitSchema = z.coerce
  .number({ error: DIGIT_MESSAGE })
  .int({ error: DIGIT_MESSAGE })
  .min(0, { error: DIGIT_MESSAGE })
  .max(9, { error: DIGIT_MESSAGE });

/**
 * The home generator: the preferences with either a number (generate) or `intent=preferences` (save them, the
 * button shown without JavaScript) and the page to return to.
 */
export const generatorSchema = preferencesSchema
  .extend({
    intent: z.literal("preferences").optional(),
    number: digitSchema.optional(),
    returnTo: z.string().optional(),
  })
  .refine((value) => value.intent === "preferences" || value.number !== undefined, {
    path: ["number"],
    error: DIGIT_MESSAGE,
  });

/** Missing preferences take the defaults. */
const requestPreferences = preferencesSchema.optional().default(DEFAULT_PREFERENCES);

/** POST /api/generate-content {number, preferences}. */
export const generateContentSchema = z.object({ number: digitSchema, preferences: requestPreferences });

/** An angel number, 1 to 4 digits (JSON clients may send a number), with the spec's two messages. */
export const angelNumberSchema = z.unknown().transform((raw, ctx) => {
  const valid = validateAngelNumber(raw);
  if (valid.ok) return valid.number;
  ctx.addIssue({ code: "custom", message: valid.message });
  return z.NEVER;
});

/**
 * The angel page's form: the preferences and the number typed (at most 4 characters, the input's own limit), or
 * `fresh` (the 'Generate Fresh Reading' button names the reading shown, whatever the input holds). A check, not a
 * transform, so Conform can derive the form's constraints; `angelFormRequest` gives the decode's input.
 */
export const angelFormSchema = preferencesSchema
  .extend({
    number: z.string().max(ANGEL_MAX_DIGITS, { error: ANGEL_TEXTS.invalidMessage }).optional(),
    fresh: z.string().optional(),
  })
  .superRefine(({ fresh, number }, ctx) => {
    const valid = validateAngelNumber(fresh ?? number);
    if (!valid.ok) ctx.addIssue({ code: "custom", path: ["number"], message: valid.message });
  });

/** What a valid angel form asks to decode: the fresh reading's number, else the one typed. */
export function angelFormRequest({ fresh, number, ...preferences }: z.output<typeof angelFormSchema>) {
  return { number: (fresh ?? number ?? "").trim(), preferences };
}

/** POST /api/angel-numbers {number, preferences}. */
export const angelRequestSchema = z.object({ number: angelNumberSchema, preferences: requestPreferences });

/** The birth date form and POST /api/analyze-birth-date: the date, normalised to MM/DD/YYYY. */
export const birthDateSchema = z.object({
  birthDate: z
    .string({ error: BIRTH_DATE_TEXTS.requiredMessage })
    .trim()
    .max(BIRTH_DATE_MAX_LENGTH, { error: BIRTH_DATE_TEXTS.invalidMessage })
    .transform((raw, ctx) => {
      const valid = validateBirthDate(raw);
      if (valid.ok) return valid.birthDate;
      ctx.addIssue({ code: "custom", message: valid.message });
      return z.NEVER;
    }),
});
