import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, rawSql } from "#db/client.server";
import { claimJob, enqueueJob, expireAbandonedJobs, jobsOf } from "~/jobs/queue.server";
import { ensureDatabase } from "../../db/embedded";
import { startAppServer } from "../../scripts/app-server";
import { startTestSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp";

/**
 * Jobs across a dead worker (issue 18, decisions 009 and 160): a job whose worker dies mid-run is taken again
 * after it expires (no renewal) plus the backoff, counting the attempt, and is done once; one that died on its
 * last attempt is given up; a job enqueued in a transaction exists exactly when the transaction committed.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the queue's bookkeeping", () => {
  const queue = `test/recovery-${process.pid}`;
  const sql = () => rawSql();
  // A worker that died stops its job's heartbeat; one that is alive keeps it beating (decision 380). Time is moved
  // here by writing pg-boss's own column, as the test's clock.
  const lastRenewed = (id: string, secondsAgo: number) =>
    sql()`update pgboss.job set heartbeat_on = now() - make_interval(secs => ${secondsAgo}) where id = ${id}::uuid`;
  const dueNow = (id: string) =>
    sql()`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}::uuid`;
  const stateOf = async (id: string) => (await jobsOf(queue)).find((job) => job.id === id);

  it("retakes a job whose worker died, counting the attempt, and gives up one that died on its last", async () => {
    const abandoned = (await enqueueJob(queue, { n: "abandoned" }, { maxAttempts: 2 }))!;
    const claimed = await claimJob(queue);
    expect(claimed).toMatchObject({ id: abandoned, attempts: 1 });
    const running = (await enqueueJob(queue, { n: "running" }))!;
    expect((await claimJob(queue))?.id).toBe(running);

    await lastRenewed(abandoned, 600);
    await lastRenewed(running, 5);
    await expireAbandonedJobs(queue);
    expect(await stateOf(running)).toMatchObject({ state: "active" }); // a live worker's job stays
    expect(await stateOf(abandoned)).toMatchObject({ state: "retry" });
    expect(await claimJob(queue)).toBeNull(); // not before its backoff
    await dueNow(abandoned);
    expect(await claimJob(queue)).toMatchObject({ id: abandoned, attempts: 2 });

    await lastRenewed(abandoned, 600);
    await sleep(1100); // pg-boss supervises a queue at most once a second
    await expireAbandonedJobs(queue);
    expect(await stateOf(abandoned)).toMatchObject({ state: "failed", attempts: 2 });
    await dueNow(abandoned);
    expect(await claimJob(queue)).toBeNull(); // given up: its last attempt died
    await sql()`delete from pgboss.job where name = ${queue}`;
  });

  it("uses one pg-boss client with one error listener however many jobs go through it (no listener leak)", async () => {
    // Each use of the client once added another "error" listener to it: Node warned past ten, and a long-running
    // server kept one more closure per job it sent, claimed or completed.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      for (let i = 0; i < 12; i++) await enqueueJob(queue, { n: `leak ${i}` });
      for (let i = 0; i < 12; i++) await claimJob(queue);
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off("warning", onWarning);
      await sql()`delete from pgboss.job where name = ${queue}`;
    }
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning").map((w) => w.message)).toEqual([]);
  });

  it("enqueues in the caller's transaction: no job without the change, none left by a rollback", async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(queue, { n: 1 }, { tx });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await db.transaction(async (tx) => {
      await enqueueJob(queue, { n: 2 }, { tx });
    });
    await rawSql().begin(async (tx) => {
      await enqueueJob(queue, { n: 3 }, { tx });
    });
    expect((await jobsOf(queue)).map((job) => (job.payload as { n: number }).n)).toEqual([2, 3]);
    await sql()`delete from pgboss.job where name = ${queue}`;
  });
});

describe("a reply notification whose worker is killed mid-run", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "jobs-recovery-"));
  const database = `test_jobs_recovery_${process.pid}`;
  let url = "";
  let smtp: TestSmtp;
  let stalled = 0;
  // The reply notifications the server answered (account mails have no List-Unsubscribe).
  const isNotification = (mail: ReceivedMail) => /^List-Unsubscribe:/im.test(mail.raw);
  const delivered = () => smtp.inbox.filter(isNotification).map((mail) => mail.to.join(","));
  const servers: Awaited<ReturnType<typeof startAppServer>>[] = [];

  beforeAll(async () => {
    const admin = new URL(process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL!);
    admin.pathname = "/postgres";
    const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop database if exists ${database} with (force)`);
    await sql.end();
    await ensureDatabase(admin.toString(), database);
    const target = new URL(admin);
    target.pathname = `/${database}`;
    url = target.toString();
    // The first reply notification hangs in DATA (the worker is mid-job when it is killed); later ones go through.
    smtp = await startTestSmtp({
      hold: (mail) => {
        if (!isNotification(mail) || stalled > 0) return false;
        stalled++;
        return true; // never answered
      },
    });
    firstServer = await start();
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) {
      if (process.env.SHOW_SERVER_OUTPUT) console.log(server.output());
      server.child.kill("SIGKILL");
    }
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let firstServer: Awaited<ReturnType<typeof startAppServer>>;
  const start = () =>
    startAppServer(
      {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        RUN_JOBS: "true",
        SMTP_URL: smtp.url,
        JOB_LOCK_TIMEOUT_SECONDS: "10", // pg-boss's shortest heartbeat
        JOB_RETRY_BASE_SECONDS: "1",
      },
      { output: true },
    ).then((server) => (servers.push(server), server));

  async function post(base: string, route: string, body: unknown, cookie?: string) {
    const response = await fetch(`${base}${route}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return {
      status: response.status,
      json: (await response.json()) as { id: number },
      cookie: response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    };
  }

  it("is taken again after the lock expires and mailed exactly once", async () => {
    const first = firstServer;
    const author = await post(first.base, "/api/register", {
      username: "jobs_author",
      email: "author@example.org",
      password: "Storm2026pass!",
    });
    const replier = await post(first.base, "/api/register", {
      username: "jobs_replier",
      email: "replier@example.org",
      password: "Storm2026pass!",
    });
    expect([author.status, replier.status]).toEqual([201, 201]);
    // reply notifications go to verified addresses only (decision 162)
    const site = postgres(url, { max: 1, onnotice: () => {} });
    await site`update users set is_email_verified = true where username = 'jobs_author'`;
    await site.end();
    const topic = await post(first.base, "/api/forum/topics", { title: "Who gets the mail?" }, author.cookie);
    const reply = await post(
      first.base,
      `/api/forum/topics/${topic.json.id}/posts`,
      { content: "A reply that notifies" },
      replier.cookie,
    );
    expect(reply.status).toBe(201);

    await expect.poll(() => stalled, { timeout: 20_000, interval: 100 }).toBe(1);
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      // attempts: the runs begun (pg-boss counts the retries after the first)
      const job = () => sql<{ attempts: number; state: string }[]>`
        select retry_count + 1 as attempts, state from pgboss.job where name = 'forum/notification-mail'`;
      expect(await job()).toMatchObject([{ attempts: 1, state: "active" }]);

      const killedAt = Date.now();
      await start();
      await expect
        .poll(() => delivered().length, { timeout: 45_000, interval: 200 })
        .toBe(1)
        .catch(async (error) => {
          console.log(
            await sql`select id, name, state, retry_count, started_on, start_after, output, now() from pgboss.job`,
          );
          throw error;
        });
      // Not before the job's heartbeat stopped (10 s after its last beat, at most 5 s before the kill) plus the
      // backoff (1-2 s).
      expect(Date.now() - killedAt).toBeGreaterThan(5000);
      await expect.poll(async () => (await job())[0]?.state, { timeout: 5000 }).toBe("completed");
      await sleep(3000);
      expect(delivered()).toEqual(["author@example.org"]);
      expect(await job()).toMatchObject([{ attempts: 2, state: "completed" }]);
    } finally {
      await sql.end();
    }
  }, 90_000);
});
