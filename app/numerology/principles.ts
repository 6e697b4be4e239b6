/**
 * The ten principles of the ontology (digits 0-9): names, colours and the four elements of 1-4.
 * The one source of these facts for pages, the offline composer and the prompts.
 */
export type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export type Element = "Fire" | "Air" | "Water" | "Earth";

export type PrincipleFacts = {
  digit: Digit;
  name: string;
  colour: string;
  /** a CSS colour for the number's swatch and header */
  hex: string;
  element?: Element;
};

export const PRINCIPLES: readonly PrincipleFacts[] = [
  { digit: 0, name: "Nonseparation", colour: "Black", hex: "#111111" },
  { digit: 1, name: "Change", colour: "Red", hex: "#c62828", element: "Fire" },
  { digit: 2, name: "Uniqueness", colour: "Yellow", hex: "#f9d71c", element: "Air" },
  { digit: 3, name: "Joining", colour: "Blue", hex: "#1e5bb8", element: "Water" },
  { digit: 4, name: "Growth", colour: "Green", hex: "#2e7d32", element: "Earth" },
  { digit: 5, name: "Desire", colour: "Orange", hex: "#ef6c00" },
  { digit: 6, name: "Refinement of Pace", colour: "Indigo", hex: "#3f3590" },
  { digit: 7, name: "Harmony", colour: "Violet", hex: "#7b3fa0" },
  { digit: 8, name: "Remembrance", colour: "Brown", hex: "#6d4c41" },
  { digit: 9, name: "Omniscience", colour: "White", hex: "#ffffff" },
];

export const DIGITS: readonly Digit[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

export function isDigit(value: number): value is Digit {
  return Number.isInteger(value) && value >= 0 && value <= 9;
}

export function principleOf(digit: Digit): PrincipleFacts {
  return PRINCIPLES[digit]!;
}

/** 'Universal {name}', as the home page and the teaching pages write it. */
export function universalName(digit: Digit): string {
  return `Universal ${principleOf(digit).name}`;
}
