import { PRINCIPLES, type Element, type PrincipleFacts } from "~/numerology/principles";

/** What each of the four elements carries (spec part 2, "Elements map"); the digits come from principles.ts. */
export const ELEMENT_MEANINGS: Record<Element, { meaning: string; link?: { to: string; label: string } }> = {
  Fire: { meaning: "transformative beginning" },
  Air: { meaning: "mental distinction" },
  Water: { meaning: "emotional creation", link: { to: "/emotions", label: "Read about Emotional Creation" } },
  Earth: { meaning: "stable growth" },
};

export type ElementEntry = PrincipleFacts & { element: Element; meaning: string; link?: { to: string; label: string } };

export function elementEntries(): ElementEntry[] {
  return PRINCIPLES.filter((p): p is PrincipleFacts & { element: Element } => !!p.element).map((p) => ({
    ...p,
    ...ELEMENT_MEANINGS[p.element],
  }));
}
