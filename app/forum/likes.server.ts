import { and, eq, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumPostLikes, forumPosts, forumTopics, users } from "#db/schema";
import { notify } from "./member-notifications.server";

/**
 * Likes (decision 312): one per member and post, the post's count kept in its row in the same transaction (the
 * forum_posts trigger of migration 0001 then clears the kept pages that show it), and the author notified once. A
 * member likes others' posts only, never a hidden or deleted one.
 */
export type LikeOutcome = { status: "done"; topicId: number; number: number } | { status: "not-found" | "own" };

export async function setLike({
  postId,
  topicId,
  memberId,
  like,
}: {
  postId: number;
  /** the topic the post must be in (the page the form was on) */
  topicId: number;
  memberId: number;
  like: boolean;
}): Promise<LikeOutcome> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: forumPosts.authorId, topicId: forumPosts.topicId, number: forumPosts.number })
      .from(forumPosts)
      .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
      .where(
        and(
          eq(forumPosts.id, postId),
          eq(forumPosts.topicId, topicId),
          sql`${forumPosts.hiddenAt} is null and ${forumPosts.deletedAt} is null`,
          sql`${forumTopics.hiddenAt} is null and ${forumTopics.deletedAt} is null`,
        ),
      )
      .for("update", { of: forumPosts })
      .limit(1);
    if (!post) return { status: "not-found" as const };
    if (post.authorId === memberId) return { status: "own" as const };
    if (like) {
      const added = await tx
        .insert(forumPostLikes)
        .values({ postId, userId: memberId })
        .onConflictDoNothing()
        .returning({ postId: forumPostLikes.postId });
      if (added.length) {
        await tx
          .update(forumPosts)
          .set({ likeCount: sql`${forumPosts.likeCount} + 1` })
          .where(eq(forumPosts.id, postId));
        await notify(tx, { userId: post.authorId, kind: "like", actorId: memberId, topicId: post.topicId, postId });
      }
    } else {
      const removed = await tx
        .delete(forumPostLikes)
        .where(and(eq(forumPostLikes.postId, postId), eq(forumPostLikes.userId, memberId)))
        .returning({ postId: forumPostLikes.postId });
      if (removed.length) {
        await tx
          .update(forumPosts)
          .set({ likeCount: sql`greatest(${forumPosts.likeCount} - 1, 0)` })
          .where(eq(forumPosts.id, postId));
      }
    }
    return { status: "done" as const, topicId: post.topicId, number: post.number };
  });
}

/** A post's likes as its card shows them: the count and its sentence ("2 likes: liked by a and b"). */
export type PostLikes = { count: number; text: string };

/** "Liked by a, b and 3 others": the first names, then how many more (written here: the page ships no code for it). */
export function likedByText(count: number, names: string[]): string {
  const others = count - names.length;
  const list = others > 0 ? [...names, `${others} ${others === 1 ? "other" : "others"}`] : names;
  const joined = list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : (list[0] ?? "");
  return `${count} ${count === 1 ? "like" : "likes"}: liked by ${joined}`;
}

/** Names shown beside a post's count ("Liked by a, b and 3 others"): the first few who liked each post. */
export const LIKERS_SHOWN = 3;

/** Each post's likes as a topic page shows them: the count, and the first LIKERS_SHOWN members who liked it. */
export async function likesOf({ postIds }: { postIds: number[] }): Promise<Map<number, PostLikes>> {
  const likes = new Map<number, { count: number; names: string[] }>();
  if (postIds.length === 0) return new Map();
  const ids = sql`${sql.param(postIds)}::int[]`;
  const counts = await db
    .select({ id: forumPosts.id, count: forumPosts.likeCount })
    .from(forumPosts)
    .where(sql`${forumPosts.id} = any(${ids}) and ${forumPosts.likeCount} > 0`);
  if (counts.length === 0) return new Map();
  for (const { id, count } of counts) likes.set(id, { count, names: [] });
  const rows = (await db.execute(sql`
    select l.post_id, u.username from (
      select ${forumPostLikes.postId} as post_id, ${forumPostLikes.userId} as user_id,
        row_number() over (partition by ${forumPostLikes.postId}
          order by ${forumPostLikes.createdAt}, ${forumPostLikes.userId}) as n
      from ${forumPostLikes} where ${forumPostLikes.postId} = any(${ids})
    ) l join ${users} u on u.id = l.user_id where l.n <= ${LIKERS_SHOWN} order by l.post_id, l.n`)) as unknown as Array<{
    post_id: number;
    username: string;
  }>;
  for (const row of rows) likes.get(row.post_id)?.names.push(row.username);
  return new Map([...likes].map(([id, { count, names }]) => [id, { count, text: likedByText(count, names) }]));
}

/** Which of these posts the member likes. */
export async function likedBy({ memberId, postIds }: { memberId: number; postIds: number[] }): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: forumPostLikes.postId })
    .from(forumPostLikes)
    .where(and(eq(forumPostLikes.userId, memberId), sql`${forumPostLikes.postId} = any(${sql.param(postIds)}::int[])`));
  return new Set(rows.map((row) => row.postId));
}
