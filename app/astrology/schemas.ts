import { z } from "zod";
import { keywordsSchema } from "~/preferences/schema";
import { BODY_NAMES, parseBodyName, parseSignName, SIGN_NAMES } from "./zodiac";

/**
 * The reading API's input (POST /api/generate-personalized-reading): {planet, constellation, keywords?}. Server
 * code only (the browser gets no zod, decision 102); the preferences form's schema is `~/preferences/schema`.
 */
export const readingRequestSchema = z.object({
  planet: z.string({ error: "planet is required" }).transform((v, ctx) => {
    const name = parseBodyName(v);
    if (!name) ctx.addIssue({ code: "custom", message: `Unknown planet. Choose one of: ${BODY_NAMES.join(", ")}.` });
    return name!;
  }),
  constellation: z.string({ error: "constellation is required" }).transform((v, ctx) => {
    const name = parseSignName(v);
    if (!name)
      ctx.addIssue({ code: "custom", message: `Unknown constellation. Choose one of: ${SIGN_NAMES.join(", ")}.` });
    return name!;
  }),
  keywords: keywordsSchema,
});
