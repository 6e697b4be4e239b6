import path from "node:path";
import type { Readable } from "node:stream";
import { rawSql } from "#db/client.server";
import { registerRecurringTask } from "~/jobs/queue.server";
import { env } from "~/utils/env.server";
import {
  adoptBackupsFromFolder,
  listBackups,
  openStoredBackup,
  readLastRun,
  runBackup,
  type BackupFile,
  type BackupResult,
  type BackupSource,
  type LastRun,
} from "./backup.server";

function siteSource(): BackupSource {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: start the site or the script through its entry point");
  return { databaseUrl, dataDir: env.DATA_DIR, signingKey: env.BACKUP_SIGNING_KEY };
}

/**
 * At start (decision 283): archives an older version kept in BACKUP_DIR (DATA_DIR/backups by default) move into
 * the shared store, once (a name is recorded once; two instances sharing the folder at most store it twice).
 */
export async function adoptOlderBackups(): Promise<string[]> {
  const dir = env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(env.DATA_DIR, "backups");
  return adoptBackupsFromFolder(rawSql(), dir);
}

/** One backup of this site now, with the oldest beyond BACKUP_KEEP removed and the outcome logged and recorded. */
export function backUpSite(): Promise<BackupResult> {
  return runBackup(siteSource(), { keep: env.BACKUP_KEEP });
}

export const BACKUP_TASK = "backup";

/**
 * The automatic backup: a recurring task of the job queue (one instance runs each), every BACKUP_INTERVAL_HOURS.
 * Returns the task's name for scheduling at boot, or nothing when turned off.
 */
export function registerBackupJobs(): string[] {
  if (env.BACKUP_INTERVAL_HOURS === 0) return [];
  registerRecurringTask(BACKUP_TASK, env.BACKUP_INTERVAL_HOURS * 60 * 60 * 1000, async () => {
    await backUpSite();
  });
  return [BACKUP_TASK];
}

export type BackupsOverview = {
  backups: BackupFile[];
  lastRun: LastRun | null;
  keep: number;
  intervalHours: number;
};

/** What the admin page shows on any instance (decision 283): the recorded backups, newest first, and the last run. */
export async function backupsOverview(): Promise<BackupsOverview> {
  return {
    backups: await listBackups(rawSql()),
    lastRun: await readLastRun(rawSql()),
    keep: env.BACKUP_KEEP,
    intervalHours: env.BACKUP_INTERVAL_HOURS,
  };
}

/** A backup to download, by its exact recorded name, streamed from the shared store; or null. */
export function openBackup(
  name: string,
  options: { pace?: () => Promise<void> } = {},
): Promise<{ stream: Readable; bytes: number } | null> {
  return openStoredBackup(rawSql(), name, options);
}
