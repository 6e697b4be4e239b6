import { registerAccountJobs } from "~/accounts/mail-jobs.server";
import { registerAstrologyMonitor } from "~/astrology/monitor.server";
import { registerBackupJobs } from "~/backups/schedule.server";
import { registerForumJobs } from "~/forum/notifications.server";
import { registerModels3dJobs } from "~/models3d/jobs.server";
import { registerModerationJobs } from "~/moderation/notices.server";

/**
 * Each domain registers its job handlers and recurring tasks here (one line per domain), and returns the names
 * of the recurring tasks it registered so they get scheduled at boot.
 */
export function registerDomainJobs(): string[] {
  const recurring: string[] = [];
  recurring.push(...registerModels3dJobs());
  recurring.push(...registerForumJobs());
  registerModerationJobs();
  recurring.push(...registerAccountJobs());
  recurring.push(registerAstrologyMonitor());
  recurring.push(...registerBackupJobs());
  return recurring;
}
