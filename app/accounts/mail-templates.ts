import { composeMail, type ComposedMail } from "~/mail/compose";
import { SITE_NAME } from "~/site";

/**
 * The accounts domain's e-mails, each a text and an HTML part with the action first (app/mail/compose.ts,
 * decision 154). Pure functions: the caller supplies the link (built from the public origin) so they are easy to test.
 */
export type AccountMail = ComposedMail;

export function verifyEmailMail({ username, link }: { username: string; link: string }): AccountMail {
  return composeMail({
    subject: `Confirm your email address for ${SITE_NAME}`,
    lead: [
      `Hello ${username},`,
      `Please confirm your e-mail address for ${SITE_NAME} by opening this link within 24 hours:`,
    ],
    action: { href: link, label: "Confirm my email address" },
    after: ["If you did not create an account or add this address, you can ignore this message."],
  });
}

/**
 * To an address entered at registration or on a profile when another account has already verified it (decision
 * 295): no link to confirm it again, and no name of either account (the request that caused it may be a stranger's).
 */
export function addressInUseMail({ signInLink, resetLink }: { signInLink: string; resetLink: string }): AccountMail {
  return composeMail({
    subject: `Your email address is already confirmed on ${SITE_NAME}`,
    lead: [
      `Someone entered this e-mail address for a ${SITE_NAME} account, but it is already confirmed on another account, and an address belongs to one account only.`,
      "If it was you, sign in to the account that has it: you can sign in with this e-mail address and your password.",
    ],
    action: { href: signInLink, label: "Sign in" },
    after: [
      `Forgot the password? Choose a new one here: ${resetLink}`,
      "If it was not you, you can ignore this message: nothing changed on your account.",
    ],
  });
}

export function resetPasswordMail({ username, link }: { username: string; link: string }): AccountMail {
  return composeMail({
    subject: `Reset your ${SITE_NAME} password`,
    lead: [
      `Hello ${username},`,
      `Someone asked to reset the password of your ${SITE_NAME} account. Open this link to choose a new password. The link expires in 1 hour and works once:`,
    ],
    action: { href: link, label: "Choose a new password" },
    after: ["If you did not ask for this, ignore this message: your password stays as it is."],
  });
}

export function usernameReminderMail({
  usernames,
  signInLink,
}: {
  usernames: string[];
  signInLink: string;
}): AccountMail {
  const list =
    usernames.length === 1 ? `Your username is: ${usernames[0]}` : `Your usernames are: ${usernames.join(", ")}`;
  return composeMail({
    subject: `Your ${SITE_NAME} username`,
    lead: [`You asked for a reminder of your ${SITE_NAME} username.`, list],
    action: { href: signInLink, label: "Sign in" },
    after: ["If you did not ask for this, you can ignore this message."],
  });
}

/** To the previous address when the account's e-mail address changes: a hijacker cannot change it quietly. */
export function emailChangedMail({
  username,
  newEmail,
  resetLink,
}: {
  username: string;
  newEmail: string;
  resetLink: string;
}): AccountMail {
  return composeMail({
    subject: `Your ${SITE_NAME} e-mail address was changed`,
    lead: [
      `Hello ${username},`,
      `The e-mail address of your ${SITE_NAME} account was changed to ${newEmail}. Mail about the account now goes there, and every other browser signed in to it was signed out.`,
      "If you did not make this change, someone may know your password: reset it here at once and contact us:",
    ],
    action: { href: resetLink, label: "Reset my password" },
    after: ["If you made this change yourself, you can ignore this message."],
  });
}

/** To the member after a password reset or change. */
export function passwordChangedMail({ username, resetLink }: { username: string; resetLink: string }): AccountMail {
  return composeMail({
    subject: `Your ${SITE_NAME} password was changed`,
    lead: [
      `Hello ${username},`,
      `The password of your ${SITE_NAME} account was changed, and every other browser signed in to it was signed out.`,
      "If you did not make this change, reset your password here at once:",
    ],
    action: { href: resetLink, label: "Reset my password" },
    after: ["If you made this change yourself, you can ignore this message."],
  });
}

/** What happened to a second factor, for its security notice (decision 292). */
export type SecondFactorChange = "enabled" | "disabled" | "recovery-codes" | "recovery-code-used";

const SECOND_FACTOR_NEWS: Record<SecondFactorChange, { subject: string; line: string }> = {
  enabled: {
    subject: "Two-factor authentication was turned on",
    line: "Two-factor authentication was turned on for your account: signing in now asks for a code from an authenticator app.",
  },
  disabled: {
    subject: "Two-factor authentication was turned off",
    line: "Two-factor authentication was turned off for your account: signing in now asks for the password only.",
  },
  "recovery-codes": {
    subject: "New recovery codes were made",
    line: "New recovery codes were made for your account's two-factor authentication; the earlier ones no longer work.",
  },
  "recovery-code-used": {
    subject: "A recovery code was used to sign in",
    line: "Someone signed in to your account with one of its recovery codes (that code no longer works).",
  },
};

/** To the member whenever their second factor changes, or a recovery code signs them in (decision 292). */
export function secondFactorMail({
  username,
  change,
  settingsLink,
  resetLink,
}: {
  username: string;
  change: SecondFactorChange;
  settingsLink: string;
  resetLink: string;
}): AccountMail {
  const news = SECOND_FACTOR_NEWS[change];
  return composeMail({
    subject: `${SITE_NAME}: ${news.subject}`,
    lead: [
      `Hello ${username},`,
      news.line,
      "If this was not you, someone may know your password: reset it here at once and contact us:",
    ],
    action: { href: resetLink, label: "Reset my password" },
    after: [`If this was you, you can ignore this message. Your two-factor settings: ${settingsLink}`],
  });
}
