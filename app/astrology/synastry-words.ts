/**
 * Two people's charts in words, for the page, a screen reader, the readings and the API alike: "Anna's Venus trine
 * Ben's Mars, orb 1 degree 12 minutes, applying". Shared by server and browser (types only from the domain module).
 */
import { degreesInWords, houseOrdinal, orbToTheMinute, possessive } from "./chart-words";
import type { HouseContact, InterAspect, MoonContactChange, MoonRange, Synastry } from "./synastry.server";

type Labels = { a: string; b: string };

export function interAspectSentence(x: InterAspect, labels: Labels): string {
  return `${possessive(labels.a)} ${x.from} ${x.type} ${possessive(labels.b)} ${x.to}, orb ${orbToTheMinute(x.orb)}, ${
    x.applying ? "applying" : "separating"
  }`;
}

/** "Anna's Venus in Ben's seventh house" */
export function houseContactSentence(c: HouseContact, labels: Labels): string {
  const [own, other] = c.side === "a" ? [labels.a, labels.b] : [labels.b, labels.a];
  return `${possessive(own)} ${c.point} in ${possessive(other)} ${houseOrdinal(c.house)} house`;
}

/** "Ben's Moon (birth time unknown) runs from Taurus 3 degrees 12 minutes to Taurus 16 degrees 40 minutes that day" */
export function moonRangeSentence(r: MoonRange, labels: Labels): string {
  return `${possessive(labels[r.side])} Moon (birth time unknown) runs from ${r.from.sign} ${degreesInWords(r.from)} to ${r.to.sign} ${degreesInWords(r.to)} over that day`;
}

/** "Anna's Moon trine Ben's Sun: listed for noon, but the orb runs from 0 to 11 degrees that day (allowed: 10)" */
export function moonChangeSentence(c: MoonContactChange, labels: Labels): string {
  const range = `the orb runs from ${c.minOrb < 1 / 120 ? "exact" : orbToTheMinute(c.minOrb)} to ${orbToTheMinute(c.maxOrb)} across the day (within orb up to ${c.allowedOrb} degrees)`;
  return `${possessive(labels.a)} ${c.from} ${c.type} ${possessive(labels.b)} ${c.to}: ${
    c.listed
      ? "listed for noon, but may be out of orb at the real hour"
      : "not listed for noon, but may be within orb at the real hour"
  }; ${range}`;
}

export function numberWithPrinciple(
  n: number | null,
  principle: number | null,
  principleName: (d: number) => string,
): string {
  if (n === null || principle === null) return "not known (no name given)";
  if (n > 9) return `${n}, a master number (its digits add to ${principle}, ${principleName(principle)})`;
  return `${n}, ${principleName(principle)}`;
}

/** The bi-wheel's `<desc>`. */
export function synastrySummary(s: Synastry): string {
  const labels = { a: s.a.label, b: s.b.label };
  const tightest = s.aspects.slice(0, 3).map((x) => interAspectSentence(x, labels));
  return `${labels.a}'s chart inside, ${labels.b}'s outside; ${s.aspects.length} contacts between them${
    tightest.length ? `, the tightest: ${tightest.join("; ")}` : ""
  }. The same contacts follow in words and tables.`;
}
