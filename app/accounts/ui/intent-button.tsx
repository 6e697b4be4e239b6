import { Form } from "@remix-run/react";
import { useFormBusy } from "~/components/form-busy";
import { SubmitButton } from "~/components/submit-button";
import { useIntentResult } from "./intent-answer";

/**
 * A form that is its button: it posts its `intent` alone (a named field, so lynx sends it as a POST), shows
 * `busyLabel` while it is sent, and the action's form-level error below it. `look="link"` draws the button as a
 * text link (a minor action beside other text).
 */
export function IntentButton({
  intent,
  children,
  busyLabel,
  look = "button",
  className = "space-y-2",
  preventScrollReset,
}: {
  intent: string;
  children: string;
  busyLabel: string;
  look?: "button" | "link";
  /** the form's classes */
  className?: string;
  preventScrollReset?: boolean;
}) {
  const busy = useFormBusy(intent);
  const error = useIntentResult(intent)?.error?.[""]?.[0];
  return (
    <Form method="post" className={className} preventScrollReset={preventScrollReset}>
      <input type="hidden" name="intent" value={intent} />
      {look === "link" ? (
        <button type="submit" disabled={busy} className="text-sm text-cosmic underline disabled:opacity-60">
          {busy ? busyLabel : children}
        </button>
      ) : (
        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {children}
        </SubmitButton>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
