import { principleOf, type Digit } from "~/numerology/principles";
import { bodyFacts, signFacts, type BodyName, type SignName, type SignElement } from "./zodiac";

/**
 * The terminology contract of planetary readings: every reading names the planet's principle (its number and
 * name, twice), grounds itself in 0, Universal Nonseparation (once), and names the sign's special term, its
 * element (once). The offline composer writes to it, remote readings are topped up to it, and
 * /debug-terminology shows the check.
 */
export type TerminologyContract = {
  principle: { number: Digit; name: string; required: number };
  zero: { required: number };
  special: { type: "element"; term: SignElement; required: number };
};

export function terminologyContract(planet: BodyName, sign: SignName): TerminologyContract {
  const digit = bodyFacts(planet).principle;
  return {
    principle: { number: digit, name: principleOf(digit).name, required: 2 },
    zero: { required: 1 },
    special: { type: "element", term: signFacts(sign).element, required: 1 },
  };
}

export type TermCount = { count: number; required: number; found: string[] };
export type TerminologyCheck = {
  status: "compliant" | "non-compliant";
  compliant: boolean;
  principle: TermCount & { number: Digit; name: string };
  zero: TermCount;
  special: TermCount & { type: "element"; term: SignElement };
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function occurrences(text: string, patterns: string[]): string[] {
  const regex = new RegExp(patterns.map((p) => `(?<![\\w.])(?:${p})(?![\\w])`).join("|"), "gi");
  return text.match(regex) ?? [];
}

export function checkTerminology(reading: string, planet: BodyName, sign: SignName): TerminologyCheck {
  const contract = terminologyContract(planet, sign);
  const { number, name } = contract.principle;
  const principleFound = occurrences(reading, [`Universal ${escape(name)}`, `principle ${number}`, `number ${number}`]);
  const zeroFound = occurrences(reading, ["Nonseparation", "zero", "0"]);
  const specialFound = occurrences(reading, [escape(contract.special.term)]);
  const principle = {
    number,
    name,
    count: principleFound.length,
    required: contract.principle.required,
    found: principleFound,
  };
  const zero = { count: zeroFound.length, required: contract.zero.required, found: zeroFound };
  const special = {
    type: contract.special.type,
    term: contract.special.term,
    count: specialFound.length,
    required: contract.special.required,
    found: specialFound,
  };
  const compliant =
    principle.count >= principle.required && zero.count >= zero.required && special.count >= special.required;
  return { status: compliant ? "compliant" : "non-compliant", compliant, principle, zero, special };
}

/** One sentence that meets the whole contract, appended to a remote reading that missed it. */
export function groundingSentence(planet: BodyName, sign: SignName): string {
  const c = terminologyContract(planet, sign);
  return `Through ${planet}, Universal ${c.principle.name} (principle ${c.principle.number}) meets the ${c.special.term} of ${sign}, resting in 0, Universal Nonseparation.`;
}
