import { generateStructured } from "~/ai/ai.server";
import { budgetNotice } from "~/utils/paid-budget.server";
import { birthDateNumbers, BIRTH_DATE_TEXTS } from "./birth-date";
import { composeLifePathSummary, randomSeed, seededRandom } from "./composer";
import { textsOf } from "./principle-texts";
import { universalName, type Digit } from "./principles";
import { lifePathPrompt } from "./prompts";
import { relationBetween } from "./relations";

export type BirthDateAnalysis = {
  birthDate: string;
  extractedNumbers: Digit[];
  lifePathNumber: Digit;
  primaryPrinciple: { number: Digit; title: string; content: string; insight: string };
  numberInteractions: Array<{ number1: Digit; number2: Digit; relationship: string }>;
  lifePathSummary: string;
  /** e.g. that the day's AI budget was spent and the offline composer wrote the summary */
  notice?: string;
};

export type BirthDateFailure = { ok: false; status: number; title: string; message: string };

/**
 * The birth date analysis of a date the form's schema validated and normalised (`birthDateSchema`): the extracted
 * digits and the life path are recomputed from it, whatever the client sent.
 */
export async function analyzeBirthDate(
  birthDate: string,
): Promise<{ ok: true; analysis: BirthDateAnalysis } | BirthDateFailure> {
  const { extractedNumbers, lifePathNumber } = birthDateNumbers(birthDate);
  const seed = randomSeed();
  const rng = seededRandom(seed);
  const t = textsOf(lifePathNumber);

  const seen = new Set<string>();
  const numberInteractions: BirthDateAnalysis["numberInteractions"] = [];
  extractedNumbers.slice(1).forEach((d, i) => {
    const prev = extractedNumbers[i]!;
    const relationship = relationBetween(prev, d);
    if (!relationship || seen.has(`${prev}${d}`)) return;
    seen.add(`${prev}${d}`);
    numberInteractions.push({ number1: prev, number2: d, relationship });
  });

  const summary = await generateStructured({
    request: lifePathPrompt(birthDate, lifePathNumber),
    offline: () => ({
      lifePathSummary: composeLifePathSummary({ lifePath: lifePathNumber, digits: extractedNumbers }, { seed }),
    }),
    offlineOnMalformed: true,
  });
  if (!summary.ok) {
    return {
      ok: false,
      status: summary.code === "TIMEOUT" ? 504 : 502,
      title: BIRTH_DATE_TEXTS.failedTitle,
      message: BIRTH_DATE_TEXTS.failedMessage,
    };
  }
  return {
    ok: true,
    analysis: {
      birthDate,
      extractedNumbers,
      lifePathNumber,
      primaryPrinciple: {
        number: lifePathNumber,
        title: universalName(lifePathNumber),
        content: t.teaching,
        insight: t.insights[Math.floor(rng() * t.insights.length)]!,
      },
      numberInteractions,
      lifePathSummary: summary.value.lifePathSummary,
      ...budgetNotice(summary.provider),
    },
  };
}
