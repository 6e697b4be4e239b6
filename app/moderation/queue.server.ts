import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, moderationActions, moderationFlags, users } from "#db/schema";
import { csvCell } from "~/forum/emails.server";
import { excerptOf, postPlainText } from "~/forum/post-markdown.server";
import { pageOfPost } from "~/forum/topics.server";
import type { TargetType } from "./labels";

/**
 * The review queue and the audit log (decision 026). The queue holds every post and topic with open flags, the
 * most recently flagged first; each entry brings its text, its flags with their notes and the author's recent
 * history, so a moderator decides from one screen.
 */
export const QUEUE_PAGE_SIZE = 20;
export const LOG_PAGE_SIZE = 50;

export type QueueFlag = { id: number; flagger: string; reason: string; note: string | null; createdAt: Date };
export type AuthorHistory = {
  posts: Array<{
    id: number;
    topicId: number;
    number: number;
    excerpt: string;
    createdAt: Date;
    hidden: boolean;
    deleted: boolean;
  }>;
  actions: Array<{ action: string; reason: string; createdAt: Date }>;
  silencedUntil: Date | null;
  suspendedUntil: Date | null;
  memberSince: Date;
};
export type QueueItem = {
  targetType: TargetType;
  targetId: number;
  topicId: number;
  topicTitle: string;
  /** the item's address in the forum */
  href: string;
  number: number | null;
  content: string;
  hidden: { pendingReview: boolean; reason: string | null } | null;
  author: { id: number; username: string; role: string };
  createdAt: Date;
  lastFlaggedAt: Date;
  flags: QueueFlag[];
  history: AuthorHistory;
};

export async function countOpenItems(): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`count(distinct (coalesce(${moderationFlags.postId}, 0), coalesce(${moderationFlags.topicId}, 0)))::int`,
    })
    .from(moderationFlags)
    .where(isNull(moderationFlags.resolvedAt));
  return row?.n ?? 0;
}

/** The flagged items, newest flag first (index moderation_flags_open_idx). */
export async function listQueue({ limit = QUEUE_PAGE_SIZE }: { limit?: number } = {}): Promise<QueueItem[]> {
  const groups = await db
    .select({
      postId: moderationFlags.postId,
      topicId: moderationFlags.topicId,
      lastFlaggedAt: sql<Date>`max(${moderationFlags.createdAt})`.mapWith((v) => new Date(v)),
    })
    .from(moderationFlags)
    .where(isNull(moderationFlags.resolvedAt))
    .groupBy(moderationFlags.postId, moderationFlags.topicId)
    .orderBy(sql`max(${moderationFlags.createdAt}) desc`)
    .limit(limit);
  const items: QueueItem[] = [];
  for (const group of groups) {
    const item = group.postId ? await postItem(group.postId) : await topicItem(group.topicId!);
    if (!item) continue;
    const targetType: TargetType = group.postId ? "post" : "topic";
    const targetId = (group.postId ?? group.topicId)!;
    const [flags, history] = await Promise.all([openFlags(targetType, targetId), authorHistory(item.author.id)]);
    items.push({ ...item, targetType, targetId, lastFlaggedAt: group.lastFlaggedAt, flags, history });
  }
  return items;
}

type ItemCore = Omit<QueueItem, "targetType" | "targetId" | "lastFlaggedAt" | "flags" | "history">;

const hiddenOf = (hiddenAt: Date | null, hiddenBy: number | null, hiddenReason: string | null) =>
  hiddenAt ? { pendingReview: hiddenBy === null, reason: hiddenReason } : null;

async function postItem(postId: number): Promise<ItemCore | null> {
  const [row] = await db
    .select({
      topicId: forumPosts.topicId,
      topicTitle: forumTopics.title,
      number: forumPosts.number,
      content: forumPosts.content,
      hiddenAt: forumPosts.hiddenAt,
      hiddenBy: forumPosts.hiddenBy,
      hiddenReason: forumPosts.hiddenReason,
      authorId: users.id,
      username: users.username,
      role: users.role,
      createdAt: forumPosts.createdAt,
    })
    .from(forumPosts)
    .innerJoin(forumTopics, eq(forumTopics.id, forumPosts.topicId))
    .innerJoin(users, eq(users.id, forumPosts.authorId))
    .where(and(eq(forumPosts.id, postId), isNull(forumPosts.deletedAt)));
  if (!row) return null;
  return {
    topicId: row.topicId,
    topicTitle: row.topicTitle,
    href: `/forum/topic/${row.topicId}?page=${pageOfPost(row.number)}#post-${row.number}`,
    number: row.number,
    content: row.content,
    hidden: hiddenOf(row.hiddenAt, row.hiddenBy, row.hiddenReason),
    author: { id: row.authorId, username: row.username, role: row.role },
    createdAt: row.createdAt,
  };
}

