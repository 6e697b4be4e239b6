import { z } from "zod";
import { preferencesSchema } from "~/preferences/schema";
import { readJsonBody } from "~/utils/http.server";

/** The request's JSON body, or null when it is missing or malformed (the route answers 400). */
export async function readApiBody(request: Request): Promise<unknown | null> {
  try {
    return await readJsonBody(request);
  } catch {
    return null;
  }
}

/** Request bodies of the numerology API (spec part 1, "The calls it makes"). Missing preferences take the defaults. */
export const generateContentBody = z.object({
  number: z.coerce
    .number({ error: "number must be a digit from 0 to 9." })
    .int({ error: "number must be a digit from 0 to 9." })
    .min(0, { error: "number must be a digit from 0 to 9." })
    .max(9, { error: "number must be a digit from 0 to 9." }),
  preferences: preferencesSchema.optional().default({ style: "poetic", composition: "detailed", keywords: "" }),
});

export const angelNumberBody = z.object({
  number: z.union([z.string(), z.number()]).optional(),
  preferences: preferencesSchema.optional().default({ style: "poetic", composition: "detailed", keywords: "" }),
});

export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "The request is not valid.";
}
