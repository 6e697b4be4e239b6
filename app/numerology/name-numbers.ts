/**
 * Name numbers with the Pythagorean table (A=1 … I=9, J=1 … R=9, S=1 … Z=8): Expression (every letter), Soul Urge
 * (the vowels) and Personality (the consonants). Each name is totalled and reduced on its own, the names' numbers
 * are added and the sum reduced again (the method Hans Decoz teaches in "Numerology: Key to Your Inner Self"), and
 * 11, 22 and 33 are master numbers, kept wherever they appear. Y is a consonant in the standard table; the visitor
 * may count it as a vowel instead, and the working names the convention used. Accents are dropped (É is E); letters
 * outside A-Z after that are listed as not counted. Personal year, month and day come from the birth date and today.
 * Shared by server and browser; every step is written out for the page.
 */
export const Y_CONVENTIONS = ["consonant", "vowel"] as const;
export type YConvention = (typeof Y_CONVENTIONS)[number];

export const Y_CONVENTION_LABELS: Record<YConvention, string> = {
  consonant: "Y as a consonant (the standard Pythagorean table)",
  vowel: "Y as a vowel",
};

export const MASTER_NUMBERS = [11, 22, 33] as const;

export function letterValue(letter: string): number {
  const code = letter.toUpperCase().charCodeAt(0) - 65;
  return (code % 9) + 1;
}

const VOWELS = new Set(["A", "E", "I", "O", "U"]);

export function isVowel(letter: string, y: YConvention): boolean {
  const l = letter.toUpperCase();
  return VOWELS.has(l) || (l === "Y" && y === "vowel");
}

/** Sums digits until one digit or a master number remains: "44 → 4+4 = 8", "29 → 2+9 = 11". */
export function reduceKeepingMasters(n: number): { value: number; steps: string[] } {
  const steps: string[] = [];
  let value = n;
  while (value > 9 && !(MASTER_NUMBERS as readonly number[]).includes(value)) {
    const digits = [...String(value)].map(Number);
    const next = digits.reduce((a, b) => a + b, 0);
    steps.push(`${digits.join("+")} = ${next}`);
    value = next;
  }
  return { value, steps };
}

export type NamePart = {
  /** the name as typed */
  word: string;
  letters: { letter: string; value: number }[];
  total: number;
  reduced: number;
  /** "J(1) + O(6) + H(8) + N(5) = 20 → 2+0 = 2" */
  working: string;
};

export type NameNumber = {
  kind: "expression" | "soulUrge" | "personality";
  label: string;
  value: number;
  isMaster: boolean;
  parts: NamePart[];
  /** the names' numbers added and reduced: "2 + 6 = 8" */
  working: string;
};

export type NameNumbers = {
  name: string;
  yConvention: YConvention;
  expression: NameNumber;
  soulUrge: NameNumber;
  personality: NameNumber;
  /** characters that are not letters A-Z after accents are dropped (hyphens and apostrophes are not listed) */
  notCounted: string[];
};

