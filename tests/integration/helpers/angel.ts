import type { angelReadings } from "#db/schema";

/**
 * A saved angel reading's row as a test writes it straight into the table (as another server process would save
 * one): the visitor, the number and, optionally, when and in what style; the texts are placeholders no test reads.
 */
export function angelReadingRow(
  sessionId: string,
  number: string,
  extra: Partial<typeof angelReadings.$inferInsert> = {},
): typeof angelReadings.$inferInsert {
  return {
    number,
    sessionId,
    meaning: "m",
    guidance: "g",
    personalizedMessage: "p",
    style: "poetic",
    composition: "brief",
    ...extra,
  };
}
