import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { personOf } from "~/accounts/person.server";
import { speak } from "~/speech/tts.server";
import { DEFAULT_VOICE_ID } from "~/speech/voices";
import { answer, apiError, readBody } from "~/utils/api.server";
import { SPEECH_BUDGET_SPENT_NOTICE } from "~/utils/paid-budget.server";
import { userText } from "~/utils/user-text";

/**
 * POST /api/tts/generate {text, voiceId (default en-US-natalie), format mp3} → {encodedAudio (base64 MP3),
 * audioLengthInSeconds, sentences: [{text, start, end}] (where each sentence is heard, decision 192)}. 400 for an unknown voice, empty or overlong text; 429 past the visitor's limit.
 */
const schema = z.object({
  text: userText({ label: "Text", kind: "body", missing: "text is required: the words to read aloud." }),
  voiceId: z.string().default(DEFAULT_VOICE_ID),
  format: z
    .string()
    .default("mp3")
    .refine((format) => format.toLowerCase() === "mp3", { error: "Only the mp3 format is supported." }),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { text, voiceId } = await readBody(request, schema);
  const result = await speak({ text, voiceId, person: await personOf(request, context) });
  if (!result.ok) {
    return apiError(
      result.status,
      result.error,
      {},
      result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    );
  }
  return answer(
    {
      encodedAudio: Buffer.from(result.audio).toString("base64"),
      audioLengthInSeconds: Math.round(result.durationSeconds * 100) / 100,
      // Added to the spec's fields (decision 192): where each sentence is heard, in seconds.
      sentences: result.sentences,
      ...(result.budgetSpent ? { notice: SPEECH_BUDGET_SPENT_NOTICE } : {}),
    },
    200,
    {
      ETag: result.etag,
      "X-Speech-Provider": result.provider,
      "X-Speech-Cache": result.cached ? "hit" : "miss",
    },
  );
}
