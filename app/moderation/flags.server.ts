import { and, count, eq, isNull, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, moderationActions, moderationFlags, users } from "#db/schema";
import { env } from "~/utils/env.server";
import type { TargetType } from "./labels";
import type { FlagInput } from "./schemas";

/**
 * Members' flags (decision 026): once per member and item, never on one's own, a few on a member's first day;
 * when `MODERATION_FLAG_THRESHOLD` (3) different members of standing (decision 163) have open flags on a
 * member's item, it is hidden at once,
 * pending a moderator's review (hidden_by null), and the hiding is recorded in the audit log as the system's.
 */
export type FlagOutcome = { ok: true; hidden: boolean } | { ok: false; status: 403 | 404 | 409 | 429; error: string };

export const OWN_ITEM = "You cannot flag your own post or topic.";
export const ALREADY_FLAGGED = "You have already flagged this.";
export const SYSTEM_ACTOR = "system";

export function newMemberLimitMessage(limit: number): string {
  return `New members can flag up to ${limit} items on their first day. Thank you for helping: please try again tomorrow.`;
}

type Item = { authorId: number; hiddenAt: Date | null; authorRole: string };

/** The item under its row lock (so concurrent flags count one after another), or null when missing/deleted. */
async function lockItem(tx: Tx, targetType: TargetType, targetId: number): Promise<Item | null> {
  const table = targetType === "post" ? forumPosts : forumTopics;
  const [row] = await tx
    .select({ authorId: table.authorId, hiddenAt: table.hiddenAt, authorRole: users.role })
    .from(table)
    .innerJoin(users, eq(users.id, table.authorId))
    .where(and(eq(table.id, targetId), isNull(table.deletedAt)))
    .for("update", { of: table });
  return row ?? null;
}
type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

export async function flagItem({ flaggerId, input }: { flaggerId: number; input: FlagInput }): Promise<FlagOutcome> {
  const { targetType, targetId, reason, note } = input;
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, targetType, targetId);
    if (!item) return { ok: false, status: 404, error: targetType === "post" ? "Post not found" : "Topic not found" };
    if (item.authorId === flaggerId) return { ok: false, status: 403, error: OWN_ITEM };

    const [flagger] = await tx
      .select({ isNew: sql<boolean>`${users.createdAt} > now() - interval '1 day'` })
      .from(users)
      .where(eq(users.id, flaggerId));
    if (!flagger) return { ok: false, status: 403, error: "Please sign in again." };
    if (flagger.isNew) {
      // Serialise one member's flags so two at once cannot both slip under the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('moderation-flag'), ${flaggerId})`);
      const [{ value }] = (await tx
        .select({ value: count() })
        .from(moderationFlags)
        .where(eq(moderationFlags.flaggerId, flaggerId))) as [{ value: number }];
      if (value >= env.MODERATION_NEW_MEMBER_FLAGS) {
        return { ok: false, status: 429, error: newMemberLimitMessage(env.MODERATION_NEW_MEMBER_FLAGS) };
      }
    }

    const column = targetType === "post" ? moderationFlags.postId : moderationFlags.topicId;
    const inserted = await tx
      .insert(moderationFlags)
      .values({
        flaggerId,
        reason,
        note,
        postId: targetType === "post" ? targetId : null,
        topicId: targetType === "topic" ? targetId : null,
      })
      .onConflictDoNothing()
      .returning({ id: moderationFlags.id });
    if (inserted.length === 0) return { ok: false, status: 409, error: ALREADY_FLAGGED };

    // A moderator's or an admin's post is for the moderators' queue only, never hidden by members' flags.
    if (item.hiddenAt || item.authorRole !== "member") return { ok: true, hidden: false };
    // Only members of standing count towards hiding at once (decision 163): a day old, a few visible posts.
    const [{ flaggers }] = (await tx
      .select({ flaggers: sql<number>`count(distinct ${moderationFlags.flaggerId})::int` })
      .from(moderationFlags)
      .innerJoin(users, eq(users.id, moderationFlags.flaggerId))
      .where(
        and(
          eq(column, targetId),
          isNull(moderationFlags.resolvedAt),
          sql`${users.createdAt} <= now() - make_interval(hours => ${env.MODERATION_STANDING_HOURS})`,
          sql`(select count(*) from ${forumPosts} p where p.author_id = ${users.id}
                and p.deleted_at is null and p.hidden_at is null) >= ${env.MODERATION_STANDING_POSTS}`,
        ),
      )) as [{ flaggers: number }];
    if (flaggers < env.MODERATION_FLAG_THRESHOLD) return { ok: true, hidden: false };

    const table = targetType === "post" ? forumPosts : forumTopics;
    await tx
      .update(table)
      .set({ hiddenAt: sql`now()`, hiddenBy: null, hiddenReason: null })
      .where(eq(table.id, targetId));
    const [author] = await tx.select({ username: users.username }).from(users).where(eq(users.id, item.authorId));
    await tx.insert(moderationActions).values({
      actorId: null,
      actorName: SYSTEM_ACTOR,
      action: "auto-hide",
      targetType,
      targetId,
      subjectUserId: item.authorId,
      subjectName: author?.username ?? null,
      reason: `Flagged by ${flaggers} members; hidden pending review.`,
      before: { hidden: false },
      after: { hidden: true, pendingReview: true },
    });
    return { ok: true, hidden: true };
  });
}
