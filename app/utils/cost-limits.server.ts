import { hashIp } from "./http.server";
import { hitRateLimit, type RateLimitResult } from "./rate-limit.server";

/**
 * Costly work (speech syntheses, AI readings and generations, uploads) is counted per person, not per claimed id
 * (decision 095): every attempt counts against the client address and, when known, the member and the visitor
 * id; the tightest answers. A fresh `x-session-id` therefore buys nothing: the address is counted anyway.
 * Paid provider calls also draw on one daily budget for the whole site (PAID_CALLS_DAILY_BUDGET); when it is
 * spent the offline composer and the offline voice answer, and the page says so. The person is found from the
 * request by `personOf` (app/accounts/person.server.ts).
 */
export type Person = { ip: string; userId: number | null; sessionId: string | null };

export function personKeys(name: string, person: Person): string[] {
  return [
    `${name}:ip:${hashIp(person.ip)}`,
    ...(person.userId ? [`${name}:user:${person.userId}`] : []),
    ...(person.sessionId ? [`${name}:sid:${person.sessionId}`] : []),
  ];
}

/** Counts one attempt of `name` for each of the person's keys; refused when any of them is over `limit`. */
export async function hitCostLimit(
  name: string,
  person: Person,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
): Promise<RateLimitResult> {
  const results = await Promise.all(personKeys(name, person).map((key) => hitRateLimit({ key, limit, windowSeconds })));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length) return refused.reduce((a, b) => (a.retryAfterSeconds >= b.retryAfterSeconds ? a : b));
  return results.reduce((a, b) => (a.remaining <= b.remaining ? a : b));
}
