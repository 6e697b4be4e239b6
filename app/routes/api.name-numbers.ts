import type { LoaderFunctionArgs } from "@remix-run/node";
import { computeNameNumbers, nameNumbersInputSchema } from "~/numerology/name-numbers.server";
import { answer } from "~/utils/api.server";

/**
 * GET /api/name-numbers?name=…[&current=…][&y=consonant|vowel][&born=YYYY-MM-DD] → {birthName, currentName,
 * cycles} with every step of the working (docs/api/birth-charts.md); bad input 400 {error, field}.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = nameNumbersInputSchema.safeParse({
    name: params.get("name") ?? "",
    current: params.get("current") ?? undefined,
    y: params.get("y") ?? undefined,
    born: params.get("born") ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return answer({ error: issue.message, field: String(issue.path[0] ?? "") }, 400);
  }
  return answer(computeNameNumbers(parsed.data));
}
