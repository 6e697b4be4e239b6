import { Y_CONVENTIONS, type YConvention } from "~/numerology/name-numbers";
import { BIRTH_CHART_FIELDS, birthChartPage, type BirthChartPage } from "./birth-chart-input.server";
import type { HouseSystem } from "./houses";
import type { Place } from "./places.server";
import { synastryOf, type Side, type Synastry } from "./synastry.server";

/**
 * The compatibility page's input: one GET form for two people (a bookmarkable address, nothing stored), each
 * person's fields prefixed `a_` or `b_` (name, date, time, q, place, fold) and read exactly as the birth chart reads
 * them (each side goes through `birthChartPage`, so the place choice, the repeated clock time and every message are
 * the birth chart's); `houses` and `y` (how Y counts in names) are shared.
 */
export const SIDES = ["a", "b"] as const;
export const PERSON_FIELDS = ["name", ...BIRTH_CHART_FIELDS.filter((f) => f !== "houses")] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

export type PersonFormValues = Record<Exclude<PersonField, "houses">, string>;

export type SynastryFormValues = {
  a: PersonFormValues;
  b: PersonFormValues;
  houses: HouseSystem;
  y: YConvention;
};

export type PersonState = {
  errors: Partial<Record<"name" | "date" | "time" | "q" | "place" | "fold", string>>;
  matches: (Place & { label: string })[];
  chosen: (Place & { label: string }) | null;
  foldChoices: { fold: "earlier" | "later"; offset: string; instant: string }[] | null;
  /** the repeated clock time's question */
  question: string | null;
};

export type SynastryPage =
  | { state: "empty"; values: SynastryFormValues; people: Record<Side, PersonState> }
  | { state: "form"; values: SynastryFormValues; people: Record<Side, PersonState>; invalid: boolean }
  | { state: "result"; values: SynastryFormValues; people: Record<Side, PersonState>; synastry: Synastry };

export const NAME_MAX = 100;

function personParams(params: URLSearchParams, side: Side, houses: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const f of BIRTH_CHART_FIELDS) {
    const v = f === "houses" ? houses : params.get(`${side}_${f}`);
    if (v) out.set(f, v);
  }
  return out;
}

const emptyState = (): PersonState => ({ errors: {}, matches: [], chosen: null, foldChoices: null, question: null });

/**
 * What the compatibility page shows for an address: the empty form, each person's errors or place choices or
 * clock-time question, or the two charts' synastry.
 */
export function synastryPage(params: URLSearchParams): SynastryPage {
  const housesParam = params.get("houses");
  const houses: HouseSystem = housesParam === "whole-sign" ? "whole-sign" : "placidus";
  const y: YConvention = (Y_CONVENTIONS as readonly string[]).includes(params.get("y") ?? "")
    ? (params.get("y") as YConvention)
    : "consonant";
  const pages = {} as Record<Side, BirthChartPage>;
  const people = { a: emptyState(), b: emptyState() };
  const values = { houses, y } as SynastryFormValues;
  let anyGiven = false;
  for (const side of SIDES) {
    const sp = personParams(params, side, housesParam ?? "");
    pages[side] = birthChartPage(sp);
    const name = (params.get(`${side}_name`) ?? "").slice(0, NAME_MAX + 20);
    const pv = pages[side].values;
    values[side] = { name, date: pv.date, time: pv.time, q: pv.q, place: pv.place, fold: pv.fold };
    if (name || BIRTH_CHART_FIELDS.some((f) => f !== "houses" && params.get(`${side}_${f}`))) anyGiven = true;
  }
  if (!anyGiven) return { state: "empty", values, people };

  for (const side of SIDES) {
    const page = pages[side];
    const state = people[side];
    if (values[side].name.trim().length > NAME_MAX) state.errors.name = `Keep the name under ${NAME_MAX} characters.`;
    if (page.state === "empty") {
      state.errors.date = "Enter the birth date.";
      state.errors.q = "Enter the town or city of birth.";
    } else if (page.state === "invalid") {
      Object.assign(state.errors, page.errors);
      state.matches = page.matches;
    } else if (page.state === "choose-place") {
      state.matches = page.matches;
    } else if (page.result.status === "invalid") {
      state.errors[page.result.field] = page.result.message;
    } else if (page.result.status === "ambiguous") {
      state.chosen = page.result.place;
      state.foldChoices = page.result.choices;
      state.question = page.result.message;
    } else {
      state.chosen = page.result.birth.place;
    }
  }
  const a = pages.a;
  const b = pages.b;
  const hasErrors = SIDES.some((s) => Object.keys(people[s].errors).length > 0);
  if (
    !hasErrors &&
    a.state === "result" &&
    a.result.status === "chart" &&
    b.state === "result" &&
    b.result.status === "chart"
  ) {
    return {
      state: "result",
      values,
      people,
      synastry: synastryOf({
        a: { name: values.a.name, birth: a.result.birth, chart: a.result.chart },
        b: { name: values.b.name, birth: b.result.birth, chart: b.result.chart },
        houseSystem: houses,
        yConvention: y,
      }),
    };
  }
  return { state: "form", values, people, invalid: hasErrors };
}
