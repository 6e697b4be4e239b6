import { DataSet, englishDataset, englishRecommendedTransformers, parseRawPattern, RegExpMatcher } from "obscenity";
import { isOpenAIConfigured, openAIClient } from "./openai.server";

/**
 * Keyword screening (spec: "Server-side keyword screening exists"). A maintained profanity library catches
 * obfuscated swearing without flagging innocent words (Scunthorpe, assess, cockpit); the site's own list adds
 * violent and graphic terms; the OpenAI moderation endpoint is asked too when configured.
 */
const siteTerms = ["kill", "murder", "suicide", "rape", "gore", "behead", "torture", "massacre", "porn", "nazi"];

const dataset = new DataSet<{ originalWord: string }>().addAll(englishDataset);
// Site terms match whole words ("|kill|" does not flag "skill" or "killer whale" partially).
for (const term of siteTerms) {
  dataset.addPhrase((p) => p.setMetadata({ originalWord: term }).addPattern(parseRawPattern(`|${term}|`)));
}
dataset.addPhrase((p) =>
  p.setMetadata({ originalWord: "dick" }).addWhitelistedTerm("cockpit").addWhitelistedTerm("dick van dyke"),
);

const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

export const GRAPHIC_ALERT = "GRAPHIC_ALERT";
export const CONTENT_ALERT_TITLE = "Content Alert";
export const CONTENT_ALERT_MESSAGE =
  "Content generation paused due to inappropriate keywords. Please revise your keywords and try again.";

export type ScreeningResult = { ok: true } | { ok: false; code: typeof GRAPHIC_ALERT; message: string };

export function screenLocally(text: string): boolean {
  return text.trim() === "" || !matcher.hasMatch(text);
}

export async function screenKeywords(text: string): Promise<ScreeningResult> {
  const blocked = { ok: false, code: GRAPHIC_ALERT, message: CONTENT_ALERT_MESSAGE } as const;
  if (!text.trim()) return { ok: true };
  if (!screenLocally(text)) return blocked;
  if (isOpenAIConfigured()) {
    try {
      const result = await openAIClient().moderations.create({ input: text }, { timeout: 5000 });
      if (result.results.some((r) => r.flagged)) return blocked;
    } catch (error) {
      // The local screen already passed; a moderation outage must not take generation down with it.
      console.warn(`[ai] moderation unavailable: ${(error as Error).message}`);
    }
  }
  return { ok: true };
}
