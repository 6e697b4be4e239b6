import { z } from "zod";
import { CATEGORY_KEYS } from "~/forum/categories";
import { idField } from "~/utils/ids";
import { FLAG_REASONS, MODERATION_ACTIONS, NOTE_MAX, PERIODS, REASON_MAX, TARGET_TYPES } from "./labels";

/**
 * The moderation forms' rules (decision 026), shared by the page actions and the JSON API (server only: the forms
 * get their HTML constraints from the loaders, see `./forms.server`). Every action carries a reason; silence and
 * suspend a period; move a category.
 */
const targetFields = {
  targetType: z.enum(TARGET_TYPES, { error: "Say whether a post or a topic is meant" }),
  targetId: idField("The item is missing"),
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

const PERIOD_HOURS = PERIODS.map((p) => p.hours) as number[];

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
