import { Form } from "@remix-run/react";
import { useIntentBusy, useIntentResult } from "./intent-answer";

/** Has the verification link of the address on file sent again (spec section 5). */
export function ResendVerification() {
  const busy = useIntentBusy("resend-verification");
  const lastResult = useIntentResult("resend-verification");
  const error = lastResult?.error?.[""]?.[0];
  return (
    <Form method="post" className="mt-2" preventScrollReset>
      <input type="hidden" name="intent" value="resend-verification" />
      <button type="submit" disabled={busy} className="text-sm text-cosmic underline disabled:opacity-60">
        {busy ? "Sending..." : "Resend verification email"}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
