import type { Digit } from "./principles";
import { digitsOf, lifePathNumber } from "./reduce";

/**
 * Birth date rules (spec part 2, "/birth-date"): the input's formatting and the submit validation. The same
 * functions run in the browser and on the server, which never trusts the client's numbers.
 */
export const BIRTH_DATE_MAX_LENGTH = 10;

/** The form's id (the page's Analyze button points at it) and the failure box the field points at. */
export const BIRTH_DATE_FORM_ID = "birth-date-form";
export const BIRTH_DATE_ERROR_ID = "birth-date-error";

export const BIRTH_DATE_TEXTS = {
  requiredTitle: "Date Required",
  requiredMessage: "Please enter your birth date",
  invalidTitle: "Invalid Date Format",
  invalidMessage: "Please enter a valid date (e.g., 01/01/2011)",
  failedTitle: "Analysis Failed",
  failedMessage: "Unable to generate birth date analysis. Please try again.",
  analyzing: "Analyzing Your Cosmic Blueprint...",
} as const;

/**
 * The input's filter: keep digits and slashes, collapse repeated slashes, at most 10 characters. When the visitor
 * types forward (the value grew), a slash is inserted after the month's 2 digits and the day's 2 digits, and the
 * year is limited to 8 digits before the final cut to 10 characters.
 */
export function formatBirthDateInput(value: string, previous = ""): string {
  let cleaned = value.replace(/[^\d/]/g, "").replace(/\/{2,}/g, "/");
  const typingForward = cleaned.length > previous.length;
  if (typingForward) {
    const parts = cleaned.split("/");
    if (parts.length === 1 && /^\d{3,}$/.test(parts[0]!)) {
      const d = parts[0]!;
      cleaned = d.length > 4 ? `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4, 12)}` : `${d.slice(0, 2)}/${d.slice(2)}`;
    } else if (parts.length === 1 && /^\d{2}$/.test(parts[0]!)) {
      cleaned = `${parts[0]}/`;
    } else if (parts.length === 2 && /^\d{2}$/.test(parts[1]!)) {
      cleaned = `${parts[0]}/${parts[1]}/`;
    } else if (parts.length === 2 && /^\d{3,}$/.test(parts[1]!)) {
      cleaned = `${parts[0]}/${parts[1]!.slice(0, 2)}/${parts[1]!.slice(2, 10)}`;
    } else if (parts.length >= 3) {
      cleaned = `${parts[0]}/${parts[1]}/${parts.slice(2).join("").slice(0, 8)}`;
    }
  }
  return cleaned.slice(0, BIRTH_DATE_MAX_LENGTH);
}

export type BirthDateValidation =
  | { ok: true; birthDate: string; year: number; month: number; day: number }
  | { ok: false; reason: "required" | "invalid"; title: string; message: string };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The submit rules: three parts, month 1-12, day 1-31 and existing in that month (02/30 is refused, 02/29 only in
 * leap years), a 2-digit year is 20xx for 00-25 and 19xx for 26-99, a 4-digit year is 1900-2100, any other year
 * length is invalid. Answers the normalised MM/DD/YYYY.
 */
export function validateBirthDate(raw: unknown): BirthDateValidation {
  const value = typeof raw === "string" ? raw.trim() : "";
  if (!value) {
    return {
      ok: false,
      reason: "required",
      title: BIRTH_DATE_TEXTS.requiredTitle,
      message: BIRTH_DATE_TEXTS.requiredMessage,
    };
  }
  const invalid = {
    ok: false,
    reason: "invalid",
    title: BIRTH_DATE_TEXTS.invalidTitle,
    message: BIRTH_DATE_TEXTS.invalidMessage,
  } as const;
  const parts = value.split("/");
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return invalid;
  const [m, d, y] = parts as [string, string, string];
  const month = Number(m);
  const day = Number(d);
  let year: number;
  if (y.length === 2) {
    const short = Number(y);
    year = short <= 25 ? 2000 + short : 1900 + short;
  } else if (y.length === 4) {
    year = Number(y);
    if (year < 1900 || year > 2100) return invalid;
  } else {
    return invalid;
  }
  if (month < 1 || month > 12 || day < 1 || day > 31) return invalid;
  if (day > daysInMonth(year, month)) return invalid;
  const birthDate = `${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}/${year}`;
  return { ok: true, birthDate, year, month, day };
}

/** The title that goes with a validation message (the schema's issues carry only the message). */
export function birthDateErrorTitle(message: string): string {
  return message === BIRTH_DATE_TEXTS.requiredMessage ? BIRTH_DATE_TEXTS.requiredTitle : BIRTH_DATE_TEXTS.invalidTitle;
}

/** What the client sends with the date; the server recomputes both from the date itself. */
export function birthDateNumbers(birthDate: string): { extractedNumbers: Digit[]; lifePathNumber: Digit } {
  const extractedNumbers = digitsOf(birthDate);
  return { extractedNumbers, lifePathNumber: lifePathNumber(extractedNumbers) };
}
