import { env } from "~/utils/env.server";
import { OFFLINE_BUDGET_PROVIDER, spendPaidCall } from "~/utils/paid-budget.server";
import { isOpenAIConfigured, MalformedAnswerError, openAITextProvider } from "./openai.server";
import type { AiResult, StructuredRequest, TextProvider } from "./provider";

/** The configured remote text provider, or null when the site runs on its offline composers. */
export function remoteTextProvider(): TextProvider | null {
  return isOpenAIConfigured() ? openAITextProvider : null;
}

/** The spec's retry rule: up to 3 attempts, waiting 1 s then 2 s. */
export const RETRY_WAITS_MS = [1000, 2000];

/**
 * Answers a structured request with the remote provider when one is configured (3 attempts, each bounded by
 * AI_TIMEOUT_MS, the whole bounded too), otherwise with the domain's offline composer. A provider failure is a
 * typed result, never a thrown error, so pages show the spec's message and a Try Again.
 */
export async function generateStructured<T>({
  request,
  offline,
  provider = remoteTextProvider(),
  waits = RETRY_WAITS_MS,
  offlineOnMalformed = false,
}: {
  request: StructuredRequest<T>;
  offline: () => T;
  provider?: TextProvider | null;
  waits?: number[];
  /**
   * When every attempt reached the provider but its answers did not fit the schema, answer with the offline
   * composer instead of failing (provider "offline-fallback"). Timeouts and outages still fail, so the page
   * shows the spec's error and Try Again.
   */
  offlineOnMalformed?: boolean;
}): Promise<AiResult<T>> {
  if (!provider) return { ok: true, value: offline(), provider: "offline" };
  // Decision 095: a paid call draws on the site's daily budget; once it is spent the offline composer answers.
  if (!(await spendPaidCall())) return { ok: true, value: offline(), provider: OFFLINE_BUDGET_PROVIDER };
  const deadline = Date.now() + env.AI_TIMEOUT_MS;
  let lastError: unknown;
  for (let attempt = 0; attempt <= waits.length; attempt++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    try {
      const value = await provider.generateStructured(request, { signal: AbortSignal.timeout(remaining) });
      return { ok: true, value, provider: provider.name };
    } catch (error) {
      lastError = error;
      console.warn(`[ai] ${request.task} attempt ${attempt + 1} failed: ${(error as Error)?.message ?? error}`);
      const wait = waits[attempt];
      if (wait === undefined || Date.now() + wait >= deadline) break;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  if (offlineOnMalformed && lastError instanceof MalformedAnswerError) {
    return { ok: true, value: offline(), provider: "offline-fallback" };
  }
  const timedOut = Date.now() >= deadline || (lastError as Error)?.name === "TimeoutError";
  return {
    ok: false,
    code: timedOut ? "TIMEOUT" : "PROVIDER_ERROR",
    message: "We're having trouble accessing the cosmic wisdom. Please try again.",
  };
}
