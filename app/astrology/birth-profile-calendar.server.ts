import { parseId } from "~/utils/ids";
import { birthProfileByCalendarKey, calendarKey, type BirthProfile } from "./birth-profiles.server";
import type { SkyEvent } from "./calendar.server";
import { personalTransitEvents } from "./personal-calendar.server";

/**
 * The personal calendar's address: `/astrology/calendar.ics?member=ID&key=KEY`, the key derived from the member's
 * id and key version (birth-profiles.server.ts). Null: no personal part asked; "not-found": a wrong or revoked
 * address (told apart from nothing, so a calendar client shows an error rather than a silently impersonal feed).
 */
export async function personalFeedOf(
  params: URLSearchParams,
): Promise<{ id: string; events: SkyEvent[] } | null | "not-found"> {
  const member = params.get("member");
  const key = params.get("key");
  if (member === null && key === null) return null;
  const userId = parseId(member);
  if (userId === null || !key || key.length > 64) return "not-found";
  const profile = await birthProfileByCalendarKey({ userId, key });
  if (!profile) return "not-found";
  return {
    id: `${userId}:${profile.calendarKeyVersion}:${profile.updatedAt}`,
    events: personalTransitEvents({ userId, profile }),
  };
}

export function personalCalendarPath(userId: number, profile: Pick<BirthProfile, "calendarKeyVersion">): string {
  return `/astrology/calendar.ics?member=${userId}&key=${calendarKey(userId, profile.calendarKeyVersion)}`;
}
