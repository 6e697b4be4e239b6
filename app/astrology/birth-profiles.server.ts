import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { birthProfiles } from "#db/schema";
import type { YConvention } from "~/numerology/name-numbers";
import { env } from "~/utils/env.server";
import type { Fold } from "./birth-time";
import type { HouseSystem } from "./houses";

/**
 * A member's saved birth (decision 171): the chart's inputs and their names, private to them (every query filters
 * by the member's id), deleted with the account by the foreign key or by the member at any time. The personal
 * calendar's address carries a key derived from SESSION_SECRET, the member's id and a version, so no key is
 * stored and a new version revokes the old address.
 */
export type BirthProfile = {
  birthDate: string | null;
  birthTime: string | null;
  placeId: number | null;
  houseSystem: HouseSystem;
  fold: Fold | null;
  birthName: string | null;
  currentName: string | null;
  yConvention: YConvention;
  calendarKeyVersion: number;
  updatedAt: string;
};

const columns = {
  birthDate: birthProfiles.birthDate,
  birthTime: birthProfiles.birthTime,
  placeId: birthProfiles.placeId,
  houseSystem: birthProfiles.houseSystem,
  fold: birthProfiles.fold,
  birthName: birthProfiles.birthName,
  currentName: birthProfiles.currentName,
  yConvention: birthProfiles.yConvention,
  calendarKeyVersion: birthProfiles.calendarKeyVersion,
  updatedAt: birthProfiles.updatedAt,
};

export async function getBirthProfile({ userId }: { userId: number }): Promise<BirthProfile | null> {
  const [row] = await db.select(columns).from(birthProfiles).where(eq(birthProfiles.userId, userId)).limit(1);
  return row ? { ...row, updatedAt: new Date(row.updatedAt).toISOString() } : null;
}

export type SavedChartInput = {
  birthDate: string;
  birthTime: string | null;
  placeId: number;
  houseSystem: HouseSystem;
  fold: Fold | null;
};

export async function saveBirthChart({ userId, ...chart }: { userId: number } & SavedChartInput): Promise<void> {
  await db
    .insert(birthProfiles)
    .values({ userId, ...chart })
    .onConflictDoUpdate({ target: birthProfiles.userId, set: { ...chart, updatedAt: sql`now()` } });
}

export type SavedNamesInput = { birthName: string; currentName: string | null; yConvention: YConvention };

export async function saveBirthNames({ userId, ...names }: { userId: number } & SavedNamesInput): Promise<void> {
  await db
    .insert(birthProfiles)
    .values({ userId, ...names })
    .onConflictDoUpdate({ target: birthProfiles.userId, set: { ...names, updatedAt: sql`now()` } });
}

/** Forgets the member's birth data; the calendar address stops working with it. */
export async function deleteBirthProfile({ userId }: { userId: number }): Promise<boolean> {
  const deleted = await db
    .delete(birthProfiles)
    .where(eq(birthProfiles.userId, userId))
    .returning({ userId: birthProfiles.userId });
  return deleted.length > 0;
}

/** A new calendar address: the old one stops working. */
export async function renewCalendarKey({ userId }: { userId: number }): Promise<void> {
  await db
    .update(birthProfiles)
    .set({ calendarKeyVersion: sql`${birthProfiles.calendarKeyVersion} + 1` })
    .where(eq(birthProfiles.userId, userId));
}

export function calendarKey(userId: number, version: number): string {
  return createHmac("sha256", env.SESSION_SECRET)
    .update(`birth-calendar:${userId}:${version}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The member whose personal calendar this address names, with their saved chart; null for a wrong key. */
export async function birthProfileByCalendarKey({
  userId,
  key,
}: {
  userId: number;
  key: string;
}): Promise<BirthProfile | null> {
  const profile = await getBirthProfile({ userId });
  if (!profile) return null;
  const expected = Buffer.from(calendarKey(userId, profile.calendarKeyVersion));
  const given = Buffer.from(key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return profile;
}
