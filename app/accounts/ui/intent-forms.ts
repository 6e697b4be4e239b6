import type { DefaultValue } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { firstError, type FormErrors } from "~/accounts/form-texts";
import { useSiteForm, type FormConstraint } from "~/components/form";
import { useFormAnswer } from "~/components/form-answer";
import { useToast } from "~/components/toaster";
import { submitFailure } from "~/utils/client-action";
import { useIntentResult } from "./intent-answer";

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
 * One accounts form: the site's form hook (`useSiteForm`) with the accounts' failure toast (with `toast`) and, with
 * `network`, a failure of the network shown under that field.
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
  useFailureToast(intent, options.toast);
  const { toast: _toast, network: _network, ...rest } = options;
  return { ...useSiteForm<Fields>({ intent, ...rest, lastResult }), lastResult };
}
