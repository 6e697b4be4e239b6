import { createReadStream, type ReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { registerRecurringTask } from "~/jobs/queue.server";
import { env } from "~/utils/env.server";
import {
  BACKUP_NAME,
  LAST_RUN_FILE,
  listBackups,
  runBackup,
  type BackupFile,
  type BackupResult,
  type BackupTarget,
  type LastRun,
} from "./backup.server";

/** The site's backups as configured (BACKUP_DIR, BACKUP_KEEP, BACKUP_INTERVAL_HOURS; decision 203). */
export function backupDir(): string {
  return env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(env.DATA_DIR, "backups");
}

function siteTarget(): BackupTarget {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: start the site or the script through its entry point");
  return { databaseUrl, dataDir: env.DATA_DIR, backupDir: backupDir() };
}

/** One backup of this site now, with the oldest beyond BACKUP_KEEP removed and the outcome logged and recorded. */
export function backUpSite(): Promise<BackupResult> {
  return runBackup(siteTarget(), { keep: env.BACKUP_KEEP });
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
  directory: string;
};

/** What the admin page shows: the backups, newest first, and the last run's outcome. */
export async function backupsOverview(): Promise<BackupsOverview> {
  const directory = backupDir();
  const lastRun = await readFile(path.join(directory, LAST_RUN_FILE), "utf8").then(
    (text) => JSON.parse(text) as LastRun,
    () => null,
  );
  return {
    backups: await listBackups(directory),
    lastRun,
    keep: env.BACKUP_KEEP,
    intervalHours: env.BACKUP_INTERVAL_HOURS,
    directory,
  };
}

/** A backup to download, by its exact name (nothing else in the folder is reachable), or null. */
export async function openBackup(name: string): Promise<{ stream: ReadStream; bytes: number } | null> {
  if (!BACKUP_NAME.test(name)) return null;
  const file = path.join(backupDir(), name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { stream: createReadStream(file), bytes: info.size };
}
