import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Calls a route's loader or action as Remix would, and normalises what it returns or throws. */
export type Answer = { status: number; body: any; headers: Headers };

type RouteFn = (args: { request: Request; context: any; params: Record<string, string> }) => Promise<unknown>;

export async function call(fn: RouteFn, request: Request, ip = randomIp()): Promise<Answer> {
  let value: unknown;
  try {
    value = await fn({ request, context: { clientIp: ip, cspNonce: "" }, params: {} });
  } catch (thrown) {
    value = thrown;
  }
  return normalise(value);
}

async function normalise(value: unknown): Promise<Answer> {
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    return { status: value.status, body, headers: value.headers };
  }
  const v = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (v && v.type === "DataWithResponseInit") {
    return { status: v.init?.status ?? 200, body: v.data, headers: new Headers(v.init?.headers) };
  }
  return { status: 200, body: value, headers: new Headers() };
}

export function randomIp(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

export function uniqueName(prefix = "member"): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 9)}`;
}

export function jsonPost(url: string, body: unknown, cookie?: string): Request {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`http://localhost${url}`, { method: "POST", headers, body: JSON.stringify(body) });
}

export function formPost(url: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`http://localhost${url}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

export function get(url: string, cookie?: string): Request {
  return new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The name=value pairs of every Set-Cookie, as a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Runs the account mails waiting in the job queue (requests only enqueue them, decision 013) and waits until
 * none is pending: test files run in parallel on one database, so another file's process may be running one.
 */
export async function drainAccountMail(): Promise<void> {
  const { drainJobs, registerJobHandler } = await import("~/jobs/queue.server");
  const { ACCOUNT_MAIL_QUEUE } = await import("~/accounts/account-mail.server");
  const { runAccountMailJob } = await import("~/accounts/mail-jobs.server");
  const { rawSql } = await import("#db/client.server");
  registerJobHandler(ACCOUNT_MAIL_QUEUE, runAccountMailJob);
  const deadline = Date.now() + 15_000;
  for (;;) {
    await drainJobs([ACCOUNT_MAIL_QUEUE]);
    const [row] = await rawSql()<{ pending: number }[]>`
      select count(*)::int as pending from jobs where queue = ${ACCOUNT_MAIL_QUEUE} and done_at is null and run_at <= now()`;
    if (!row?.pending) return;
    if (Date.now() > deadline) throw new Error(`${row.pending} account mails still pending`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A database of this test file's own (created from the one npm test prepared, and migrated), for a file whose
 * background jobs must not be run by another file's process. Call before the first query.
 */
export async function useOwnDatabase(name: string): Promise<void> {
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