async function topicItem(topicId: number): Promise<ItemCore | null> {
  const [row] = await db
    .select({
      title: forumTopics.title,
      description: forumTopics.description,
      hiddenAt: forumTopics.hiddenAt,
      hiddenBy: forumTopics.hiddenBy,
      hiddenReason: forumTopics.hiddenReason,
      authorId: users.id,
      username: users.username,
      role: users.role,
      createdAt: forumTopics.createdAt,
    })
    .from(forumTopics)
    .innerJoin(users, eq(users.id, forumTopics.authorId))
    .where(and(eq(forumTopics.id, topicId), isNull(forumTopics.deletedAt)));
  if (!row) return null;
  return {
    topicId,
    topicTitle: row.title,
    href: `/forum/topic/${topicId}`,
    number: null,
    content: row.description ?? "",
    hidden: hiddenOf(row.hiddenAt, row.hiddenBy, row.hiddenReason),
    author: { id: row.authorId, username: row.username, role: row.role },
    createdAt: row.createdAt,
  };
}

async function openFlags(targetType: TargetType, id: number): Promise<QueueFlag[]> {
  const column = targetType === "post" ? moderationFlags.postId : moderationFlags.topicId;
  return db
    .select({
      id: moderationFlags.id,
      flagger: users.username,
      reason: moderationFlags.reason,
      note: moderationFlags.note,
      createdAt: moderationFlags.createdAt,
    })
    .from(moderationFlags)
    .innerJoin(users, eq(users.id, moderationFlags.flaggerId))
    .where(and(eq(column, id), isNull(moderationFlags.resolvedAt)))
    .orderBy(desc(moderationFlags.createdAt))
    .limit(50);
}

/** The author's last posts (index forum_posts_author_idx) and the moderation actions on them. */
export async function authorHistory(userId: number): Promise<AuthorHistory> {
  const [posts, actions, [member]] = await Promise.all([
    db
      .select({
        id: forumPosts.id,
        topicId: forumPosts.topicId,
        number: forumPosts.number,
        // enough of the Markdown for 160 characters of its words (decision 340)
        excerpt: sql<string>`left(${forumPosts.content}, 800)`,
        createdAt: forumPosts.createdAt,
        hidden: sql<boolean>`${forumPosts.hiddenAt} is not null`,
        deleted: sql<boolean>`${forumPosts.deletedAt} is not null`,
      })
      .from(forumPosts)
      .where(eq(forumPosts.authorId, userId))
      .orderBy(desc(forumPosts.createdAt))
      .limit(5),
    db
      .select({
        action: moderationActions.action,
        reason: moderationActions.reason,
        createdAt: moderationActions.createdAt,
      })
      .from(moderationActions)
      .where(eq(moderationActions.subjectUserId, userId))
      .orderBy(desc(moderationActions.createdAt))
      .limit(10),
    db
      .select({
        silencedUntil: users.silencedUntil,
        suspendedUntil: users.suspendedUntil,
        memberSince: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  const now = Date.now();
  const active = (d: Date | null | undefined) => (d && d.getTime() > now ? d : null);
  return {
    posts: posts.map((post) => ({ ...post, excerpt: excerptOf(postPlainText(post.excerpt), 160) })),
    actions,
    silencedUntil: active(member?.silencedUntil),
    suspendedUntil: active(member?.suspendedUntil),
    memberSince: member?.memberSince ?? new Date(0),
  };
}

// ------------------------------------------------------------------------------------------ audit log

export type LogEntry = {
  id: number;
  createdAt: Date;
  actorName: string;
  action: string;
  targetType: string;
  targetId: number;
  subjectName: string | null;
  reason: string;
  before: unknown;
  after: unknown;
};

const logColumns = {
  id: moderationActions.id,
  createdAt: moderationActions.createdAt,
  actorName: moderationActions.actorName,
  action: moderationActions.action,
  targetType: moderationActions.targetType,
  targetId: moderationActions.targetId,
  subjectName: moderationActions.subjectName,
  reason: moderationActions.reason,
  before: moderationActions.before,
  after: moderationActions.after,
};

/** One page of the audit log, newest first; `before` is the id to continue after (keyset on the primary key). */
export async function listLog({ before, limit = LOG_PAGE_SIZE }: { before?: number | null; limit?: number } = {}) {
  const rows = await db
    .select(logColumns)
    .from(moderationActions)
    .where(before ? lt(moderationActions.id, before) : undefined)
    .orderBy(desc(moderationActions.id))
    .limit(limit + 1);
  const entries: LogEntry[] = rows.slice(0, limit);
  return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.id : null };
}

export const LOG_CSV_COLUMNS = [
  "id",
  "when",
  "who",
  "action",
  "target_type",
  "target_id",
  "member",
  "reason",
  "before",
  "after",
];

/** The whole audit log as CSV, formula-safe (the e-mail export's csvCell), newest first, CRLF lines. */
export async function logToCsv(): Promise<string> {
  const lines = [LOG_CSV_COLUMNS.join(",")];
  let before: number | null = null;
  do {
    const page: { entries: LogEntry[]; nextBefore: number | null } = await listLog({ before, limit: 1000 });
    for (const e of page.entries) {
      lines.push(
        [
          String(e.id),
          e.createdAt.toISOString(),
          e.actorName,
          e.action,
          e.targetType,
          String(e.targetId),
          e.subjectName ?? "",
          e.reason,
          JSON.stringify(e.before),
          JSON.stringify(e.after),
        ]
          .map(csvCell)
          .join(","),
      );
    }
    before = page.nextBefore;
  } while (before);
  return `${lines.join("\r\n")}\r\n`;
}
