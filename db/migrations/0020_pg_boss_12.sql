CREATE TABLE "job_carryover" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb,
	"run_at" timestamp with time zone NOT NULL,
	"singleton_key" text,
	"retries_left" integer NOT NULL
);
--> statement-breakpoint
-- custom SQL (keep when regenerating)
-- pg-boss 12 does not upgrade pg-boss 10's schema (version 24; its migrations start from 25, the schema of 11: see
-- pg-boss issue #590), so it installs a schema of its own (decision 380). The jobs still waiting in the old one are
-- copied here first, queue names in pg-boss 12's alphabet (`forum:reply-notification` becomes
-- `forum/reply-notification`), and the first worker to start hands them to the queue. A job that was running when
-- the site stopped for the upgrade waits again, as after a dead worker. Finished jobs (kept two days) go with the
-- old schema. This is the one place that reads pg-boss's tables, and only pg-boss 10's, once.
DO $$
BEGIN
  IF to_regclass('pgboss.version') IS NOT NULL THEN
    IF (SELECT max(version) FROM pgboss.version) < 25 THEN
      INSERT INTO "job_carryover" ("queue", "payload", "run_at", "singleton_key", "retries_left")
        SELECT replace(name, ':', '/'), data, start_after, singleton_key, greatest(retry_limit - retry_count, 0)
        FROM pgboss.job WHERE state < 'completed' ORDER BY created_on, id;
      DROP SCHEMA pgboss CASCADE;
    END IF;
  END IF;
END $$;
