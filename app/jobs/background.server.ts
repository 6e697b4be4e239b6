import { rawSql } from "#db/client.server";
import { seedDemoForumAtBoot } from "~/forum/boot.server";
import { env } from "~/utils/env.server";
import { registerRecurringTask, scheduleRecurringTask, startWorker } from "./queue.server";
import { registerDomainJobs } from "./registry.server";

/**
 * Started once per process by server.ts (through the entry module, so the build's own module instances are
 * used). Every instance runs a worker; recurring tasks run on one instance at a time.
 */
let worker: { stop: () => Promise<void> } | null = null;

export async function startBackgroundWork(): Promise<void> {
  await seedDemoForumAtBoot();
  if (!env.RUN_JOBS || worker) return;
  const recurring = registerDomainJobs();
  registerRecurringTask("maintenance", 60 * 60 * 1000, cleanUpInfrastructureTables);
  for (const name of ["maintenance", ...recurring]) await scheduleRecurringTask(name);
  worker = startWorker();
}

export async function stopBackgroundWork(): Promise<void> {
  await worker?.stop();
  worker = null;
}

/** Finished background jobs (ids of posts to notify about, of models to convert) are kept this long. */
export const FINISHED_JOBS_KEPT_DAYS = 2;

async function cleanUpInfrastructureTables(): Promise<void> {
  const sql = rawSql();
  await sql`delete from jobs where done_at < now() - make_interval(days => ${FINISHED_JOBS_KEPT_DAYS})`;
  await sql`delete from rate_limits where expires_at < now()`;
  await sql`delete from astrology_reading_cache where expires_at < now()`;
}
