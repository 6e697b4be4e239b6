import { z } from "zod";
import { CATEGORY_KEYS } from "~/forum/categories";
import { FLAG_REASONS } from "./flag-reasons";

/**
 * The moderation forms' rules (decision 026), shared by the page actions, the JSON API and Conform on the
 * client. Every action carries a reason; silence and suspend a period; move a category.
 */
export const NOTE_MAX = 500;
export const REASON_MAX = 500;

export const FLAG_REASON_LABELS: Record<(typeof FLAG_REASONS)[number], string> = {
  spam: "Spam",
  abuse: "Abuse or harassment",
  "off-topic": "Off-topic",
  other: "Something else",
};
export { FLAG_REASONS };

export const TARGET_TYPES = ["post", "topic"] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

const targetFields = {
  targetType: z.enum(TARGET_TYPES, { error: "Say whether a post or a topic is meant" }),
  targetId: z.coerce.number({ error: "The item is missing" }).int().positive().max(2_147_483_647),
};

export const flagSchema = z.object({
  ...targetFields,
  reason: z.enum(FLAG_REASONS, { error: "Choose why you are flagging this" }),
  note: z
    .string()
    .trim()
    .max(NOTE_MAX, { error: `The note must be ${NOTE_MAX} characters or less` })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type FlagInput = z.output<typeof flagSchema>;

/** Periods offered for silence and suspension, in hours. */
export const PERIODS = [
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "1 day" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "1 week" },
  { hours: 720, label: "30 days" },
  { hours: 8760, label: "1 year" },
] as const;
const PERIOD_HOURS = PERIODS.map((p) => p.hours) as number[];

export const ITEM_ACTIONS = ["keep", "hide", "unhide", "delete", "lock", "unlock", "move"] as const;
export const MEMBER_ACTIONS = ["warn", "silence", "suspend"] as const;
export const MODERATION_ACTIONS = [...ITEM_ACTIONS, ...MEMBER_ACTIONS] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];
export type MemberAction = (typeof MEMBER_ACTIONS)[number];
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const reasonField = z
  .string({ error: "Give a reason for this action" })
  .trim()
  .min(1, { error: "Give a reason for this action" })
  .max(REASON_MAX, { error: `The reason must be ${REASON_MAX} characters or less` });

/**
 * One moderation action on a post or topic (keep, hide, unhide, delete, lock, unlock, move) or on the author of
 * one (warn, silence, suspend: the member is the item's author, so a form never names a member directly).
 */
export const moderationSchema = z
  .object({
    ...targetFields,
    action: z.enum(MODERATION_ACTIONS, { error: "Unknown moderation action" }),
    reason: reasonField,
    periodHours: z.coerce.number().int().optional(),
    category: z.enum(CATEGORY_KEYS, { error: "Choose one of the forum categories" }).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.action === "silence" || value.action === "suspend") && !PERIOD_HOURS.includes(value.periodHours ?? -1)) {
      ctx.addIssue({ code: "custom", path: ["periodHours"], message: "Choose how long" });
    }
    if (value.action === "move" && !value.category) {
      ctx.addIssue({ code: "custom", path: ["category"], message: "Choose the category to move the topic to" });
    }
  });
export type ModerationInput = z.output<typeof moderationSchema>;

export const roleSchema = z.object({
  username: z.string({ error: "Enter a username" }).trim().min(1, { error: "Enter a username" }).max(50),
  role: z.enum(["member", "moderator"], { error: "Choose moderator or member" }),
  reason: reasonField,
});
export type RoleInput = z.output<typeof roleSchema>;

/** What each action's button and confirmation say. */
export const ACTION_LABELS: Record<ModerationAction, string> = {
  keep: "Keep",
  hide: "Hide",
  unhide: "Unhide",
  delete: "Delete",
  lock: "Lock topic",
  unlock: "Unlock topic",
  move: "Move topic",
  warn: "Warn author",
  silence: "Silence author",
  suspend: "Suspend author",
};
