import { z } from "zod";
import {
  hasCountableLetters,
  nameNumbers,
  personalCycles,
  Y_CONVENTIONS,
  type NameNumbers,
  type PersonalCycles,
  type YConvention,
} from "./name-numbers";

/**
 * The name numbers' input, from the birth-date page's GET form (the name stays in the form and the address, nothing
 * is stored) or the JSON API: the full birth name, a current name when different, the Y convention and, for the
 * personal year, month and day, the birth date.
 */
export const NAME_NUMBER_FIELDS = ["name", "current", "y", "born"] as const;
type Field = (typeof NAME_NUMBER_FIELDS)[number];

const nameField = (label: string) =>
  z
    .string()
    .trim()
    .max(120, { error: `Keep the ${label} under 120 characters.` })
    .refine((v) => v === "" || hasCountableLetters(v), {
      error: `The ${label} needs at least one letter A-Z (accents are fine).`,
    });

export const nameNumbersInputSchema = z.object({
  name: nameField("birth name").refine((v) => v !== "", { error: "Enter your full birth name." }),
  current: nameField("current name").optional().default(""),
  y: z.enum(Y_CONVENTIONS, { error: "Choose how to count Y." }).optional().default("consonant"),
  born: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((v) => v === "" || validDate(v), { error: "Enter the birth date as YYYY-MM-DD, or leave it empty." }),
});

function validDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1800 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export type NameNumbersValues = { name: string; current: string; y: YConvention; born: string };

export type NameNumbersAnswer = {
  birthName: NameNumbers;
  currentName: NameNumbers | null;
  cycles: PersonalCycles | null;
};

export type NameNumbersPage =
  | { state: "empty"; values: NameNumbersValues }
  | { state: "invalid"; values: NameNumbersValues; errors: Partial<Record<Field, string>> }
  | { state: "result"; values: NameNumbersValues; answer: NameNumbersAnswer };

/** The answer for valid input; `today` (UTC) gives the personal cycles' date. */
export function computeNameNumbers(
  input: z.output<typeof nameNumbersInputSchema>,
  today: Date = new Date(),
): NameNumbersAnswer {
  const currentDiffers = input.current !== "" && input.current.toLowerCase() !== input.name.toLowerCase();
  let cycles: PersonalCycles | null = null;
  if (input.born) {
    const [, month, day] = input.born.split("-").map(Number) as [number, number, number];
    cycles = personalCycles(
      { month, day },
      { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() },
    );
  }
  return {
    birthName: nameNumbers(input.name, input.y),
    currentName: currentDiffers ? nameNumbers(input.current, input.y) : null,
    cycles,
  };
}

export function nameNumbersPage(params: URLSearchParams, today: Date = new Date()): NameNumbersPage {
  const raw = Object.fromEntries(NAME_NUMBER_FIELDS.map((f) => [f, params.get(f) ?? undefined]));
  const values: NameNumbersValues = {
    name: (raw.name ?? "").slice(0, 200),
    current: (raw.current ?? "").slice(0, 200),
    y: raw.y === "vowel" ? "vowel" : "consonant",
    born: (raw.born ?? "").slice(0, 20),
  };
  if (NAME_NUMBER_FIELDS.every((f) => !params.get(f))) return { state: "empty", values };
  const parsed = nameNumbersInputSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
    return { state: "invalid", values, errors };
  }
  return { state: "result", values, answer: computeNameNumbers(parsed.data, today) };
}
