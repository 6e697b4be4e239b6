import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { useToast } from "~/components/toaster";

/**
 * What a forum or moderation page's action answers for a failed form: the intent it answers, Conform's result
 * (the form's errors), the spec's toast and, for the moderation forms, the message the form shows.
 */
export type FormAnswer = {
  intent: string;
  result?: SubmissionResult<string[]>;
  toast?: { title: string; description?: string };
  error?: string;
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
