import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { useToast } from "./toaster";

/**
 * The one answer shape of a page action to a failed form (decision 250; forum, moderation and accounts pages): the
 * `intent` it answers (one action serves several forms), Conform's `result` (the form's errors), the spec's
 * `toast`, a message the form shows (`error`), or, with JavaScript, a `failure` that never reached the server
 * (~/utils/client-action).
 */
export type FormAnswer = {
  intent: string;
  result?: SubmissionResult<string[]>;
  toast?: { title: string; description?: string };
  error?: string;
  failure?: unknown;
};

/** The action's answer if it answers this form's intent. */
export function answerFor(actionData: unknown, intent: string): FormAnswer | undefined {
  if (!actionData || typeof actionData !== "object") return undefined;
  const answer = actionData as FormAnswer;
  return answer.intent === intent ? answer : undefined;
}

/** With JavaScript, a failed answer's toast (without, the form's error summary says the same). */
export function useAnswerToast(actionData: unknown) {
  const { show } = useToast();
  useEffect(() => {
    const toast = (actionData as FormAnswer | undefined)?.toast;
    if (toast) show({ ...toast, type: "error" });
  }, [actionData, show]);
}
