import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { FORUM_NOTIFICATION_KINDS } from "#db/forum-notification-kinds";
import { users } from "#db/schema";
import { publicOrigin } from "~/utils/env.server";
import { DEFAULT_MAIL_SETTINGS, mailSettingsOf, saveMailSettings } from "./mail-settings.server";

/**
 * The unsubscribe side of every forum mail (decisions 6, 153, 351): the member's unsubscribe token, the address of
 * each kind of mail (a notification kind, or the weekly digest) and the headers that let a mail client unsubscribe
 * with one POST (RFC 2369, RFC 8058).
 */
/** The unsubscribe address of one kind of forum mail (a notification kind, or the digest); none: all forum mail. */
export function unsubscribeUrl(token: string, kind?: UnsubscribeKind): string {
  const base = `${publicOrigin()}/unsubscribe?token=${encodeURIComponent(token)}`;
  return kind ? `${base}&kind=${kind}` : base;
}

/** The kinds of forum mail one can unsubscribe from one by one. */
export const UNSUBSCRIBE_KINDS = [...FORUM_NOTIFICATION_KINDS, "digest"] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];
export function isUnsubscribeKind(value: unknown): value is UnsubscribeKind {
  return typeof value === "string" && (UNSUBSCRIBE_KINDS as readonly string[]).includes(value);
}

/** The settings page, named in every forum mail. */
export const MAIL_SETTINGS_PATH = "/forum/notifications/settings";

/** The headers that let a mail client offer "unsubscribe" and do it with one POST (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(unsubscribe: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Why a member gets each kind of mail (its footer) and what it is (the unsubscribe page). */
export const MAIL_KIND_TEXT: Record<UnsubscribeKind, { why: string; what: string }> = {
  reply: { why: "you started this topic", what: "when someone replies to a forum topic you started" },
  mention: { why: "someone mentioned you", what: "when someone mentions you in the forum" },
  quote: { why: "someone quoted your post", what: "when someone quotes one of your forum posts" },
  like: { why: "someone liked your post", what: "when someone likes one of your forum posts" },
  watched_post: { why: "you watch this topic or its category", what: "for each new post in topics you watch" },
  watched_topic: { why: "you watch this category", what: "for each new topic in the forum categories you watch" },
  digest: {
    why: "you have not visited for a week",
    what: "each week you are away: the weekly summary of the forum",
  },
};

/** The member's unsubscribe token, created on first need (the accounts domain may already have set one). */
export async function ensureUnsubscribeToken(userId: number): Promise<string> {
  const fresh = randomBytes(24).toString("base64url");
  const [row] = await db
    .update(users)
    .set({ unsubscribeToken: sql`coalesce(${users.unsubscribeToken}, ${fresh})` })
    .where(eq(users.id, userId))
    .returning({ token: users.unsubscribeToken });
  return row!.token!;
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

async function memberByToken(token: string | null | undefined) {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: users.id, username: users.username, forumNotifications: users.forumNotifications })
    .from(users)
    .where(eq(users.unsubscribeToken, token))
    .limit(1);
  return row ?? null;
}

/**
 * What the unsubscribe page shows for a token and a kind of mail, without changing anything (a GET never does: mail
 * scanners open links): whether the member holding it gets that mail now (no kind: any forum mail); null for an
 * unknown token.
 */
export async function subscriptionByToken(
  token: string | null | undefined,
  kind: UnsubscribeKind | null,
): Promise<{ subscribed: boolean } | null> {
  const member = await memberByToken(token);
  if (!member) return null;
  if (!kind || !member.forumNotifications) return { subscribed: member.forumNotifications };
  const settings = await mailSettingsOf({ memberId: member.id });
  return { subscribed: kind === "digest" ? settings.weeklyDigest : settings[kind] !== "never" };
}

/**
 * Turns one kind of forum mail off or on for the member holding the token (no kind: all forum mail, the switch of
 * decision 6); null for an unknown token. Turning a kind on turns forum mail on too, and gives the kind its default
 * (at once for most). The token is the whole credential (no session is read): see /unsubscribe and decision 153.
 */
export async function setSubscriptionByToken(
  token: string | null | undefined,
  kind: UnsubscribeKind | null,
  enabled: boolean,
): Promise<{ username: string } | null> {
  const member = await memberByToken(token);
  if (!member) return null;
  if (!kind || enabled) {
    await db.update(users).set({ forumNotifications: enabled }).where(eq(users.id, member.id));
  }
  if (kind === "digest") await saveMailSettings({ memberId: member.id, settings: { weeklyDigest: enabled } });
  else if (kind) {
    const back = DEFAULT_MAIL_SETTINGS[kind] === "never" ? "now" : DEFAULT_MAIL_SETTINGS[kind];
    await saveMailSettings({ memberId: member.id, settings: { [kind]: enabled ? back : "never" } });
  }
  return { username: member.username };
}
