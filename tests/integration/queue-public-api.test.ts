import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The job queue goes through pg-boss's public API only (issue 43, decision 380): no code in app/ or db/ names
 * pg-boss's tables or columns, or takes its SQL apart, so an upgrade of pg-boss cannot break the site unseen. The
 * migrations are history and not scanned: 0020 reads pg-boss 10's tables once, to carry its waiting jobs over.
 */
const root = path.resolve(import.meta.dirname, "../..");

const INTERNALS: Array<[string, RegExp]> = [
  ["a table of pg-boss's schema", /\bpgboss\s*\.\s*\w/],
  ["a table named through JOB_SCHEMA", /\$\{\s*(?:JOB_SCHEMA|SCHEMA)\s*\}\s*\./],
  [
    "a column of pg-boss's job table",
    /\b(?:started_on|heartbeat_on|retry_count|retry_limit|start_after|expire_in|expire_seconds|keep_until|singleton_on|completed_on|created_on|job_common)\b/,
  ],
  ["pg-boss's SQL taken apart at its transaction statements", /BEGIN;|COMMIT;|\\s\*BEGIN|BEGIN\\b/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|mjs|js)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith("db/migrations/"));
}

function internalsNamed(text: string): string[] {
  return INTERNALS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

describe("the job queue through pg-boss's public API", () => {
  it("names none of pg-boss's internals in app/ or db/", () => {
    const files = [...sourceFiles("app"), ...sourceFiles("db")];
    expect(files).toContain("app/jobs/queue.server.ts");
    expect(files).toContain("db/pg-boss.ts");
    const found = files.flatMap((file) =>
      internalsNamed(readFileSync(path.join(root, file), "utf8")).map((what) => `${file}: ${what}`),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ["the old heartbeat", "update ${SCHEMA}.job set started_on = now() where id = $1"],
    ["a read of the job table", "select count(*) from pgboss.job where name = $1"],
    ["a read of the archive", "select data from ${JOB_SCHEMA}.archive"],
    ["the split of a maintenance script", "const wrapped = /^\\s*BEGIN;([\\s\\S]*)COMMIT;\\s*$/.exec(text);"],
  ])("would catch %s", (_, code) => {
    expect(internalsNamed(code)).not.toEqual([]);
  });
});
