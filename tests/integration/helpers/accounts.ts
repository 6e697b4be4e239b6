import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export function uniqueName(prefix = "member"): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 9)}`;
}

/**
 * Runs the account mails waiting in the job queue (requests only enqueue them, decision 013) and waits until
 * none is pending: test files run in parallel on one database, so another file's process may be running one.
 */
export async function drainAccountMail(): Promise<void> {
  const { drainJobs, dueJobCount, registerJobHandler } = await import("~/jobs/queue.server");
  const { ACCOUNT_MAIL_QUEUE } = await import("~/accounts/account-mail.server");
  const { runAccountMailJob } = await import("~/accounts/mail-jobs.server");
  registerJobHandler(ACCOUNT_MAIL_QUEUE, runAccountMailJob, { lane: "mail" });
  const deadline = Date.now() + 15_000;
  for (;;) {
    await drainJobs([ACCOUNT_MAIL_QUEUE]);
    const pending = await dueJobCount(ACCOUNT_MAIL_QUEUE);
    if (!pending) return;
    if (Date.now() > deadline) throw new Error(`${pending} account mails still pending`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A database of this test file's own (created from the one npm test prepared, and migrated), for a file whose
 * background jobs must not be run by another file's process. Call before the first query. `beforeMigrations` gets the
 * empty database first (a test of an upgrade makes the old state there).
 */
export async function useOwnDatabase(
  name: string,
  { beforeMigrations }: { beforeMigrations?: (url: string) => Promise<void> } = {},
): Promise<void> {
  const { ensureDatabase } = await import("../../../db/embedded");
  const { runMigrations } = await import("../../../db/migrate");
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL!;
  const postgres = (await import("postgres")).default;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await beforeMigrations?.(url.toString());
  await runMigrations(url.toString());
  process.env.DATABASE_URL = url.toString();
}

/** Mails the outbox kept for one recipient (newest last), after running the queued account mails. */
export async function outboxFor(to: string): Promise<Array<{ to: string; subject: string; text: string }>> {
  await drainAccountMail();
  const dir = path.join(process.env.DATA_DIR ?? ".data", "outbox");
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
  const all = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
  return all.filter((m) => m.to === to);
}

export function linkIn(text: string, pathname: string): string {
  const match = text.match(new RegExp(`https?://\\S+${pathname}\\?token=[A-Za-z0-9_%-]+`));
  if (!match) throw new Error(`no ${pathname} link in:\n${text}`);
  return match[0];
}

export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token")!;
}
