import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "#db/client.server";
import { forumPosts, forumTopics, users } from "#db/schema";
import { notify } from "./member-notifications.server";
import { MENTIONS_PER_POST, mentionedNames, QUOTES_PER_POST, quotedPosts } from "./mentions";

/**
 * The members these names (lower case) resolve to: members neither suspended nor silenced now. A mention notifies
 * them (below) and links to their page (decision 340); any other `@name` is only emphasised.
 */
export async function mentionableMembers(
  executor: Pick<Transaction, "select">,
  names: string[],
): Promise<Array<{ id: number; username: string }>> {
  if (!names.length) return [];
  return executor
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = any(${sql.param(names)}::text[])`,
        sql`(${users.suspendedUntil} is null or ${users.suspendedUntil} <= now())`,
        sql`(${users.silencedUntil} is null or ${users.silencedUntil} <= now())`,
      ),
    );
}

/**
 * The notifications a post's text makes (decision 313), in the transaction that writes the post: a mention to each
 * named member who is neither suspended nor silenced (at most MENTIONS_PER_POST names are looked at), a quote to the
 * author of each quoted post that is visible to everyone (at most QUOTES_PER_POST). Never to the writer; once per
 * member, kind and post (the notifications' unique index), so an edit notifies only the names it adds.
 */
export async function notifyMentionsAndQuotes(
  tx: Transaction,
  post: { postId: number; topicId: number; authorId: number; content: string },
): Promise<void> {
  const { postId, topicId, authorId, content } = post;
  const names = mentionedNames(content)
    .slice(0, MENTIONS_PER_POST)
    .map((name) => name.toLowerCase());
  for (const { id } of await mentionableMembers(tx, names))
    await notify(tx, { userId: id, kind: "mention", actorId: authorId, topicId, postId });
  for (const quoted of quotedPosts(content).slice(0, QUOTES_PER_POST)) {
    const [source] = await tx
      .select({ authorId: forumPosts.authorId })
      .from(forumPosts)
      .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
      .where(
        and(
          eq(forumPosts.topicId, quoted.topicId),
          eq(forumPosts.number, quoted.number),
          sql`${forumPosts.hiddenAt} is null and ${forumPosts.deletedAt} is null`,
          sql`${forumTopics.hiddenAt} is null and ${forumTopics.deletedAt} is null`,
        ),
      )
      .limit(1);
    if (source) await notify(tx, { userId: source.authorId, kind: "quote", actorId: authorId, topicId, postId });
  }
}
