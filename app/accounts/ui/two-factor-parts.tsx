import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useFormAnswer } from "~/components/form-answer";
import { SubmitButton } from "~/components/submit-button";
import { useIntentBusy } from "./intent-answer";

/**
 * The second factor's page parts without Conform (decision 210), loaded with the page; its code forms are in
 * ./two-factor-forms and hydrate on first use (decision 109).
 */
/** A form that is its button (start or cancel the set-up). */
export function IntentButton({ intent, children, busyLabel }: { intent: string; children: string; busyLabel: string }) {
  const busy = useIntentBusy(intent);
  const error = useFormAnswer(intent)?.result?.error?.[""]?.[0];
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {children}
      </SubmitButton>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/**
 * The recovery codes, shown once after the set-up or a renewal: the panel takes focus (with JavaScript through an
 * effect, without through `autofocus`) and its status line is announced.
 */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [codes]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="recovery-codes-title"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript this is how focus reaches the codes shown once
      autoFocus
      className="rounded-xl border border-green-300 bg-green-50 p-6 outline-none focus:ring-2 focus:ring-green-700"
    >
      <h2 id="recovery-codes-title" className="font-serif text-xl font-bold text-ink">
        Your recovery codes
      </h2>
      <p role="status" className="mt-2">
        Two-factor authentication is on. Here are {codes.length} recovery codes: each works once, in place of a code
        from the app. Keep them somewhere safe; they are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-lg">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
