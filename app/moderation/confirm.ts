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
