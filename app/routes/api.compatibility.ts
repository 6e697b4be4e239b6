import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { personOf } from "~/accounts/person.server";
import { birthChartInputSchema } from "~/astrology/birth-chart-input.server";
import { NAME_MAX } from "~/astrology/synastry-input.server";
import { synastryJson } from "~/astrology/synastry-json.server";
import { synastryReadings } from "~/astrology/synastry-readings.server";
import { castSynastry } from "~/astrology/synastry.server";
import { Y_CONVENTIONS } from "~/numerology/name-numbers";
import { answer, apiError, readQuery } from "~/utils/api.server";

/**
 * GET /api/compatibility?a_date=…&a_place=…[&a_time=…][&a_fold=…][&a_name=…]&b_date=…&b_place=…[…][&houses=…][&y=…]
 * [&reading=1] → {a, b, aspects, houseContacts, unknowns, moonRanges, moonChanges, composite, numbers, readings}
 * (docs/api/birth-charts.md). Each person's fields are the birth chart API's, prefixed; a clock time that happened
 * twice answers 409 with the two choices and the prefixed field; bad input 400 {error, field}.
 */
const shared = z.object({
  houses: birthChartInputSchema.shape.houses,
  y: z.enum(Y_CONVENTIONS, { error: "y is consonant or vowel." }).optional().default("consonant"),
});
const nameSchema = z
  .string()
  .trim()
  .max(NAME_MAX, { error: `Keep the name under ${NAME_MAX} characters.` })
  .optional()
  .default("");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const get = (key: string) => params.get(key) ?? undefined;
  /** one person's input, or the 400 answer naming the prefixed field at fault */
  const person = (side: "a" | "b") => {
    const parsed = birthChartInputSchema.safeParse({
      date: get(`${side}_date`),
      time: get(`${side}_time`),
      place: get(`${side}_place`),
      fold: get(`${side}_fold`),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw apiError(400, issue.message, { field: `${side}_${String(issue.path[0] ?? "date")}` });
    }
    const name = nameSchema.safeParse(get(`${side}_name`));
    if (!name.success) throw apiError(400, name.error.issues[0]!.message, { field: `${side}_name` });
    if (!parsed.data.place)
      throw apiError(400, `${side}_place is required: a GeoNames id from /api/places.`, { field: `${side}_place` });
    return { ...parsed.data, place: parsed.data.place, name: name.data };
  };
  const { houses, y } = readQuery(shared, { houses: get("houses"), y: get("y") });
  const a = person("a");
  const b = person("b");
  const toInput = (p: typeof a) => ({
    name: p.name,
    date: p.date,
    time: p.time,
    placeId: p.place,
    houseSystem: houses,
    fold: p.fold ?? null,
  });
  const result = castSynastry({ a: toInput(a), b: toInput(b), yConvention: y });
  if (result.status === "person") {
    const r = result.result;
    if (r.status === "invalid") return apiError(400, r.message, { field: `${result.side}_${r.field}` });
    return apiError(409, r.message, { field: `${result.side}_fold`, choices: r.choices });
  }
  let readings = null;
  if (params.get("reading") === "1") {
    const read = await synastryReadings({ synastry: result.synastry, person: await personOf(request, context) });
    if (!read.ok) return apiError(read.code === "RATE_LIMITED" ? 429 : 503, read.message, { code: read.code });
    readings = read.readings;
  }
  return answer({ ...synastryJson(result.synastry), readings });
}
