import { registerAstrologyMonitor } from "~/astrology/monitor.server";

/**
 * Each domain registers its job handlers and recurring tasks here (one line per domain), and returns the names
 * of the recurring tasks it registered so they get scheduled at boot.
 */
export function registerDomainJobs(): string[] {
  const recurring: string[] = [];
  recurring.push(registerAstrologyMonitor());
  return recurring;
}
