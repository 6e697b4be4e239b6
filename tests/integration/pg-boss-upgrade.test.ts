import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { runMigrations } from "../../db/migrate";
import { useOwnDatabase } from "./helpers/accounts";

/**
 * The move from pg-boss 10 to 12 (decision 380): pg-boss 12 cannot upgrade pg-boss 10's schema, so migration 0020
 * copies the jobs still waiting there (a job running when the site stopped waits again), drops the old schema, and
 * the first worker hands the jobs to pg-boss 12 with the attempts they had left, each once. pg-boss 10's tables are
 * made here with the columns the migration reads (checked by hand against pg-boss 10.4.2's own install).
 */
const database = `test_pg_boss_upgrade_${process.pid}`;

const PG_BOSS_10 = `
  create schema pgboss;
  create type pgboss.job_state as enum ('created', 'retry', 'active', 'completed', 'cancelled', 'failed');
  create table pgboss.version (version int primary key);
  insert into pgboss.version values (24);
  create table pgboss.job (
    id uuid not null default gen_random_uuid(), name text not null, data jsonb,
    state pgboss.job_state not null default 'created', retry_limit int not null default 2,
    retry_count int not null default 0, start_after timestamptz not null default now(), singleton_key text,
    created_on timestamptz not null default now());
  insert into pgboss.job (name, data, state, retry_limit, retry_count, start_after, singleton_key, created_on) values
    ('forum:reply-notification', '{"postId": 1}', 'active', 4, 1, now(), null, now() - interval '3 minutes'),
    ('recurring:maintenance', '{}', 'created', 999, 0, now() + interval '1 hour', 'maintenance', now() - interval '2 minutes'),
    ('forum:reply-notification', '{"postId": 2}', 'completed', 4, 0, now(), null, now() - interval '1 minute'),
    ('forum:reply-notification', '{"postId": 3}', 'retry', 4, 2, now(), null, now());
`;

describe("the upgrade from pg-boss 10", () => {
  it("carries every waiting job into pg-boss 12 once, with the attempts it had left", async () => {
    await useOwnDatabase(database, {
      beforeMigrations: async (url) => {
        const sql = postgres(url, { max: 1, onnotice: () => {} });
        await sql.unsafe(PG_BOSS_10);
        await sql.end();
      },
    });
    const url = process.env.DATABASE_URL!;
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const carried = await sql`
        select queue, payload, run_at > now() as later, singleton_key, retries_left from job_carryover order by id`;
      expect(carried).toEqual([
        {
          queue: "forum/reply-notification",
          payload: { postId: 1 },
          later: false,
          singleton_key: null,
          retries_left: 3,
        },
        { queue: "recurring/maintenance", payload: {}, later: true, singleton_key: "maintenance", retries_left: 999 },
        {
          queue: "forum/reply-notification",
          payload: { postId: 3 },
          later: false,
          singleton_key: null,
          retries_left: 2,
        },
      ]);
      await runMigrations(url); // the next start: nothing carried twice
      expect(await sql`select count(*)::int as n from job_carryover`).toEqual([{ n: 3 }]);

      // The first worker to start hands them over (this process's pool is on the test's database).
      const { jobsOf, scheduleRecurringTask, startWorker } = await import("~/jobs/queue.server");
      const workers = [startWorker({ pollMs: 60_000 }), startWorker({ pollMs: 60_000 })];
      await expect
        .poll(async () => (await sql`select count(*)::int as n from job_carryover`)[0]!.n, { timeout: 20_000 })
        .toBe(0);
      await Promise.all(workers.map((worker) => worker.stop()));
      // (handed over in one transaction: in no particular order)
      const waiting = (queue: string) =>
        jobsOf(queue).then((jobs) =>
          jobs
            .map((job) => ({ state: job.state, payload: job.payload }))
            .sort((a, b) => JSON.stringify(a.payload).localeCompare(JSON.stringify(b.payload))),
        );
      expect(await waiting("forum/reply-notification")).toEqual([
        { state: "created", payload: { postId: 1 } },
        { state: "created", payload: { postId: 3 } },
      ]);
      await scheduleRecurringTask("maintenance"); // as every boot does: the carried run is not doubled
      expect(await waiting("recurring/maintenance")).toEqual([{ state: "created", payload: {} }]);
    } finally {
      await sql.end();
    }
  }, 60_000);
});
