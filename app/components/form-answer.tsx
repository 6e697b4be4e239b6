import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "./toaster";

/**
 * The one answer shape of a page action to a failed form (decision 250; every page form: forum, moderation,
 * accounts, numerology, angel numbers, birth date, astrology preferences, reset password): the `intent` it answers
 * (the form's name: one action may serve several forms), Conform's `result` (the form's errors, and what was typed
 * in its `initialValue`), the failure's `toast` (its title and description: the form's error summary or alert shows
 * them, and with JavaScript the toast where the spec has one), a message the form shows (`error`) where it differs
 * from the toast's, a `detail` line under it (why: the screen's or the limit's words), or, with JavaScript, a
 * `failure` that never reached the server (~/utils/client-action). A success that stays on the page may answer the
 * same with its page data beside it (the birth date's analysis).
 */
export type FormAnswer = {
  intent: string;
  result?: SubmissionResult<string[]>;
  toast?: { title: string; description?: string };
  error?: string;
  detail?: string;
  failure?: unknown;
};

/** The action's answer if it answers this form's intent (with the page data a success carries beside it). */
export function answerFor<D>(actionData: D | undefined, intent: string): (D & FormAnswer) | undefined {
  return (actionData as FormAnswer | null | undefined)?.intent === intent ? (actionData as D & FormAnswer) : undefined;
}

/** The answer of the page's action to the form with this intent: how every form reads its answer. */
export function useFormAnswer<Action = unknown>(intent: string) {
  return answerFor(useActionData<Action>(), intent);
}

/**
 * With JavaScript, a failed answer's toast (without, the form's error summary says the same). Quiet by default:
 * shown, not announced, since every form shows its failure in its own error summary or alert, which announces it
 * (decisions 130, 250, 400); `quiet: false` only where nothing on the page says it.
 */
export function useAnswerToast(actionData: unknown, quiet = true) {
  const { show } = useToast();
  useEffect(() => {
    const toast = (actionData as FormAnswer | undefined)?.toast;
    if (toast) show({ ...toast, type: "error", quiet });
  }, [actionData, show, quiet]);
}

const FIELDS: Record<keyof FormAnswer, string> = {
  intent: "string",
  result: "object",
  toast: "object",
  error: "string",
  detail: "string",
  failure: "object",
};

/** Whether a failed answer is exactly a FormAnswer: an intent, and nothing but its fields, each of its type. */
export function isFormAnswer(value: unknown): value is FormAnswer {
  if (!value || typeof value !== "object" || typeof (value as FormAnswer).intent !== "string") return false;
  return Object.entries(value).every(([key, field]) => {
    const type = FIELDS[key as keyof FormAnswer];
    if (!type) return false;
    if (key === "toast") return !!field && typeof (field as { title?: unknown }).title === "string";
    return field === undefined || typeof field === type;
  });
}
