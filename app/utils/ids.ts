import { z } from "zod";

/**
 * The one parser of ids that come from outside (decision 250): an address's segment (`/forum/topic/42`), a query
 * parameter (`?edit=42`, `?before=42`) or a field that names a row. An id is the canonical decimal spelling of a
 * positive integer that fits the `serial`/`integer` columns the ids live in: digits only, no sign, no leading zero,
 * no exponent, no spaces, no NUL, at most 2,147,483,647. Anything else never reaches SQL.
 */
export const MAX_ID = 2_147_483_647;

const CANONICAL_ID = /^[1-9]\d{0,9}$/;

/** The id, or null when the text is not one. */
export function parseId(value: string | number | null | undefined): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value !== "string" || !CANONICAL_ID.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** The message of a refused id, naming what the id was meant to name ("topic", "post"). */
export function invalidIdMessage(what: string): string {
  return `The address does not name a ${what}: a ${what}'s id is a whole number from 1 to ${MAX_ID.toLocaleString("en-US")}.`;
}

/**
 * An id field of a form or JSON body (a JSON number or its text), with the same rule: `idField("The item is
 * missing")` answers that message for a missing or malformed id.
 */
export function idField(message: string) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, context) => {
    const id = parseId(value);
    if (id === null) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}
