import { FLAG_REASONS } from "#db/flag-reasons";

/**
 * What moderation offers and how the pages word it (decision 026): the actions, their labels and consequences,
 * the flag reasons and the periods. No validation here: the schemas (`./schemas`, zod) stay on the server, and
 * this module is what the browser may import.
 */
export const NOTE_MAX = 500;
export const REASON_MAX = 500;

export { FLAG_REASONS };
export const FLAG_REASON_LABELS: Record<(typeof FLAG_REASONS)[number], string> = {
  spam: "Spam",
  abuse: "Abuse or harassment",
  "off-topic": "Off-topic",
  other: "Something else",
};

export const TARGET_TYPES = ["post", "topic"] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** Periods offered for silence and suspension, in hours. */
export const PERIODS = [
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "1 day" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "1 week" },
  { hours: 720, label: "30 days" },
  { hours: 8760, label: "1 year" },
] as const;

/** Each has its reverse: hide/unhide, delete/restore, lock/unlock, move back (decision 163). */
export const ITEM_ACTIONS = ["keep", "hide", "unhide", "delete", "restore", "lock", "unlock", "move"] as const;
/** On the item's author; `unsilence` and `unsuspend` lift a silence or suspension before its period ends. */
export const MEMBER_ACTIONS = ["warn", "silence", "suspend", "unsilence", "unsuspend"] as const;
export const MODERATION_ACTIONS = [...ITEM_ACTIONS, ...MEMBER_ACTIONS] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What each action's button and confirmation say. */
export const ACTION_LABELS: Record<ModerationAction, string> = {
  keep: "Keep",
  hide: "Hide",
  unhide: "Unhide",
  delete: "Delete",
  restore: "Restore",
  lock: "Lock topic",
  unlock: "Unlock topic",
  move: "Move topic",
  warn: "Warn author",
  silence: "Silence author",
  suspend: "Suspend author",
  unsilence: "Lift silence",
  unsuspend: "Lift suspension",
};

/** What the confirmation form says will happen. */
export const CONSEQUENCES: Record<ModerationAction, string> = {
  keep: "The flags are cleared; a post hidden by members' flags becomes visible again.",
  hide: 'Readers will see "This post was hidden by a moderator" in its place; the author is told by e-mail with your reason.',
  unhide: "Everyone will see it again.",
  delete: "It leaves the forum (the record keeps it); the author is told by e-mail with your reason.",
  restore: "The deleted post or topic is back in the forum where it was.",
  lock: "No one can reply until the topic is unlocked; the page says so.",
  unlock: "Members can reply again.",
  move: "The topic moves to the category you choose.",
  warn: "The author receives your reason as a private warning by e-mail.",
  silence: "The author cannot write topics or replies until the period ends.",
  suspend: "The author cannot sign in until the period ends, and every session they have is ended now.",
  unsilence: "The author can write topics and replies again from now; they are told by e-mail with your reason.",
  unsuspend: "The author can sign in again from now; they are told by e-mail with your reason.",
};

export const isMemberAction = (action: ModerationAction): action is MemberAction =>
  (MEMBER_ACTIONS as readonly string[]).includes(action);
