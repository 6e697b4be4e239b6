import { universalName } from "~/numerology/principles";
import { CURRENT_LABEL, relationBetween } from "~/numerology/relations";
import { possessive } from "./chart-words";
import { interAspectSentence } from "./synastry-words";
import type { InterAspect, Synastry } from "./synastry.server";
import { bodyFacts, BODY_NAMES, type BodyName } from "./zodiac";

/**
 * The offline composer of a synastry's readings: one short reading for each of the tightest contacts, naming both
 * points and the aspect, reading each planet through its principle of the ontology and the two principles' meeting
 * through the ontology's own relation (app/numerology/relations.ts). Deterministic; the AI provider is asked for
 * the same facts (synastry-readings.server.ts) and must name both points.
 */
export type ContactReading = {
  /** the contact in words: "Anna's Venus trine Jorge's Mars, orb 1 degree 12 minutes, applying" */
  contact: string;
  reading: string;
};

/** How many contacts are read: the tightest, where the meeting is strongest. */
export const READ_CONTACTS = 8;

const ASPECT_MEANINGS = {
  conjunction: "fuses the two into one act",
  sextile: "offers the two an easy opening, taken when they choose it",
  square: "sets the two at cross purposes, a friction that asks for work",
  trine: "lets the two flow together without effort",
  opposition: "sets the two face to face, each seeing itself in the other",
} as const;

const ANGLE_MEANINGS = {
  Ascendant: "the way they meet the world",
  Midheaven: "their calling and public path",
} as const;

const isBody = (name: string): name is BodyName => (BODY_NAMES as readonly string[]).includes(name);

function principleOfPoint(name: string) {
  return isBody(name) ? bodyFacts(name).principle : null;
}

export type ContactFacts = {
  contact: string;
  aspect: InterAspect["type"];
  orb: number;
  applying: boolean;
  a: { person: string; point: string; principle: string | null; digit: number | null };
  b: { person: string; point: string; principle: string | null; digit: number | null };
  /** the ontology's relation from A's principle to B's, or 'Current' for the same one, or null with an angle */
  relation: string | null;
};

export function contactFacts(s: Synastry, x: InterAspect): ContactFacts {
  const labels = { a: s.a.label, b: s.b.label };
  const da = principleOfPoint(x.from);
  const db = principleOfPoint(x.to);
  return {
    contact: interAspectSentence(x, labels),
    aspect: x.type,
    orb: x.orb,
    applying: x.applying,
    a: { person: labels.a, point: x.from, principle: da === null ? null : universalName(da), digit: da },
    b: { person: labels.b, point: x.to, principle: db === null ? null : universalName(db), digit: db },
    relation: da === null || db === null ? null : da === db ? CURRENT_LABEL : relationBetween(da, db),
  };
}

function side(p: ContactFacts["a"]): string {
  const who = `${possessive(p.person)} ${p.point}`;
  if (p.principle) return `${who} carries ${p.principle}, principle ${p.digit}`;
  return `${who} is ${ANGLE_MEANINGS[p.point as keyof typeof ANGLE_MEANINGS] ?? "an angle of the chart"}`;
}

export function composeContactReading(f: ContactFacts): string {
  const sentences = [`${side(f.a)}; ${side(f.b)}.`];
  sentences.push(`The ${f.aspect} ${ASPECT_MEANINGS[f.aspect]}.`);
  if (f.relation === CURRENT_LABEL) {
    sentences.push(
      `Both points carry ${f.a.principle}: the same principle meets itself, doubled rather than translated.`,
    );
  } else if (f.relation) {
    sentences.push(`In the ontology's words: ${f.relation}`);
  } else {
    const planet = f.a.principle ? f.a : f.b;
    const angle = f.a.principle ? f.b : f.a;
    if (planet.principle) {
      sentences.push(
        `${planet.principle} reaches ${possessive(angle.person)} ${angle.point}, so it touches ${ANGLE_MEANINGS[angle.point as keyof typeof ANGLE_MEANINGS] ?? "the chart's frame"} directly.`,
      );
    } else {
      sentences.push(`Angle meets angle: the two people's frames line up, whatever their planets do.`);
    }
  }
  sentences.push(
    f.applying
      ? `Applying, with an orb of ${f.orb.toFixed(1)} degrees, the contact is still gathering strength.`
      : `Separating, with an orb of ${f.orb.toFixed(1)} degrees, the contact is already releasing what it brought.`,
  );
  return sentences.join(" ");
}

export function composeSynastryReadings(s: Synastry): ContactReading[] {
  return s.aspects.slice(0, READ_CONTACTS).map((x) => {
    const f = contactFacts(s, x);
    return { contact: f.contact, reading: composeContactReading(f) };
  });
}
