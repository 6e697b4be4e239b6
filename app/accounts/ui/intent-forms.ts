import { useForm, type DefaultValue } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { firstError, type FormErrors } from "~/accounts/form-texts";
import type { FormConstraint } from "~/components/form";
import { useFormAnswer } from "~/components/form-answer";
import { useToast } from "~/components/toaster";
import { submitFailure } from "~/utils/client-action";
import { useIntentBusy, useIntentResult } from "./intent-answer";

/**
 * One accounts form's Conform state (the answer hooks without Conform are in `./intent-answer`, so pages that
 * show only those do not load Conform, decision 109).
 */

/**
 * With JavaScript, a refused submission also raises a toast: `title` (or the title the errors call for) with the
 * first message, or `fallback`; a failure of the network raises `network` when given. Shown, not announced: the
 * form's error summary takes focus and says it (decision 400).
 */
function useFailureToast(intent: string, options: FailureToast | undefined) {
  const answer = useFormAnswer(intent);
  const { show } = useToast();
  // The options are the calling form's constants: read the latest without making them a reason to toast again.
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (!answer || !latest.current) return;
    const { title, fallback, network } = latest.current;
    const failed = submitFailure(answer);
    if (failed && network) {
      show({ ...network, type: "error", quiet: true });
    } else {
      const errors: FormErrors = failed ? {} : ((answer.result?.error ?? {}) as FormErrors);
      const heading = typeof title === "string" ? title : title(errors);
      show({ title: heading, description: firstError(errors) ?? fallback, type: "error", quiet: true });
    }
  }, [answer, show]);
}

type FailureToast = {
  title: string | ((errors: FormErrors) => string);
  fallback: string;
  network?: { title: string; description: string };
};

/**
 * One accounts form posting to its page's action: Conform with the constraints the loader sent (no client-side
 * schema: the action validates, decision 102), the browser's own checks until JavaScript loads, the last answer
 * for this intent, whether it is being sent, and (with `toast`) a toast when it is refused.
 */
export function useIntentForm<Fields extends Record<string, unknown>>(
  intent: string,
  options: {
    constraint: FormConstraint;
    id?: string;
    defaultValue?: DefaultValue<Fields>;
    toast?: FailureToast;
    network?: { field: string; message: string };
  },
) {
  const lastResult = useIntentResult(intent, options.network);
  const busy = useIntentBusy(intent);
  useFailureToast(intent, options.toast);
  const [form, fields] = useForm<Fields>({
    id: options.id ?? intent,
    lastResult,
    constraint: options.constraint,
    defaultValue: options.defaultValue,
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
  });
  return { form, fields, lastResult, busy };
}
