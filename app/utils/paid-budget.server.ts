import { env } from "./env.server";
import { hitRateLimit } from "./rate-limit.server";

/**
 * Paid provider calls (AI text, images, premium speech) draw on one daily budget for the whole site
 * (PAID_CALLS_DAILY_BUDGET, decision 095), counted in Postgres so every instance shares it. When it is spent the
 * offline composer and the offline voice answer, and the page says so.
 */
const DAY = 24 * 60 * 60;
export const PAID_BUDGET_KEY = "paid-provider-calls";

/**
 * Draws one paid provider call from today's (UTC) budget; false when it is spent and the offline provider must
 * answer instead.
 */
export async function spendPaidCall(): Promise<boolean> {
  const result = await hitRateLimit({ key: PAID_BUDGET_KEY, limit: env.PAID_CALLS_DAILY_BUDGET, windowSeconds: DAY });
  if (!result.allowed) console.warn("[cost] today's budget of paid provider calls is spent: offline providers answer");
  return result.allowed;
}

/** The provider name results carry when the budget made the offline composer or voice answer. */
export const OFFLINE_BUDGET_PROVIDER = "offline-budget";
export const BUDGET_SPENT_NOTICE =
  "Today's budget for the AI service is spent, so this was written by the site's own offline composer. The AI service returns tomorrow.";
/**
 * What a result written by `provider` says with it: the budget notice when the day's budget made the offline
 * composer write it, nothing otherwise. Spread into a result (`{ ...budgetNotice(provider) }`), stored or fresh.
 */
export function budgetNotice(provider: string | null | undefined): { notice?: string } {
  return provider === OFFLINE_BUDGET_PROVIDER ? { notice: BUDGET_SPENT_NOTICE } : {};
}
export const SPEECH_BUDGET_SPENT_NOTICE =
  "Today's budget for the premium voice is spent, so this is read by the site's own offline voice.";
