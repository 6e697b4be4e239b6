/**
 * The palindrome of base 10: add the digits 9, 8, 7 … 1 one by one and reduce every running total to its digital
 * root. The nine roots read 986383689, the same in both directions, and they add up to 60.
 */
export function digitalRoot(n: number): number {
  return n === 0 ? 0 : 1 + ((n - 1) % 9);
}

export type PalindromeStep = { added: number; total: number; root: number };

export function palindromeSteps(): PalindromeStep[] {
  const steps: PalindromeStep[] = [];
  let total = 0;
  for (let digit = 9; digit >= 1; digit--) {
    total += digit;
    steps.push({ added: digit, total, root: digitalRoot(total) });
  }
  return steps;
}

export const PALINDROME = palindromeSteps()
  .map((s) => s.root)
  .join("");

export const PALINDROME_DIGIT_SUM = [...PALINDROME].reduce((sum, d) => sum + Number(d), 0);
