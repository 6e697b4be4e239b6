import { rawSql } from "#db/client.server";
import { env } from "~/utils/env.server";
import { computeAstronomicalData, type AstronomicalData } from "./ephemeris.server";

/**
 * Snapshots of the sky (one per monitor run) and the events they foresee (ingresses, stations, lunar phases).
 * Pages and the API serve the latest snapshot while it is fresh, so a request does no astronomy at all.
 */
export function checkIntervalMinutes(): number {
  return env.ASTROLOGY_CHECK_INTERVAL_MINUTES;
}

/** Announced in the transaction that stores a new sky (delivered at its commit): cached astrology pages go. */
export const SKY_CHANNEL = "astrology_sky";

export type Snapshot = { takenAt: string; data: AstronomicalData };

/** Computes the sky at `at`, stores it as a snapshot and records the events it foresees (each once). */
export async function recordSnapshot({ at = new Date() }: { at?: Date } = {}): Promise<Snapshot> {
  const data = computeAstronomicalData(at);
  const events = [
    ...data.planets.flatMap((p) => [
      ...(p.nextSignChange
        ? [
            {
              kind: "ingress",
              body: p.name,
              occurs_at: p.nextSignChange.at,
              details: { from: p.constellation, to: p.nextSignChange.sign },
            },
          ]
        : []),
      ...(p.nextStation
        ? [
            {
              kind: `station-${p.nextStation.kind}`,
              body: p.name,
              occurs_at: p.nextStation.at,
              details: { sign: p.constellation },
            },
          ]
        : []),
    ]),
    ...data.upcomingLunarEvents.map((e) => ({
      kind: "lunar-phase",
      body: "Moon",
      occurs_at: e.at,
      details: { type: e.type },
    })),
  ];
  const sql = rawSql();
  await sql.begin(async (tx) => {
    await tx`
      insert into astrology_snapshots (taken_at, data)
      values (${at.toISOString()}::timestamptz, ${JSON.stringify(data)}::jsonb)
      on conflict do nothing`;
    // Searches started from different instants land within seconds of each other: an event already recorded
    // within an hour of the new finding is the same event.
    await tx`
      insert into astrology_events (kind, body, occurs_at, details)
      select e.kind, e.body, e.occurs_at, e.details
      from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(kind text, body text, occurs_at timestamptz, details jsonb)
      where not exists (
        select 1 from astrology_events x
        where x.kind = e.kind and x.body = e.body
          and x.occurs_at between e.occurs_at - interval '1 hour' and e.occurs_at + interval '1 hour')
      on conflict do nothing`;
    // Cached astrology pages show the latest sky: every server process clears them when this commits.
    await tx`select pg_notify(${SKY_CHANNEL}, '')`;
  });
  return { takenAt: at.toISOString(), data };
}

export async function latestSnapshot(): Promise<Snapshot | null> {
  const sql = rawSql();
  const rows = await sql<{ taken_at: string; data: AstronomicalData | string }[]>`
    select taken_at, data from astrology_snapshots order by taken_at desc limit 1`;
  const row = rows[0];
  if (!row) return null;
  const data = typeof row.data === "string" ? (JSON.parse(row.data) as AstronomicalData) : row.data;
  return { takenAt: new Date(row.taken_at).toISOString(), data };
}

export type CurrentSky = { data: AstronomicalData; lastUpdate: string | null; fromSnapshot: boolean };

/**
 * The sky now: the latest snapshot while it is fresh (taken within two check intervals and its next lunar event
 * still ahead); otherwise computed on the spot (not stored: storing is the monitor's job).
 */
export async function currentSky({ now = new Date() }: { now?: Date } = {}): Promise<CurrentSky> {
  const snapshot = await latestSnapshot();
  if (snapshot) {
    const age = now.getTime() - new Date(snapshot.takenAt).getTime();
    const fresh = age >= 0 && age <= 2 * checkIntervalMinutes() * 60_000;
    const eventAhead = new Date(snapshot.data.moonPhase.nextPhase.at).getTime() > now.getTime();
    if (fresh && eventAhead) return { data: snapshot.data, lastUpdate: snapshot.takenAt, fromSnapshot: true };
  }
  return { data: computeAstronomicalData(now), lastUpdate: snapshot?.takenAt ?? null, fromSnapshot: false };
}

export async function monitorStatus(): Promise<{ lastUpdate: string | null; checkIntervalMinutes: number }> {
  const snapshot = await rawSql()<{ taken_at: string }[]>`
    select taken_at from astrology_snapshots order by taken_at desc limit 1`;
  return {
    lastUpdate: snapshot[0] ? new Date(snapshot[0].taken_at).toISOString() : null,
    checkIntervalMinutes: checkIntervalMinutes(),
  };
}

export type RecordedEvent = { kind: string; body: string; occursAt: string; details: Record<string, unknown> };

/** Recorded events in a time window, oldest first (served by astrology_events_occurs_idx). */
export async function eventsBetween({
  from,
  to,
  limit = 100,
}: {
  from: Date;
  to: Date;
  limit?: number;
}): Promise<RecordedEvent[]> {
  const rows = await rawSql()<
    { kind: string; body: string; occurs_at: string; details: Record<string, unknown> | string }[]
  >`
    select kind, body, occurs_at, details from astrology_events
    where occurs_at >= ${from.toISOString()}::timestamptz and occurs_at < ${to.toISOString()}::timestamptz
    order by occurs_at limit ${limit}`;
  return rows.map((r) => ({
    kind: r.kind,
    body: r.body,
    occursAt: new Date(r.occurs_at).toISOString(),
    details: typeof r.details === "string" ? JSON.parse(r.details) : r.details,
  }));
}
