import { afterAll, describe, expect, it } from "vitest";
import { rawSql } from "#db/client.server";
import { MONITOR_TASK, registerAstrologyMonitor } from "~/astrology/monitor.server";
import { eventsBetween, latestSnapshot, monitorStatus, recordSnapshot } from "~/astrology/snapshots.server";
import { jobsOf, scheduleRecurringTask, startWorker } from "~/jobs/queue.server";

// A task of this file's own: servers that other test files start on this database run the site's monitor too.
const TASK = `${MONITOR_TASK}-test-${process.pid}`;

afterAll(async () => {
  await rawSql()`delete from pgboss.job where name = ${`recurring/${TASK}`}`;
});

describe("the astrology monitor", () => {
  it("runs on one of two workers at a time: one snapshot per interval", async () => {
    const intervalMs = 1500;
    const started = new Date();
    registerAstrologyMonitor({ intervalMs, name: TASK });
    // two app instances boot: both schedule the task, both run a worker
    await scheduleRecurringTask(TASK);
    await scheduleRecurringTask(TASK);
    const workers = [startWorker({ pollMs: 50 }), startWorker({ pollMs: 50 })];
    await new Promise((r) => setTimeout(r, 4 * intervalMs + 700));
    await Promise.all(workers.map((w) => w.stop()));

    const rows = await rawSql()<{ taken_at: string }[]>`
      select taken_at from astrology_snapshots where taken_at >= ${started.toISOString()}::timestamptz order by taken_at`;
    const times = rows.map((r) => new Date(r.taken_at).getTime());
    // runs at about 0, 1.5, 3.0, 4.5 and 6.0 s: five, never two for the same interval
    expect(times.length).toBeGreaterThanOrEqual(4);
    expect(times.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(intervalMs - 50);

    const pending = (await jobsOf(`recurring/${TASK}`)).filter((job) =>
      ["created", "retry", "active"].includes(job.state),
    );
    expect(pending).toHaveLength(1);
  }, 20_000);

  it("stores the sky and records each foreseen event once", async () => {
    const at = new Date("1987-06-01T12:00:00Z");
    const first = await recordSnapshot({ at });
    expect(first.data.planets).toHaveLength(10);
    // a second run an hour later finds the same coming events: they are not recorded twice
    await recordSnapshot({ at: new Date(at.getTime() + 3_600_000) });
    const events = await eventsBetween({ from: at, to: new Date(at.getTime() + 40 * 86_400_000) });
    const lunar = events.filter((e) => e.kind === "lunar-phase");
    expect(lunar.length).toBeGreaterThanOrEqual(4);
    const keys = events.map((e) => `${e.kind}/${e.body}/${e.occursAt.slice(0, 13)}`);
    expect(new Set(keys).size).toBe(keys.length);
    const sunIngress = events.find((e) => e.kind === "ingress" && e.body === "Sun");
    expect(sunIngress?.details).toEqual({ from: "Gemini", to: "Cancer" });
  });

  it("reports the last update and the interval", async () => {
    const status = await monitorStatus();
    expect(status.checkIntervalMinutes).toBe(60);
    expect(status.lastUpdate).not.toBeNull();
    const latest = await latestSnapshot();
    expect(status.lastUpdate).toBe(latest!.takenAt);
  });
});
