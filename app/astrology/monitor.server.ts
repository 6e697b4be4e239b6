import { registerRecurringTask } from "~/jobs/queue.server";
import { checkIntervalMinutes, recordSnapshot } from "./snapshots.server";

/**
 * The astrology monitor: every `checkIntervalMinutes` one instance (the job queue's singleton recurring task)
 * computes the sky, stores a snapshot and records the events it foresees.
 */
export const MONITOR_TASK = "astrology-monitor";

export function registerAstrologyMonitor({ intervalMs = checkIntervalMinutes() * 60_000 } = {}): string {
  registerRecurringTask(MONITOR_TASK, intervalMs, async () => {
    await recordSnapshot();
  });
  return MONITOR_TASK;
}
