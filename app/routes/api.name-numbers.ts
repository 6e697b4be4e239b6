import type { LoaderFunctionArgs } from "@remix-run/node";
import { computeNameNumbers, nameNumbersInputSchema } from "~/numerology/name-numbers.server";
import { answer, readQuery } from "~/utils/api.server";

/**
 * GET /api/name-numbers?name=…[&current=…][&y=consonant|vowel][&born=YYYY-MM-DD] → {birthName, currentName,
 * cycles} with every step of the working (docs/api/birth-charts.md); bad input 400 {error, field}.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const input = readQuery(nameNumbersInputSchema, {
    name: params.get("name") ?? "",
    current: params.get("current") ?? undefined,
    y: params.get("y") ?? undefined,
    born: params.get("born") ?? undefined,
  });
  return answer(computeNameNumbers(input));
}
