import type { Digit } from "./principles";

/**
 * How the first principle meets the second, for each of the 90 ordered pairs of different digits (spec part 1,
 * "Number-to-number relation"). Read on the home page's relations row, in birth date interactions and by the
 * composer. The same digit shows 'Current' instead.
 */
const RELATIONS: Record<`${Digit}${Digit}`, string> = {
  "01": "Nonseparation gives Change a place to happen: every movement stirs within a wholeness that is never broken.",
  "02": "Nonseparation lets Uniqueness stand out without standing apart; each distinct form is still the one whole.",
  "03": "Nonseparation shows Joining that what it unites was never truly divided, so every meeting is a homecoming.",
  "04": "Nonseparation is the unseen soil beneath Growth: whatever rises is fed by the whole it never leaves.",
  "05": "Nonseparation answers Desire by revealing that what it longs for is already part of itself.",
  "06": "Nonseparation is the stillness that Refinement of Pace measures against, the silence that gives rhythm its meaning.",
  "07": "Nonseparation is the deep unity that Harmony sings aloud; accord is oneness made audible.",
  "08": "Nonseparation is what Remembrance finally recalls: beneath every story lies the undivided source.",
  "09": "Nonseparation faces Omniscience across the circle: the whole as potential meets the whole as knowing.",

  "10": "Change ripples across Nonseparation without dividing it, the way a wave moves through one ocean.",
  "12": "Change sets Uniqueness in motion: each movement carves a distinction that did not exist a moment before.",
  "13": "Change brings separate paths together, giving Joining the encounters it needs in order to create.",
  "14": "Change is the spark inside Growth, the quiet renewal that keeps a living structure from hardening.",
  "15": "Change fans the flame of Desire, turning a still wish into a moving pursuit.",
  "16": "Change offers its raw speed to Refinement of Pace, which shapes momentum into timing.",
  "17": "Change unsettles Harmony just enough for it to find a richer chord.",
  "18": "Change writes the chapters of Remembrance; without movement there would be nothing to recall.",
  "19": "Change is the road Omniscience looks back on and understands, every turn lit from above.",

  "20": "Uniqueness returns to Nonseparation as a single voice returns to the silence that made it audible.",
  "21": "Uniqueness gives Change a direction, because a distinct self chooses which way to move.",
  "23": "Uniqueness brings Joining something to join; only beings that differ can truly meet.",
  "24": "Uniqueness gives Growth its particular shape, so that no two gardens flourish in the same way.",
  "25": "Uniqueness tells Desire what it personally longs for, turning a general hunger into a singular calling.",
  "26": "Uniqueness asks Refinement of Pace for a tempo of its own: every being ripens on its own clock.",
  "27": "Uniqueness adds a distinct note to Harmony, and the chord is fuller for the difference.",
  "28": "Uniqueness is what Remembrance preserves: the unrepeatable shape of each life's story.",
  "29": "Uniqueness offers Omniscience one more point of view through which the whole can know itself.",

  "30": "Joining reveals Nonseparation in miniature; in every real union the many taste the one.",
  "31": "Joining sparks Change, because every true meeting leaves both parties transformed.",
  "32": "Joining honours Uniqueness by needing it: a union of identical things would be no union at all.",
  "34": "Joining plants the seed that Growth then nurtures, so that what was created can take root and last.",
  "35": "Joining gives Desire its answer, the meeting that longing was reaching toward all along.",
  "36": "Joining learns from Refinement of Pace that closeness needs a tempo, moments together and moments apart.",
  "37": "Joining becomes Harmony when a meeting settles into lasting accord.",
  "38": "Joining is what Remembrance treasures most: the bonds we keep alive by recalling them.",
  "39": "Joining gives Omniscience the kind of knowledge that only relationship can teach.",

  "40": "Growth reaches back toward Nonseparation as roots and branches spread into the one earth and the one sky.",
  "41": "Growth welcomes Change as the season that carries it from one stage to the next.",
  "42": "Growth lets Uniqueness mature, so that a distinct seed becomes a distinct and sturdy life.",
  "43": "Growth gives Joining a home, turning a creative spark into a bond that endures.",
  "45": "Growth steadies Desire, giving longing a ground on which it can build rather than burn.",
  "46": "Growth and Refinement of Pace work as partners: one adds, the other decides how fast.",
  "47": "Growth arrives at Harmony when every part of a living structure supports the others.",
  "48": "Growth lays down the rings that Remembrance will one day read.",
  "49": "Growth ripens into Omniscience as a long-tended field ripens into harvest.",

  "50": "Desire, followed all the way down, arrives at Nonseparation and discovers that it wanted the whole.",
  "51": "Desire lights the fuse of Change, giving movement its reason to begin.",
  "52": "Desire sharpens Uniqueness, revealing what this particular self truly loves.",
  "53": "Desire draws beings toward one another so that Joining can take place.",
  "54": "Desire feeds Growth with motivation, the sap that rises through a patient structure.",
  "56": "Desire is tempered by Refinement of Pace, which teaches wanting to wait for its moment.",
  "57": "Desire finds rest in Harmony once its longing is met with balance.",
  "58": "Desire stirs Remembrance, because what we long for often echoes what we once lost.",
  "59": "Desire is fulfilled in Omniscience, where knowing replaces the need to grasp.",

  "60": "Refinement of Pace slows until it touches Nonseparation, the stillness inside every rhythm.",
  "61": "Refinement of Pace times Change, so that transformation comes neither too early nor too late.",
  "62": "Refinement of Pace respects Uniqueness by letting each being keep its own tempo.",
  "63": "Refinement of Pace lets Joining breathe, spacing closeness so that a bond never smothers.",
  "64": "Refinement of Pace guards Growth from being forced, like a gardener who waits for the right season.",
  "65": "Refinement of Pace channels Desire, turning restless appetite into purposeful motion.",
  "67": "Refinement of Pace is the patient tuning through which Harmony is reached.",
  "68": "Refinement of Pace gives Remembrance the unhurried space in which the past can come to light.",
  "69": "Refinement of Pace carries the journey at the speed at which Omniscience can be fully received.",

  "70": "Harmony, at its most complete, falls silent and rejoins Nonseparation.",
  "71": "Harmony invites Change to move in tune, so that transformation adds to the music instead of breaking it.",
  "72": "Harmony needs Uniqueness the way a chord needs distinct notes.",
  "73": "Harmony deepens Joining, letting a relationship become a shared peace.",
  "74": "Harmony keeps Growth in proportion, so that no part outgrows the whole it serves.",
  "75": "Harmony soothes Desire, showing it a fulfilment that does not ask for more and more.",
  "76": "Harmony is the measure by which Refinement of Pace knows it has found the right tempo.",
  "78": "Harmony lets Remembrance recall the past without pain, each memory set in its right relation.",
  "79": "Harmony opens into Omniscience, where the whole song is heard at once.",

  "80": "Remembrance leads back to Nonseparation, recalling the unity that came before every story.",
  "81": "Remembrance guides Change with the lessons of earlier turns, so the new does not repeat the old by accident.",
  "82": "Remembrance affirms Uniqueness by recalling the singular path that made you who you are.",
  "83": "Remembrance renews Joining, keeping bonds alive by recalling what first brought people together.",
  "84": "Remembrance enriches Growth, turning past seasons into fertile ground.",
  "85": "Remembrance uncovers the roots of Desire, showing where a longing first began.",
  "86": "Remembrance teaches Refinement of Pace from experience: we know how fast to go because we remember.",
  "87": "Remembrance restores Harmony by gathering forgotten parts of the self back into the whole.",
  "89": "Remembrance opens into Omniscience when every memory is seen as one story, known at once.",

  "90": "Omniscience completes the circle and returns to Nonseparation, knowing that is ready to become potential again.",
  "91": "Omniscience sends Change out as a new beginning, the fresh cycle that follows completion.",
  "92": "Omniscience sees each Uniqueness clearly, knowing every face without mistaking one for another.",
  "93": "Omniscience understands Joining from within, knowing both sides of every meeting.",
  "94": "Omniscience beholds Growth whole, seeing the tree already present in the seed.",
  "95": "Omniscience knows what Desire is truly seeking and gently points it there.",
  "96": "Omniscience knows the perfect timing that Refinement of Pace keeps searching for.",
  "97": "Omniscience hears in Harmony the whole truth expressed as beauty.",
  "98": "Omniscience holds every memory that Remembrance recalls and sees their meaning all at once.",
} as Record<`${Digit}${Digit}`, string>;

export const CURRENT_LABEL = "Current";

/** The relation phrase from `from` to `to`, or null for the same digit (the page shows 'Current'). */
export function relationBetween(from: Digit, to: Digit): string | null {
  if (from === to) return null;
  return RELATIONS[`${from}${to}`] ?? null;
}

/** Every ordered pair with its phrase (for tests and the /numbers page). */
export function allRelations(): Array<{ from: Digit; to: Digit; phrase: string }> {
  return Object.entries(RELATIONS).map(([key, phrase]) => ({
    from: Number(key[0]) as Digit,
    to: Number(key[1]) as Digit,
    phrase,
  }));
}
