import type { Digit } from "./principles";

/** The digits of a string, in order ("03/15/1990" → [0,3,1,5,1,9,9,0]). */
export function digitsOf(text: string): Digit[] {
  return [...text].filter((c) => c >= "0" && c <= "9").map((c) => Number(c) as Digit);
}

/**
 * Sums digits repeatedly until one digit remains, writing each step the way the angel card shows it:
 * "1234" → { digit: 1, calculation: "1+2+3+4 = 10 → 1+0 = 1" }. A single digit is its own reduction ("7 = 7").
 */
export function reduceWithCalculation(digits: readonly Digit[]): { digit: Digit; calculation: string } {
  if (digits.length === 0) throw new Error("reduceWithCalculation needs at least one digit");
  if (digits.length === 1) return { digit: digits[0]!, calculation: `${digits[0]} = ${digits[0]}` };
  const steps: string[] = [];
  let current: number[] = [...digits];
  let sum = 0;
  while (current.length > 1) {
    sum = current.reduce((a, b) => a + b, 0);
    steps.push(`${current.join("+")} = ${sum}`);
    current = [...String(sum)].map(Number);
  }
  return { digit: sum as Digit, calculation: steps.join(" → ") };
}

/** Life path (spec part 2): sum all digits, then keep summing while the total exceeds 9. Result 1-9 for a real date. */
export function lifePathNumber(digits: readonly Digit[]): Digit {
  let total = digits.reduce<number>((a, b) => a + b, 0);
  while (total > 9) total = [...String(total)].reduce((a, c) => a + Number(c), 0);
  return total as Digit;
}
