import { and, asc, eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { savedPeople } from "#db/schema";
import type { Fold } from "./birth-time";

/**
 * Other people's births a member keeps for the compatibility page (decision 301): private to the member (every
 * query filters by the member's id), deleted one by one or with the account (the foreign key cascades). Only the
 * inputs are kept; charts and numbers are always recomputed.
 */
export const PEOPLE_LIMIT = 50;

export type SavedPerson = {
  id: number;
  name: string;
  birthDate: string;
  birthTime: string | null;
  placeId: number;
  fold: Fold | null;
};

const columns = {
  id: savedPeople.id,
  name: savedPeople.name,
  birthDate: savedPeople.birthDate,
  birthTime: savedPeople.birthTime,
  placeId: savedPeople.placeId,
  fold: savedPeople.fold,
};

export async function listPeople({ userId }: { userId: number }): Promise<SavedPerson[]> {
  return db.select(columns).from(savedPeople).where(eq(savedPeople.userId, userId)).orderBy(asc(savedPeople.id));
}

export async function getPerson({
  userId,
  personId,
}: {
  userId: number;
  personId: number;
}): Promise<SavedPerson | null> {
  const [row] = await db
    .select(columns)
    .from(savedPeople)
    .where(and(eq(savedPeople.id, personId), eq(savedPeople.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Keeps a person; refused past PEOPLE_LIMIT (checked and inserted in one transaction, the member's rows locked). */
export async function addPerson({
  userId,
  ...person
}: { userId: number } & Omit<SavedPerson, "id">): Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: savedPeople.id })
      .from(savedPeople)
      .where(eq(savedPeople.userId, userId))
      .for("update");
    if (rows.length >= PEOPLE_LIMIT)
      return { ok: false as const, message: `You can keep up to ${PEOPLE_LIMIT} people. Delete one to add another.` };
    const [row] = await tx
      .insert(savedPeople)
      .values({ userId, ...person })
      .returning({ id: savedPeople.id });
    return { ok: true as const, id: row!.id };
  });
}

/** Deletes one of the member's people; false when it is not theirs or already gone. */
export async function deletePerson({ userId, personId }: { userId: number; personId: number }): Promise<boolean> {
  const gone = await db
    .delete(savedPeople)
    .where(and(eq(savedPeople.id, personId), eq(savedPeople.userId, userId)))
    .returning({ id: savedPeople.id });
  return gone.length > 0;
}
