import type { SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";
import { useFormAnswer } from "~/components/form-answer";
import { submitFailure } from "~/utils/client-action";

/**
 * The accounts pages hold several forms that post to one action, told apart by their `intent` (CONVENTIONS:
 * forms). The action answers the site's one form answer (`FormAnswer`: `{ intent, result }`, a Conform reply) or, with
 * JavaScript, a failure that never reached the server comes back as `{ intent, failure }` (~/utils/client-action).
 * Each form reads it with `useFormAnswer(intent)` (~/components/form-answer); this hook adds what the accounts
 * forms need on top of it (with `useFormBusy`, the only fetch state the pages keep).
 */

/**
 * The last server answer for the form with this intent, for `useForm({ lastResult })` (memoised: Conform applies
 * each new object once). With `networkField`, a failure of the network is shown under that field as the spec's
 * 'An error occurred. Please try again.'.
 */
export function useIntentResult(
  intent: string,
  network?: { field: string; message: string },
): SubmissionResult<string[]> | undefined {
  const answer = useFormAnswer(intent);
  const field = network?.field;
  const message = network?.message;
  return useMemo(() => {
    if (!answer) return undefined;
    if (field && message && submitFailure(answer)) return { status: "error", error: { [field]: [message] } };
    return answer.result;
  }, [answer, field, message]);
}
