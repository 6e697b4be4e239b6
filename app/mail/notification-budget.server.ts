import { hashIp } from "~/utils/http.server";
import { hitRateLimit, peekRateLimit, type RateLimit } from "~/utils/rate-limit.server";

/**
 * Notifications (reply notifications, moderation notices, and any later forum notification kind) have a budget of
 * their own (decision 290), apart from the mail a member asks for about their own account (reset, verification,
 * username reminders: `limits.mailAddressDaily` in the accounts domain) and from security notices (not budgeted:
 * each follows an action of the account's owner, itself limited). So no number of replies to someone's topic can
 * use up the mail their password reset needs.
 *
 * Two limits, counted together only when both allow (a refused notification uses up nothing):
 * - per recipient address, a day's notifications of every kind;
 * - per sender (the member whose reply, or the moderator whose action, caused it), an hour's notifications to
 *   anyone, so one member cannot flood many mailboxes.
 */
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const NOTIFICATIONS_PER_RECIPIENT_DAILY = 20;
export const NOTIFICATIONS_PER_SENDER_HOURLY = 30;

export const notificationLimits = {
  recipient: (address: string): RateLimit => ({
    key: `notify:to-day:${hashIp(address.trim().toLowerCase())}`,
    limit: NOTIFICATIONS_PER_RECIPIENT_DAILY,
    windowSeconds: DAY,
  }),
  /** A member's id, or "system" for a notification no member caused. */
  sender: (senderId: number | null): RateLimit => ({
    key: `notify:from-hour:${senderId ?? "system"}`,
    limit: NOTIFICATIONS_PER_SENDER_HOURLY,
    windowSeconds: HOUR,
  }),
};

/**
 * Counts one notification to `to` caused by `senderId` when both budgets allow it; false (nothing counted) when
 * either is used up. Every notification mail asks this before it is sent.
 */
export async function spendNotificationBudget({
  to,
  senderId,
}: {
  to: string;
  /** `"none"`: a mail no one's act caused, one per member by design (the weekly digest): the recipient's budget only */
  senderId: number | null | "none";
}): Promise<boolean> {
  const list = [
    notificationLimits.recipient(to),
    ...(senderId === "none" ? [] : [notificationLimits.sender(senderId)]),
  ];
  const peeked = await Promise.all(list.map(peekRateLimit));
  if (!peeked.every((s) => s.allowed)) return false;
  const hit = await Promise.all(list.map(hitRateLimit));
  return hit.every((s) => s.allowed);
}
