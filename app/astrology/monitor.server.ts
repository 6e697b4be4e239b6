import { registerRecurringTask } from "~/jobs/queue.server";
import { checkIntervalMinutes, recordSnapshot } from "./snapshots.server";

/**
 * The astrology monitor: every `checkIntervalMinutes` one instance (the job queue's singleton recurring task)
 * computes the sky, stores a snapshot and records the events it foresees.
 */
export const MONITOR_TASK = "astrology-monitor";

/**
 * Registers the monitor's recurring task; returns its name. `name` lets a test run its own instance beside the
 * servers other test files start on the same database (each of which registers the site's one).
 */
export function registerAstrologyMonitor({
  intervalMs = checkIntervalMinutes() * 60_000,
  name = MONITOR_TASK,
}: { intervalMs?: number; name?: string } = {}): string {
  registerRecurringTask(name, intervalMs, async () => {
    await recordSnapshot();
  });
  return name;
}
