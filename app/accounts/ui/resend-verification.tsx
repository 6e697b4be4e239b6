import { IntentButton } from "./intent-button";

/** Has the verification link of the address on file sent again (spec section 5). */
export function ResendVerification() {
  return (
    <IntentButton intent="resend-verification" busyLabel="Sending..." look="link" className="mt-2" preventScrollReset>
      Resend verification email
    </IntentButton>
  );
}
