import { registerForumJobs } from "~/forum/notifications.server";

/**
 * Each domain registers its job handlers and recurring tasks here (one line per domain), and returns the names
 * of the recurring tasks it registered so they get scheduled at boot.
 */
export function registerDomainJobs(): string[] {
  const recurring: string[] = [];
  registerForumJobs();
  return recurring;
}
