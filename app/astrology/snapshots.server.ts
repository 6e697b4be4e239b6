import { and, asc, desc, gte, lt, sql } from "drizzle-orm";
import { db, preparedQuery } from "#db/client.server";
import { astrologyEvents, astrologySnapshots } from "#db/schema";
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
  await db.transaction(async (tx) => {
    await tx.insert(astrologySnapshots).values({ takenAt: at, data }).onConflictDoNothing();
    // Searches started from different instants land within seconds of each other: an event already recorded
    // within an hour of the new finding is the same event. (An insert from a set of rows filtered by a
    // correlated subquery: the query builder's insert ... select must name every column, so this one is SQL.)
    await tx.execute(sql`
      insert into ${astrologyEvents} (kind, body, occurs_at, details)
      select e.kind, e.body, e.occurs_at, e.details
      from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(kind text, body text, occurs_at timestamptz, details jsonb)
      where not exists (
        select 1 from ${astrologyEvents} x
        where x.kind = e.kind and x.body = e.body
          and x.occurs_at between e.occurs_at - interval '1 hour' and e.occurs_at + interval '1 hour')
      on conflict do nothing`);
    // Cached astrology pages show the latest sky: every server process clears them when this commits.
    await tx.execute(sql`select pg_notify(${SKY_CHANNEL}, '')`);
  });
  return { takenAt: at.toISOString(), data };
}

/** The latest snapshot's time and sky: read by every astrology page, so prepared once. */
const latestSnapshotQuery = preparedQuery("astrology-latest-snapshot", (db) =>
  db
    .select({ takenAt: astrologySnapshots.takenAt, data: astrologySnapshots.data })
    .from(astrologySnapshots)
    .orderBy(desc(astrologySnapshots.takenAt))
    .limit(1)
    .prepare("astrology-latest-snapshot"),
);

export async function latestSnapshot(): Promise<Snapshot | null> {
  const [row] = await latestSnapshotQuery().execute();
  // Written by takeSnapshot from computeAstronomicalData: the column holds that shape (db/schema.ts).
  return row ? { takenAt: row.takenAt.toISOString(), data: row.data as AstronomicalData } : null;
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
  const [latest] = await db
    .select({ takenAt: astrologySnapshots.takenAt })
    .from(astrologySnapshots)
    .orderBy(desc(astrologySnapshots.takenAt))
    .limit(1);
  return { lastUpdate: latest?.takenAt.toISOString() ?? null, checkIntervalMinutes: checkIntervalMinutes() };
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
  const rows = await db
    .select({
      kind: astrologyEvents.kind,
      body: astrologyEvents.body,
      occursAt: astrologyEvents.occursAt,
      details: astrologyEvents.details,
    })
    .from(astrologyEvents)
    .where(and(gte(astrologyEvents.occursAt, from), lt(astrologyEvents.occursAt, to)))
    .orderBy(asc(astrologyEvents.occursAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, occursAt: r.occursAt.toISOString() }));
}
