import OpenAI from "openai";
import { z } from "zod";
import { env } from "~/utils/env.server";
import type { StructuredRequest, TextProvider } from "./provider";

let client: { settings: string; openai: OpenAI } | undefined;

/**
 * The one OpenAI client of the process (also used by the image, moderation and speech adapters), made again only
 * if its settings change (tests point it at a stand-in).
 */
export function openAIClient(): OpenAI {
  const settings = JSON.stringify([env.OPENAI_API_KEY, env.OPENAI_BASE_URL, env.AI_TIMEOUT_MS]);
  if (client?.settings !== settings) {
    const openai = new OpenAI({
      apiKey: env.OPENAI_API_KEY ?? "not-needed",
      baseURL: env.OPENAI_BASE_URL,
      maxRetries: 0, // the spec's retry rule is applied by ai.server.ts
      timeout: env.AI_TIMEOUT_MS,
    });
    client = { settings, openai };
  }
  return client.openai;
}

export function isOpenAIConfigured(): boolean {
  return Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL);
}

export class MalformedAnswerError extends Error {}

export const openAITextProvider: TextProvider = {
  name: "openai",
  async generateStructured<T>(request: StructuredRequest<T>, { signal }: { signal: AbortSignal }): Promise<T> {
    const completion = await openAIClient().chat.completions.create(
      {
        model: env.OPENAI_MODEL,
        messages: [
          { role: "system", content: request.system },
          { role: "user", content: request.prompt },
        ],
        response_format: {
          type: "json_schema",
          json_schema: {
            name: request.task.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64),
            strict: true,
            schema: z.toJSONSchema(request.schema as z.ZodType, { target: "draft-7", io: "input" }) as Record<
              string,
              unknown
            >,
          },
        },
      },
      { signal },
    );
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new MalformedAnswerError("The model returned no content");
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new MalformedAnswerError("The model's answer is not JSON");
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) throw new MalformedAnswerError(`The model's answer does not fit: ${parsed.error.message}`);
    return parsed.data;
  },
};
