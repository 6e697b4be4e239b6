import { enqueueJob } from "~/jobs/queue.server";
import { sendMail } from "~/mail/mail.server";
import {
  addressInUseMail,
  emailChangedMail,
  passwordChangedMail,
  resetPasswordMail,
  secondFactorMail,
  usernameReminderMail,
  verifyEmailMail,
  type AccountMail,
  type SecondFactorChange,
} from "./mail-templates";

/**
 * The accounts domain's mails go out from the job queue (decision 013): a request only enqueues one of these,
 * so it answers at once and takes the same time whether or not the address belongs to anyone. The job looks
 * the account up, issues any token (so no token is ever stored in the clear, not even in a job's payload) and
 * sends; a failed delivery throws and the queue tries again. See mail-jobs.server.ts for the handler.
 */
export const ACCOUNT_MAIL_QUEUE = "accounts/mail";

export type AccountMailJob =
  | { kind: "reset-by-email"; email: string; origin: string }
  | { kind: "reset-by-username"; username: string; origin: string }
  | { kind: "username-reminder"; email: string; origin: string }
  | { kind: "verify-email"; userId: number; origin: string }
  | { kind: "email-changed"; to: string; username: string; newEmail: string; origin: string }
  | { kind: "password-changed"; userId: number; origin: string }
  | { kind: "second-factor"; userId: number; change: SecondFactorChange; origin: string };

export async function enqueueAccountMail(job: AccountMailJob): Promise<void> {
  await enqueueJob(ACCOUNT_MAIL_QUEUE, job);
}

function deliver(to: string, mail: AccountMail): Promise<void> {
  return sendMail({ to, subject: mail.subject, text: mail.text, html: mail.html });
}

export function sendVerificationMail(args: { to: string; username: string; origin: string; token: string }) {
  const link = `${args.origin}/verify-email?token=${encodeURIComponent(args.token)}`;
  return deliver(args.to, verifyEmailMail({ username: args.username, link }));
}

/** Instead of a verification link, to an address that another account has verified (decision 295). */
export function sendAddressInUseMail(args: { to: string; origin: string }) {
  return deliver(
    args.to,
    addressInUseMail({ signInLink: `${args.origin}/auth`, resetLink: `${args.origin}/auth?dialog=reset` }),
  );
}

export function sendPasswordResetMail(args: { to: string; username: string; origin: string; token: string }) {
  const link = `${args.origin}/reset-password?token=${encodeURIComponent(args.token)}`;
  return deliver(args.to, resetPasswordMail({ username: args.username, link }));
}

export function sendUsernameReminderMail(args: { to: string; usernames: string[]; origin: string }) {
  return deliver(args.to, usernameReminderMail({ usernames: args.usernames, signInLink: `${args.origin}/auth` }));
}

export function sendEmailChangedMail(args: { to: string; username: string; newEmail: string; origin: string }) {
  return deliver(
    args.to,
    emailChangedMail({
      username: args.username,
      newEmail: maskEmail(args.newEmail),
      resetLink: `${args.origin}/auth?dialog=reset`,
    }),
  );
}

export function sendPasswordChangedMail(args: { to: string; username: string; origin: string }) {
  return deliver(
    args.to,
    passwordChangedMail({ username: args.username, resetLink: `${args.origin}/auth?dialog=reset` }),
  );
}

export function sendSecondFactorMail(args: {
  to: string;
  username: string;
  change: SecondFactorChange;
  origin: string;
}) {
  return deliver(
    args.to,
    secondFactorMail({
      username: args.username,
      change: args.change,
      settingsLink: `${args.origin}/user-profile/two-factor`,
      resetLink: `${args.origin}/auth?dialog=reset`,
    }),
  );
}

/** "j•••@example.org": the old address learns where its account went without reading the new address whole. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}
