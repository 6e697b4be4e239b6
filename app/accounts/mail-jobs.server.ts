import { registerJobHandler, registerRecurringTask } from "~/jobs/queue.server";
import { ACCOUNT_MAIL_QUEUE, sendEmailChangedMail, type AccountMailJob } from "./account-mail.server";
import { mailEmailVerification, mailPasswordChanged, mailSecondFactorChange } from "./email.server";
import { mailPasswordResetByEmail, mailPasswordResetByUsername, mailUsernameReminder } from "./recovery.server";
import { deleteExpiredSessions } from "./session.server";

/**
 * The accounts domain's background work: the mail job (requests only enqueue, decision 013) and the hourly
 * clean-up of expired sessions (decision 011). Returns the recurring tasks to schedule at boot.
 */
export function registerAccountJobs(): string[] {
  registerJobHandler<AccountMailJob>(ACCOUNT_MAIL_QUEUE, runAccountMailJob, { lane: "mail" });
  registerRecurringTask("expired-sessions", 60 * 60 * 1000, async () => {
    await deleteExpiredSessions();
  });
  return ["expired-sessions"];
}

export async function runAccountMailJob(job: AccountMailJob): Promise<void> {
  switch (job.kind) {
    case "reset-by-email":
      return mailPasswordResetByEmail(job);
    case "reset-by-username":
      return mailPasswordResetByUsername(job);
    case "username-reminder":
      return mailUsernameReminder(job);
    case "verify-email":
      return mailEmailVerification(job);
    case "email-changed":
      // A security notice: sent whatever any budget says, spending none (decision 290).
      return sendEmailChangedMail(job);
    case "password-changed":
      return mailPasswordChanged(job);
    case "second-factor":
      return mailSecondFactorChange(job);
  }
}
