import { lt, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { astrologyReadingCache, rateLimits } from "#db/schema";
import { grantConfiguredAdmins } from "~/accounts/users.server";
import { adoptOlderBackups } from "~/backups/schedule.server";
import { seedDemoForumAtBoot } from "~/forum/boot.server";
import { registerRecurringTask, scheduleRecurringTask, startWorker } from "~/jobs/queue.server";
import { env } from "~/utils/env.server";
import { moveFilesIntoStore, removeAbandonedWrites } from "~/utils/file-store.server";
import { registerDomainJobs } from "./registry.server";

/**
 * Started once per process by server.ts (through the entry module, so the build's own module instances are
 * used). Every instance runs a worker; recurring tasks run on one instance at a time.
 */
let worker: { stop: () => Promise<void> } | null = null;

export async function startBackgroundWork(): Promise<void> {
  // The upgrade to the shared file store (decision 282): what an older version kept under DATA_DIR moves in once.
  const moved = await moveFilesIntoStore({ root: env.DATA_DIR });
  if (moved > 0) console.log(`[file-store] moved ${moved} file(s) from ${env.DATA_DIR} into the shared store`);
  const adopted = await adoptOlderBackups();
  if (adopted.length > 0) console.log(`[backup] moved ${adopted.length} older backup(s) into the shared store`);
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

async function cleanUpInfrastructureTables(): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
  await db.delete(astrologyReadingCache).where(lt(astrologyReadingCache.expiresAt, sql`now()`));
  await removeAbandonedWrites();
}
