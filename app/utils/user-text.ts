import { z } from "zod";

/**
 * The one rule for text that people type (decision 090), used by every free-text field's schema: forum title,
 * description and posts, keywords, usernames, e-mail addresses, text to speak. It runs before a field's own
 * length and pattern rules, on the server and in the browser alike.
 *
 * - A lone UTF-16 surrogate, NUL or another C0 control other than tab and line breaks (or DEL) is refused with a
 *   message that names the field: the database cannot hold NUL, and the others are never typed by a person.
 * - More than MAX_COMBINING_MARKS combining marks in a row ("Zalgo" text) is refused.
 * - Bidirectional controls are removed from one-line fields (titles, names, keywords, addresses). In bodies the
 *   embedding and override controls (U+202A-U+202E, what `file \u202Egnp.exe` uses) are removed, and the
 *   isolates and marks that right-to-left writers need are kept; pages show member text isolated (`<bdi>`,
 *   `dir="auto"`).
 * - Text made only of invisible characters (zero-width, bidi marks, variation selectors, fillers) counts as empty,
 *   and lengths count what the visitor sees: grapheme clusters, not UTF-16 code units.
 */
export const MAX_COMBINING_MARKS = 4;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 controls except tab (09), line feed (0A) and carriage return (0D); DEL (7F) too.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const COMBINING_RUN = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, "u");
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const BIDI_EMBEDDINGS = /[\u202A-\u202E]/g;
// Characters that take no room on screen: soft hyphen, joiners and zero-width spaces, bidi controls, word
// joiner and invisible operators, Hangul fillers, variation selectors, BOM, tag characters.
/* eslint-disable no-misleading-character-class -- the class lists joiners and selectors one by one on purpose */
const INVISIBLE =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
/* eslint-enable no-misleading-character-class */

export type TextKind = "line" | "body";

export type TextProblem = "surrogate" | "control" | "marks";

export function textProblemMessage(label: string, problem: TextProblem): string {
  switch (problem) {
    case "surrogate":
      return `${label} contains an invalid character (a lone surrogate), which cannot be stored.`;
    case "control":
      return `${label} contains a control character (such as NUL), which is not allowed.`;
    case "marks":
      return `${label} has more than ${MAX_COMBINING_MARKS} combining marks on one character.`;
  }
}

export const hasLoneSurrogate = (value: string) => LONE_SURROGATE.test(value);

/** The first problem that makes a text unacceptable, or null. */
export function findTextProblem(value: string): TextProblem | null {
  if (LONE_SURROGATE.test(value)) return "surrogate";
  if (CONTROL.test(value)) return "control";
  if (COMBINING_RUN.test(value)) return "marks";
  return null;
}

/** Removes what the field's kind does not keep (bidi controls), then trims. Invisible-only text becomes "". */
export function cleanText(value: string, kind: TextKind): string {
  const stripped = value.replace(kind === "line" ? BIDI_CONTROLS : BIDI_EMBEDDINGS, "").trim();
  return visibleText(stripped) ? stripped : "";
}

/** The text with invisible characters set aside, trimmed. */
export function visibleText(value: string): string {
  return value.replace(INVISIBLE, "").trim();
}

let segmenter: Intl.Segmenter | undefined;
/** Length as the visitor sees it: grapheme clusters (an emoji, or a letter with its accents, is one). */
export function graphemeLength(value: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let count = 0;
  for (const _ of segmenter.segment(value)) count++;
  return count;
}

/** The first `max` grapheme clusters of a text (for fields the spec truncates, such as keywords). */
export function truncateGraphemes(value: string, max: number): string {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let out = "";
  let count = 0;
  for (const { segment } of segmenter.segment(value)) {
    if (count++ >= max) break;
    out += segment;
  }
  return out;
}

/** Visible grapheme clusters: what min-length rules count. */
export function visibleLength(value: string): number {
  return graphemeLength(visibleText(value));
}

/**
 * A string schema applying the user-text rule: refuses surrogates, controls and combining-mark runs with a
 * message naming the field (`label`), removes bidi controls by kind, trims, and answers "" for invisible-only text.
 * `missing` is the message for a field that was not sent at all. Chain the field's own rules with `.pipe()`.
 */
export function userText({ label, kind = "line", missing }: { label: string; kind?: TextKind; missing?: string }) {
  return z.string(missing ? { error: missing } : undefined).transform((value, ctx) => {
    const problem = findTextProblem(value);
    if (problem) {
      ctx.addIssue({ code: "custom", message: textProblemMessage(label, problem), input: value });
      return z.NEVER;
    }
    return cleanText(value, kind);
  });
}

/**
 * Length rules counted as the visitor sees them: at least `min` visible grapheme clusters (invisible characters
 * do not count) and at most `max` grapheme clusters in all. A hard cap on UTF-16 units (16 per allowed grapheme)
 * stops a single "cluster" built of thousands of joined characters.
 */
export function visibleLengthBetween({
  min,
  max,
  tooShort,
  tooLong,
}: {
  min: number;
  max: number;
  tooShort: string;
  tooLong: string;
}) {
  return z
    .string({ error: tooShort })
    .refine((value) => visibleLength(value) >= min, { error: tooShort, abort: true })
    .refine((value) => value.length <= max * 16 && graphemeLength(value) <= max, { error: tooLong });
}
