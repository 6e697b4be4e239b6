/**
 * `npx tsx scripts/bench-backup.ts`: issue 37's goal, a backup of a site with a million posts in under a minute.
 * Seeds (or reuses) the forum benchmark's 1,000,000-post database (scripts/bench-forum-data.ts) on an embedded
 * PostgreSQL of its own in .data-bench/, then takes backups of it as `npm run backup` does (createBackup: one
 * REPEATABLE READ snapshot, COPY per table, tar.gz streamed into the database's file store), and with --restore
 * times restoring the last one (copied out of the store into a file first) into a
 * fresh database. Prints each run's time, the archive's size, the process's peak memory (the dump streams), and
 * the machine's load average before and after (the machine is shared). Options: --reseed, --runs=N (default 2),
 * --restore.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBackup, maintenanceClient, openStoredBackup } from "../app/backups/backup.server";
import { formatBytes } from "../app/backups/format";
import { checkRestorable, restoreBackup } from "../app/backups/restore.server";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { benchDataDir, scenarios, seedBenchForum } from "./bench-forum-data";

const dataDir = benchDataDir;
/** The manifests' signing key of this run (decision 288). */
const signingKey = randomBytes(32).toString("hex");
const args = process.argv.slice(2);
const reseed = args.includes("--reseed");
const restore = args.includes("--restore");
const runs = Number(args.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 2);
const scenario = scenarios.find((s) => s.totalPosts === 1_000_000)!;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

async function main() {
  mkdirSync(dataDir, { recursive: true });
  const pg = await startEmbeddedPostgres({ dataDir, database: "postgres" });
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  try {
    await ensureDatabase(pg.url("postgres"), scenario.database);
    const url = pg.url(scenario.database);
    await runMigrations(url);
    await seedBenchForum(url, scenario, { reseed });
    const site = path.join(dataDir, "backup-site");
    const backupDir = path.join(dataDir, "backups");
    rmSync(backupDir, { recursive: true, force: true });
    const lines: string[] = [];
    let last = "";
    for (let run = 1; run <= runs; run++) {
      const before = load();
      peakRss = process.memoryUsage().rss;
      const result = await createBackup({ databaseUrl: url, dataDir: site, signingKey });
      const posts = result.manifest.database.tables.find((t) => t.name === "forum_posts")!.rows;
      const line =
        `| ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC | backup ${run} | ${posts} | ${result.rows} ` +
        `| ${formatBytes(result.bytes)} | ${(result.durationMs / 1000).toFixed(1)} | ${formatBytes(peakRss)} | ${before} | ${load()} |`;
      console.log(line);
      lines.push(line);
      last = path.join(backupDir, result.name);
      mkdirSync(backupDir, { recursive: true });
      const sql = maintenanceClient(url);
      const stored = (await openStoredBackup(sql, result.name))!;
      await pipeline(stored.stream, createWriteStream(last));
      await sql.end();
    }
    if (restore) {
      const target = "bench_restored";
      const { default: postgres } = await import("postgres");
      const admin = postgres(pg.url("postgres"), { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${target} with (force)`);
      await admin.end();
      await ensureDatabase(pg.url("postgres"), target);
      const before = load();
      const started = Date.now();
      peakRss = process.memoryUsage().rss;
      const manifest = await checkRestorable(last, { key: signingKey });
      const checked = Date.now() - started;
      const restoredDir = path.join(dataDir, "restored-site");
      rmSync(restoredDir, { recursive: true, force: true });
      const result = await restoreBackup({ file: last, manifest, databaseUrl: pg.url(target), dataDir: restoredDir });
      const line =
        `| ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC | restore (check ${(checked / 1000).toFixed(1)} s) ` +
        `| ${manifest.database.tables.find((t) => t.name === "forum_posts")!.rows} | ${result.rows} | - ` +
        `| ${((Date.now() - started) / 1000).toFixed(1)} | ${formatBytes(peakRss)} | ${before} | ${load()} |`;
      console.log(line);
      lines.push(line);
    }
    console.log(
      "\n| when | run | posts | rows | archive | seconds | peak memory | load before (1/5/15 min) | load after |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const line of lines) console.log(line);
  } finally {
    clearInterval(sampler);
    await pg.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
