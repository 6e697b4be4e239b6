import type { FormAnswer } from "~/components/form-answer";
import { digitsOf } from "./reduce";

/** Angel numbers (spec part 1): 1 to 4 digits. */
export const ANGEL_NUMBER = /^\d{1,4}$/;
export const ANGEL_MAX_DIGITS = 4;

/** The form's id (the reading's "Generate Fresh Reading" submits it) and the failure box the number points at. */
export const ANGEL_FORM_ID = "angel-form";
export const ANGEL_ERROR_ID = "angel-error";
/** The shown reading's heading: it takes focus when a saved reading is shown in the page. */
export const ANGEL_READING_TITLE_ID = "reading-title";

export const ANGEL_TEXTS = {
  emptyTitle: "Please enter an angel number",
  emptyMessage: "Enter a 1-4 digit number to get your personalized message.",
  invalidTitle: "Invalid angel number",
  invalidMessage: "Please enter a number between 1-4 digits (1-9999).",
  decodeFailed: "Unable to decode angel number. Please try again.",
  connectionErrorTitle: "Connection Error",
  decodedToast: "Angel Number Decoded! ✨",
  freshToast: "Generating Fresh Reading",
  previousToast: "Previous Reading Loaded ✨",
  pending: "Decoding Angel Message...",
} as const;

/**
 * The angel page's list of the visitor's saved readings is a hole of its kept page (decision 112): the page is kept
 * per preference set and the list rendered into it for each visitor, on each response.
 */
export const SAVED_READINGS_HOLE = "saved-readings";

/** How many of a visitor's saved readings the angel page lists (newest first). */
export const SAVED_READINGS_SHOWN = 20;

export type AngelDecodeError = { title: string; message: string; toast: string; detail?: string };

/**
 * Any decode that does not succeed ends in the spec's pair: the message 'Unable to decode angel number. Please try
 * again.' and the 'Connection Error' toast naming the reason. A reason with more to say (screened keywords, the
 * pace limit) adds a line below; it never replaces the pair.
 */
export function angelDecodeError(reason: string, detail?: string): AngelDecodeError {
  return {
    title: ANGEL_TEXTS.connectionErrorTitle,
    message: ANGEL_TEXTS.decodeFailed,
    toast: `Unable to decode angel number: ${reason}. Please try again.`,
    ...(detail ? { detail } : {}),
  };
}

/**
 * A decode that did not succeed as the form's answer (FormAnswer, decision 250): the alert's title and message, the
 * toast naming the reason, the line below it, and Conform's result where the form was read (what was typed).
 */
export function angelAnswer(
  error: { title: string; message: string; toast?: string; detail?: string },
  result?: FormAnswer["result"],
): FormAnswer {
  return {
    intent: ANGEL_FORM_ID,
    ...(result ? { result } : {}),
    toast: { title: error.title, description: error.toast ?? error.message },
    error: error.message,
    ...(error.detail ? { detail: error.detail } : {}),
  };
}

/** The number a failed answer's form was sent with (Conform's `initialValue`): the page shows it again. */
export function sentAngelNumber(answer: FormAnswer | undefined): string | undefined {
  const sent = answer?.result?.initialValue;
  const typed = sent?.fresh ?? sent?.number;
  return typeof typed === "string" ? typed.trim() : undefined;
}

const FAILURE_REASONS: Record<string, string> = {
  GRAPHIC_ALERT: "inappropriate keywords",
  RATE_LIMITED: "too many requests",
  TIMEOUT: "the reading took too long",
};

/**
 * A decode the domain refused or could not finish, as the page says it: the spec's pair with the reason in the
 * toast; screened keywords and the pace limit also say what the visitor can do.
 */
export function angelFailureError(failure: { code: string; title: string; message: string }): AngelDecodeError {
  const explained = failure.code === "GRAPHIC_ALERT" || failure.code === "RATE_LIMITED";
  return angelDecodeError(
    FAILURE_REASONS[failure.code] ?? "the reading service did not answer",
    explained ? `${failure.title}: ${failure.message}` : undefined,
  );
}

/** The input's own filter: non-digits are stripped and at most 4 characters are kept. */
export function sanitizeAngelInput(value: string): string {
  return digitsOf(value).join("").slice(0, ANGEL_MAX_DIGITS);
}

export type AngelValidation =
  { ok: true; number: string } | { ok: false; reason: "empty" | "invalid"; title: string; message: string };

/** The submit rule: empty and malformed numbers get the spec's two messages. */
export function validateAngelNumber(raw: unknown): AngelValidation {
  const value = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (value === "")
    return { ok: false, reason: "empty", title: ANGEL_TEXTS.emptyTitle, message: ANGEL_TEXTS.emptyMessage };
  if (!ANGEL_NUMBER.test(value)) {
    return { ok: false, reason: "invalid", title: ANGEL_TEXTS.invalidTitle, message: ANGEL_TEXTS.invalidMessage };
  }
  return { ok: true, number: value };
}

/** The title that goes with a validation message (the schema's issues carry only the message). */
export function angelErrorTitle(message: string): string | undefined {
  if (message === ANGEL_TEXTS.emptyMessage) return ANGEL_TEXTS.emptyTitle;
  if (message === ANGEL_TEXTS.invalidMessage) return ANGEL_TEXTS.invalidTitle;
  return undefined;
}

/** `?number=` is honoured only when it is 1-4 digits. */
export function angelNumberFromQuery(value: string | null): string {
  return value && ANGEL_NUMBER.test(value) ? value : "";
}
