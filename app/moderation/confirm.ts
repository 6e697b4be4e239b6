import type { ModerationAction, TargetType } from "./labels";

/**
 * Which moderation confirmation a page shows (decision 026). Each action is a link to a URL that renders its
 * confirmation form (`?confirm=hide-post-12`), so everything works without JavaScript; the loader honours the
 * value only for what the reader may do (`confirm.server.ts`).
 */
export type Confirm = { action: ModerationAction | "flag"; targetType: TargetType; targetId: number };

export function confirmValue(action: ModerationAction | "flag", targetType: TargetType, targetId: number): string {
  return `${action}-${targetType}-${targetId}`;
}

/**
 * A link that opens one action's confirmation in place, as a topic page's loader writes it (`topicPageConfirmLinks`,
 * decision 430); `subject` follows its label for screen readers ("Flag post #3").
 */
export type ConfirmLink = { href: string; label: string; subject?: string };
