import { lt, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { astrologyReadingCache, rateLimits } from "#db/schema";
import { grantConfiguredAdmins } from "~/accounts/users.server";
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
  await grantConfiguredAdmins();
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

/**
 * Finished background jobs (ids of posts to notify about, of models to convert) are kept this long: a day in
 * pg-boss's live table, a day in its archive (app/jobs/queue.server.ts).
 */
export const FINISHED_JOBS_KEPT_DAYS = 2;

async function cleanUpInfrastructureTables(): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
  await db.delete(astrologyReadingCache).where(lt(astrologyReadingCache.expiresAt, sql`now()`));
}
