import type { Composition, Style } from "~/preferences/schema";
import { DIGITS, principleOf, textsOf, universalName, ELEMENT_MEANINGS, type Digit } from "./principles";
import { reduceWithCalculation } from "./reduce";
import { relationBetween } from "./relations";

/**
 * The offline composer: writes readings from the ontology's own texts, shaped by style (poetic, scientific,
 * spiritual, practical), length (brief, detailed, metaphorical, simple) and the visitor's keywords. A seeded
 * generator picks among the texts, so two calls differ while a given seed always gives the same reading (tests).
 * Keywords appear only as quoted data inside sentences written here; they never choose what is written.
 */
export type ComposeOptions = { style: Style; composition: Composition; keywords: string; seed?: number };

export type PrincipleReading = {
  principle: { title: string; content: string; insight: string };
  affirmation: string;
};

export type AngelReading = {
  number: string;
  meaning: string;
  guidance: string;
  personalizedMessage: string;
  universalPrinciples: Array<{ digit: number; principle: string; meaning: string }>;
  reducedDigit: { digit: number; calculation: string; principle: string; meaning: string };
};

// ------------------------------------------------------------------------------------------------ helpers

/** mulberry32: small, fast, good enough to vary wording. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
function pickDistinct<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
  return out;
}
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/);

/**
 * Keywords as data: split on commas, stripped of quote marks and angle brackets, each shown in typographic
 * quotes. At most three are used in a reading.
 */
