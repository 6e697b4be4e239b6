import { z } from "zod";
import { castBirthChart, type BirthChartResult } from "./birth-chart.server";
import { HOUSE_SYSTEMS, type HouseSystem } from "./houses";
import { placeById, placeLabel, searchPlaces, foldName, type Place } from "./places.server";

/**
 * The birth chart's input, from the page's GET form (a bookmarkable address: the data stays in the form and the
 * address, nothing is stored) or the JSON API: date, time (empty: unknown), the place search text `q` and the chosen
 * GeoNames id `place`, the house system and, for a repeated clock time, which one (`fold`).
 */
export const BIRTH_CHART_FIELDS = ["date", "time", "q", "place", "houses", "fold"] as const;

const dateSchema = z
  .string({ error: "Enter your birth date." })
  .trim()
  .min(1, { error: "Enter your birth date." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the birth date as YYYY-MM-DD." })
  .refine(
    (v) => {
      const [y, m, d] = v.split("-").map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    },
    { error: "That date does not exist." },
  )
  .refine((v) => v >= "1800-01-01" && v <= "2100-12-31", { error: "Charts can be cast for births from 1800 to 2100." });

const timeSchema = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const m = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(v);
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
      ctx.addIssue({ code: "custom", message: "Enter the birth time as HH:MM (24-hour clock), or leave it empty." });
      return z.NEVER;
    }
    return `${m[1]}:${m[2]}`;
  });

export const birthChartInputSchema = z.object({
  date: dateSchema,
  time: timeSchema,
  q: z.string().trim().max(100, { error: "Keep the place name under 100 characters." }).optional().default(""),
  place: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return null;
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n <= 0) {
        ctx.addIssue({ code: "custom", message: "Choose a place from the list." });
        return z.NEVER;
      }
      return n;
    }),
  houses: z.enum(HOUSE_SYSTEMS, { error: "Choose Placidus or Whole Sign houses." }).optional().default("placidus"),
  fold: z
    .enum(["earlier", "later"], { error: "Choose the earlier or the later time." })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type BirthChartFormValues = {
  date: string;
  time: string;
  q: string;
  place: string;
  houses: HouseSystem;
  fold: string;
};

export type BirthChartPage =
  | { state: "empty"; values: BirthChartFormValues }
  | {
      state: "invalid";
      values: BirthChartFormValues;
      errors: Partial<Record<"date" | "time" | "q" | "place" | "houses" | "fold", string>>;
      /** places matching the search text, so the visitor can choose one while fixing the rest */
      matches: (Place & { label: string })[];
    }
  | { state: "choose-place"; values: BirthChartFormValues; matches: (Place & { label: string })[] }
  | { state: "result"; values: BirthChartFormValues; result: BirthChartResult };

function formValues(params: URLSearchParams): BirthChartFormValues {
  const houses = params.get("houses");
  return {
    date: (params.get("date") ?? "").slice(0, 20),
    time: (params.get("time") ?? "").slice(0, 20),
    q: (params.get("q") ?? "").slice(0, 100),
    place: (params.get("place") ?? "").slice(0, 20),
    houses: houses === "whole-sign" ? "whole-sign" : "placidus",
    fold: (params.get("fold") ?? "").slice(0, 10),
  };
}

const MATCHES = 12;

/**
 * What the birth chart page shows for an address: the empty form, errors by field, the places matching the search
 * text to choose from (the step that makes the picker work without JavaScript), or the chart (or its question).
 * A chosen place is kept while the search text still names it; a new search text starts a new choice.
 */
export function birthChartPage(params: URLSearchParams): BirthChartPage {
  const values = formValues(params);
  if (BIRTH_CHART_FIELDS.every((f) => !params.get(f))) return { state: "empty", values };
  const parsed = birthChartInputSchema.safeParse(
    Object.fromEntries(BIRTH_CHART_FIELDS.map((f) => [f, params.get(f) ?? undefined])),
  );
  const errors: Extract<BirthChartPage, { state: "invalid" }>["errors"] = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof typeof errors;
      errors[field] ??= issue.message;
    }
  }
  const input = parsed.success ? parsed.data : null;
  let chosen = input?.place ? placeById(input.place) : null;
  if (chosen && input?.q && !foldName(placeLabel(chosen)).startsWith(foldName(input.q))) chosen = null;
  if (input?.place && !placeById(input.place)) errors.place = "That place is not in the list. Search again.";

  let matches: (Place & { label: string })[] = [];
  if (!chosen && !errors.place) {
    // "Ulm, Germany" searches for "Ulm"
    const q = (input?.q ?? values.q).split(",")[0]!.trim();
    if (!q) errors.q = "Enter the town or city you were born in.";
    else {
      matches = searchPlaces(q, MATCHES).map((p) => ({ ...p, label: placeLabel(p) }));
      if (matches.length === 0)
        errors.q = `No place in the list starts with “${q}”. Try another spelling or a nearby town.`;
      else if (Object.keys(errors).length === 0)
        return { state: "choose-place", values: { ...values, place: "" }, matches };
    }
  }
  if (Object.keys(errors).length > 0 || !input || !chosen) return { state: "invalid", values, errors, matches };
  return {
    state: "result",
    values: { ...values, q: values.q || chosen.name, place: String(chosen.id) },
    result: castBirthChart({
      date: input.date,
      time: input.time,
      placeId: chosen.id,
      houseSystem: input.houses,
      fold: input.fold ?? null,
    }),
  };
}
