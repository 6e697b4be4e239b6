import { sendMail } from "~/mail/mail.server";
import { resetPasswordMail, usernameReminderMail, verifyEmailMail, type AccountMail } from "./mail-templates";

/**
 * Sends the accounts domain's mails. A mail failure (SMTP down) is logged and reported as `false`, never thrown:
 * the member's action (registration, a recovery request) still completes and the page says what it can.
 */
async function deliver(to: string, mail: AccountMail): Promise<boolean> {
  try {
    await sendMail({ to, subject: mail.subject, text: mail.text, html: mail.html });
    return true;
  } catch (error) {
    console.error(`[accounts] mail to ${to} failed: ${(error as Error).message}`);
    return false;
  }
}

export function sendVerificationMail(args: { to: string; username: string; origin: string; token: string }) {
  const link = `${args.origin}/verify-email?token=${encodeURIComponent(args.token)}`;
  return deliver(args.to, verifyEmailMail({ username: args.username, link }));
}

export function sendPasswordResetMail(args: { to: string; username: string; origin: string; token: string }) {
  const link = `${args.origin}/reset-password?token=${encodeURIComponent(args.token)}`;
  return deliver(args.to, resetPasswordMail({ username: args.username, link }));
}

export function sendUsernameReminderMail(args: { to: string; usernames: string[]; origin: string }) {
  return deliver(args.to, usernameReminderMail({ usernames: args.usernames, signInLink: `${args.origin}/auth` }));
}