export function keywordList(keywords: string): string[] {
  return keywords
    .split(/[,;\n]/)
    .map((k) =>
      k
        .replace(/["“”'‘’<>`]/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean)
    .slice(0, 3);
}
const quoted = (list: string[]) =>
  list.length <= 1
    ? `“${list[0] ?? ""}”`
    : `${list
        .slice(0, -1)
        .map((k) => `“${k}”`)
        .join(", ")} and “${list[list.length - 1]}”`;

function otherDigit(rng: Rng, digit: Digit): Digit {
  const others = DIGITS.filter((d) => d !== digit);
  return pick(rng, others);
}

// ------------------------------------------------------------------------------------------------ style lines

/** One sentence in the chosen style about a principle. */
function styleLine(rng: Rng, digit: Digit, style: Style): string {
  const t = textsOf(digit);
  const name = universalName(digit);
  switch (style) {
    case "poetic": {
      const image = pick(rng, t.images);
      return pick(rng, [
        `Think of ${image}: that is ${name} at work.`,
        `Picture ${image}, and you have seen ${name} without needing its name.`,
        `${upper(image)}; in this image ${name} speaks more softly than any definition.`,
      ]);
    }
    case "scientific":
      return pick(rng, t.observations);
    case "spiritual":
      return pick(rng, t.devotions);
    case "practical":
      return pick(rng, t.practices);
  }
}

function keywordSentence(rng: Rng, digit: Digit, style: Style, keywords: string[]): string | null {
  if (keywords.length === 0) return null;
  const q = quoted(keywords);
  const name = universalName(digit);
  const [k1, k2] = pickDistinct(rng, textsOf(digit).keywords, 2).map((k) => k.toLowerCase());
  const byStyle: Record<Style, string[]> = {
    poetic: [
      `You brought ${q} to this reading, and ${name} lets it drift in like a leaf on moving water, asking for ${k1}.`,
      `Around ${q} the principle gathers like light around a window: through ${k1} and ${k2} it finds a way in.`,
    ],
    scientific: [
      `Applied to ${q}, ${name} predicts that ${k1} and ${k2} are the variables worth observing.`,
      `Treat ${q} as the case under study: the pattern to look for is ${k1}, and its effect is ${k2}.`,
    ],
    spiritual: [
      `Bring ${q} into your stillness; ${name} blesses it with ${k1} and ${k2}.`,
      `Offer ${q} to the whole, and let ${k1} be the prayer that answers.`,
    ],
    practical: [
      `For ${q}, the principle's advice is simple: start with ${k1}, then make room for ${k2}.`,
      `Apply this to ${q} this week: one act of ${k1}, one of ${k2}.`,
    ],
  };
  return pick(rng, [...byStyle[style], `You named ${q}; seen through ${name}, it becomes a question of ${k1}.`]);
}

function titleFor(rng: Rng, digit: Digit, style: Style): string {
  const t = textsOf(digit);
  const keyword = pick(rng, t.keywords);
  const styled: Record<Style, string> = {
    poetic: pick(rng, t.titles),
    scientific: `The Principle of ${keyword}`,
    spiritual: `The Path of ${keyword}`,
    practical: `Practising ${keyword}`,
  };
  return `${universalName(digit)}: ${rng() < 0.4 ? pick(rng, t.titles) : styled[style]}`;
}

// ------------------------------------------------------------------------------------------------ principle

/** The home page's reading: principle {title, content, insight} and an affirmation. */
export function composePrinciple(digit: Digit, options: ComposeOptions): PrincipleReading {
  const rng = seededRandom(options.seed ?? randomSeed());
  const { style, composition } = options;
  const keywords = keywordList(options.keywords);
  const facts = principleOf(digit);
  const t = textsOf(digit);
  const name = universalName(digit);
  const teaching = sentencesOf(t.teaching);
  const keywordLine = keywordSentence(rng, digit, style, keywords);
  const elementLine = facts.element
    ? `Its element is ${facts.element}, the element of ${ELEMENT_MEANINGS[facts.element]}, and its colour is ${facts.colour.toLowerCase()}.`
    : `Its colour is ${facts.colour.toLowerCase()}, the colour ${pick(rng, ["it wears on the ring of ten", "by which it is recognised", "that carries its mood"])}.`;
  const neighbour = otherDigit(rng, digit);
  const relation = relationBetween(digit, neighbour)!;

  let parts: string[];
  switch (composition) {
    case "brief":
      parts = [teaching[0]!, styleLine(rng, digit, style)];
      if (keywordLine) parts.push(keywordLine);
      break;
    case "simple":
      parts = [
        `${name} is about ${t.keywords
          .slice(0, 2)
          .map((k) => k.toLowerCase())
          .join(" and ")}.`,
        teaching[1] ?? teaching[0]!,
        style === "practical" ? styleLine(rng, digit, style) : pick(rng, t.practices),
      ];
      if (keywordLine) parts.push(keywordLine);
      break;
    case "metaphorical": {
      const [a, b] = pickDistinct(rng, t.images, 2);
      parts = [
        `${upper(a!)}. ${upper(b!)}. Both are pictures of ${name}.`,
        teaching[1] ?? teaching[0]!,
        style === "poetic" ? pick(rng, t.devotions) : styleLine(rng, digit, style),
        relation,
      ];
      if (keywordLine) parts.splice(2, 0, keywordLine);
      break;
    }
    case "detailed":
    default: {
      const lines = pickDistinct(
        rng,
        [styleLine(rng, digit, style), styleLine(rng, digit, style === "poetic" ? "spiritual" : "poetic")],
        2,
      );
      parts = [t.teaching, elementLine, ...lines, relation];
      if (keywordLine) parts.splice(2, 0, keywordLine);
      break;
    }
  }
  const content = parts.join(" ");

  let insight = pick(rng, t.insights);
  if (keywords.length && rng() < 0.5) insight += ` Let it speak to ${quoted(keywords.slice(0, 1))}.`;

  let affirmation = pick(rng, t.affirmations);
  if (keywords.length) {
    affirmation += ` ${pick(rng, [`I carry this into ${quoted(keywords)}.`, `I bring this truth to ${quoted(keywords)}.`, `It lights my way through ${quoted(keywords)}.`])}`;
  }
  return { principle: { title: titleFor(rng, digit, style), content, insight }, affirmation };
}

// ------------------------------------------------------------------------------------------------ angel numbers

function patternSentence(rng: Rng, number: string): string | null {
  const digits = [...number].map(Number) as Digit[];
  if (digits.length < 2) return null;
  const first = digits[0]!;
  if (digits.every((d) => d === first)) {
    return pick(rng, [
      `The repetition of ${first} amplifies ${universalName(first)}: the message is insistent and asks to be heard now.`,
      `${first} repeated ${digits.length} times is ${universalName(first)} spoken with emphasis, a principle knocking until the door opens.`,
    ]);
  }
  const steps = digits.slice(1).map((d, i) => d - digits[i]!);
  if (steps.every((s) => s === 1)) {
    return `The digits rise one step at a time, from ${universalName(first)} to ${universalName(digits[digits.length - 1]!)}: a staircase of growth you are already climbing.`;
  }
  if (steps.every((s) => s === -1)) {
    return `The digits descend step by step toward ${universalName(digits[digits.length - 1]!)}, a return to the ground beneath your recent efforts.`;
  }
  if (digits.length >= 3 && number === [...number].reverse().join("")) {
    return `The number reads the same in both directions, a mirror in which beginning and ending recognise each other.`;
  }
  return null;
}

/** An angel number's reading: meaning, guidance, a personalised message in paragraphs, and its principles. */
export function composeAngelReading(number: string, options: ComposeOptions): AngelReading {
  const rng = seededRandom(options.seed ?? randomSeed());
  const { style, composition } = options;
  const keywords = keywordList(options.keywords);
  const digits = [...number].map(Number) as Digit[];
  const unique = [...new Set(digits)];
  const reduced = reduceWithCalculation(digits);
  const r = reduced.digit;
  const rt = textsOf(r);

  const universalPrinciples = unique.map((d) => ({
    digit: d,
    principle: universalName(d),
    meaning: `${upper(textsOf(d).angelMeaning)}.`,
  }));

  const names = unique.map((d) => universalName(d));
  const carries = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  const meaningParts = [
    pick(rng, [
      `${number} carries ${carries}.`,
      `In ${number} you meet ${carries}.`,
      `The number ${number} speaks through ${carries}.`,
    ]),
    patternSentence(rng, number),
    digits.length > 1
      ? `Its digits reduce to ${r}, ${universalName(r)}: ${rt.angelMeaning}.`
      : `It is ${universalName(r)} itself: ${rt.angelMeaning}.`,
  ].filter(Boolean) as string[];
  if (composition !== "brief") meaningParts.push(styleLine(rng, r, style));
  const meaning = meaningParts.join(" ");

  const guidanceParts = [pick(rng, rt.practices)];
  const lead = digits[0]!;
  if (lead !== r && composition !== "brief") guidanceParts.push(pick(rng, textsOf(lead).practices));
  const keywordLine = keywordSentence(rng, r, style, keywords);
  if (keywordLine) guidanceParts.push(keywordLine);
  const guidance = guidanceParts.join(" ");

  const opening: Record<Style, string[]> = {
    poetic: [
      `Your angels write in numbers the way the sky writes in stars.`,
      `Some messages arrive as a number seen again and again.`,
    ],
    scientific: [
      `A number that keeps returning is a pattern worth recording.`,
      `Recurring numbers invite observation rather than superstition.`,
    ],
    spiritual: [
      `Dear one, the whole is speaking to you through ${number}.`,
      `Your guides have placed ${number} on your path for a reason.`,
    ],
    practical: [
      `Here is what ${number} suggests for the days ahead.`,
      `Seeing ${number} is a cue to check in with yourself.`,
    ],
  };
  const paragraphs: string[] = [];
  paragraphs.push(
    [
      pick(rng, opening[style]),
      keywords.length
        ? `You asked about ${quoted(keywords)}, and the reading answers with ${universalName(r)} in mind.`
        : null,
    ]
      .filter(Boolean)
      .join(" "),
  );
  const pairs = digits
    .slice(1)
    .map((d, i) => relationBetween(digits[i]!, d))
    .filter((x): x is string => !!x);
  if (composition === "detailed" || composition === "metaphorical") {
    paragraphs.push(
      composition === "metaphorical"
        ? `Picture ${pick(rng, rt.images)}. ${pairs[0] ?? sentencesOf(rt.teaching)[1] ?? rt.teaching}`
        : [sentencesOf(rt.teaching).slice(0, 2).join(" "), pairs[0] ?? null].filter(Boolean).join(" "),
    );
  }
  if (composition !== "brief") paragraphs.push(`${pick(rng, rt.insights)} ${pick(rng, rt.affirmations)}`);
  else paragraphs[0] += ` ${pick(rng, rt.affirmations)}`;
  if (composition === "simple")
    paragraphs.splice(
      1,
      0,
      `${universalName(r)} means ${rt.keywords
        .slice(0, 3)
        .map((k) => k.toLowerCase())
        .join(", ")}.`,
    );

  return {
    number,
    meaning,
    guidance,
    personalizedMessage: paragraphs.join("\n\n"),
    universalPrinciples,
    reducedDigit: {
      digit: r,
      calculation: reduced.calculation,
      principle: universalName(r),
      meaning: rt.subtitle + ".",
    },
  };
}

// ------------------------------------------------------------------------------------------------ birth dates

/** The life path summary of a birth date analysis, from its life path number and digits. */
export function composeLifePathSummary(
  { lifePath, digits }: { lifePath: Digit; digits: readonly Digit[] },
  options: { seed?: number } = {},
): string {
  const rng = seededRandom(options.seed ?? randomSeed());
  const t = textsOf(lifePath);
  const name = universalName(lifePath);
  const counts = new Map<Digit, number>();
  for (const d of digits) counts.set(d, (counts.get(d) ?? 0) + 1);
  const [dominant, times] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  const missing = DIGITS.filter((d) => d !== 0 && !counts.has(d));
  const parts = [
    pick(rng, [
      `Your life path number is ${lifePath}, ${name}.`,
      `Your digits reduce to ${lifePath}: your life path walks with ${name}.`,
    ]),
    sentencesOf(t.teaching).slice(1, 3).join(" "),
    times > 1
      ? `${dominant} appears ${times} times in your date, so ${universalName(dominant)} colours the whole journey: ${textsOf(dominant).angelMeaning}.`
      : null,
    missing.length && rng() < 0.7
      ? `${universalName(pick(rng, missing))} does not appear in your date; it is a principle you are invited to learn from others.`
      : null,
    pick(rng, t.insights),
    `An affirmation for your path: ${pick(rng, t.affirmations)}`,
  ];
  return parts.filter(Boolean).join(" ");
}
