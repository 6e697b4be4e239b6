import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Passwords that password-guessing lists try first (decision 014): the zxcvbn-ts project's common-password
 * list (about 49,000 entries ranked by frequency in leaked password sets, maintained with the zxcvbn-ts
 * estimator). Compared without regard to case, since guessing tools try the capitalised forms too. Server only:
 * the list stays out of the browser's bundle; the form shows the server's answer under the password field.
 */
export const COMMON_PASSWORD_MESSAGE =
  "This password is too common: it is on the lists that attackers try first. Please choose another.";

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** How many passwords the list holds (the decision record and a test check it stays above 10,000). */
export function commonPasswordCount(): number {
  isCommonPassword("");
  return common!.size;
}