/** "José-María" → ["JOSE", "MARIA"], with what could not be read as A-Z. */
function words(name: string): { words: { word: string; letters: string[] }[]; notCounted: string[] } {
  const notCounted = new Set<string>();
  const result: { word: string; letters: string[] }[] = [];
  for (const word of name.trim().split(/[\s-]+/)) {
    if (!word) continue;
    const letters: string[] = [];
    for (const ch of word.normalize("NFKD")) {
      if (/\p{M}/u.test(ch)) continue;
      const up = ch.toUpperCase();
      if (up >= "A" && up <= "Z" && up.length === 1) letters.push(up);
      else if (!/['’.]/.test(ch)) notCounted.add(ch);
    }
    if (letters.length) result.push({ word, letters });
  }
  return { words: result, notCounted: [...notCounted] };
}

function nameNumber(
  kind: NameNumber["kind"],
  label: string,
  parsed: { word: string; letters: string[] }[],
  keep: (letter: string) => boolean,
): NameNumber {
  const parts: NamePart[] = parsed.map(({ word, letters }) => {
    const kept = letters.filter(keep).map((letter) => ({ letter, value: letterValue(letter) }));
    const total = kept.reduce((a, l) => a + l.value, 0);
    const { value: reduced, steps } = reduceKeepingMasters(total);
    const sum = kept.length ? `${kept.map((l) => `${l.letter}(${l.value})`).join(" + ")} = ${total}` : "no letters = 0";
    return { word, letters: kept, total, reduced, working: [sum, ...steps].join(" → ") };
  });
  const counted = parts.filter((p) => p.letters.length);
  const sum = counted.reduce((a, p) => a + p.reduced, 0);
  const { value, steps } = reduceKeepingMasters(sum);
  const working = [
    counted.length > 1 ? `${counted.map((p) => p.reduced).join(" + ")} = ${sum}` : `${sum}`,
    ...steps,
  ].join(" → ");
  return {
    kind,
    label,
    value,
    isMaster: (MASTER_NUMBERS as readonly number[]).includes(value),
    parts,
    working,
  };
}

export function nameNumbers(name: string, yConvention: YConvention = "consonant"): NameNumbers {
  const parsed = words(name);
  return {
    name: name.trim(),
    yConvention,
    expression: nameNumber("expression", "Expression", parsed.words, () => true),
    soulUrge: nameNumber("soulUrge", "Soul Urge", parsed.words, (l) => isVowel(l, yConvention)),
    personality: nameNumber("personality", "Personality", parsed.words, (l) => !isVowel(l, yConvention)),
    notCounted: parsed.notCounted,
  };
}

/** Whether a name has at least one letter the table can count. */
export function hasCountableLetters(name: string): boolean {
  return words(name).words.length > 0;
}

function digitSum(n: number): number {
  return [...String(n)].reduce((a, c) => a + Number(c), 0);
}

/** Reduces to one digit 1-9 (personal cycles run from 1 to 9). */
function reduceToDigit(n: number): { value: number; steps: string[] } {
  const steps: string[] = [];
  let value = n;
  while (value > 9) {
    const next = digitSum(value);
    steps.push(`${[...String(value)].join("+")} = ${next}`);
    value = next;
  }
  return { value, steps };
}

export type PersonalCycles = {
  /** the date the cycles are for, YYYY-MM-DD */
  on: string;
  year: { value: number; working: string };
  month: { value: number; working: string };
  day: { value: number; working: string };
};

/**
 * Personal year = birth month + birth day + the current year, each reduced first, then reduced (1-9); personal
 * month = personal year + the calendar month; personal day = personal month + the calendar day.
 */
export function personalCycles(
  birth: { month: number; day: number },
  on: { year: number; month: number; day: number },
): PersonalCycles {
  const bm = reduceToDigit(birth.month).value;
  const bd = reduceToDigit(birth.day).value;
  const cy = reduceToDigit(on.year).value;
  const yearSum = bm + bd + cy;
  const year = reduceToDigit(yearSum);
  const cm = reduceToDigit(on.month).value;
  const monthSum = year.value + cm;
  const month = reduceToDigit(monthSum);
  const cd = reduceToDigit(on.day).value;
  const daySum = month.value + cd;
  const day = reduceToDigit(daySum);
  const join = (head: string, steps: string[]) => [head, ...steps].join(" → ");
  return {
    on: `${on.year}-${String(on.month).padStart(2, "0")}-${String(on.day).padStart(2, "0")}`,
    year: {
      value: year.value,
      working: join(
        `birth month ${birth.month} → ${bm}, birth day ${birth.day} → ${bd}, year ${on.year} → ${cy}: ${bm} + ${bd} + ${cy} = ${yearSum}`,
        year.steps,
      ),
    },
    month: {
      value: month.value,
      working: join(`personal year ${year.value} + month ${on.month} (${cm}) = ${monthSum}`, month.steps),
    },
    day: {
      value: day.value,
      working: join(`personal month ${month.value} + day ${on.day} (${cd}) = ${daySum}`, day.steps),
    },
  };
}
