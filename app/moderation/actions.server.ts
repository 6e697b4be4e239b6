import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { forumPosts, forumTopics, moderationActions, moderationFlags, users } from "#db/schema";
import { endMemberSessions } from "~/accounts/session.server";
import { isAdminUser, isModeratorUser, type PublicUser, type Role } from "~/accounts/users.server";
import { categoryLabel } from "~/forum/categories";
import { enqueueJob } from "~/jobs/queue.server";
import { formatUtcDateTime } from "~/utils/dates";
import { PERIODS, type TargetType } from "./labels";
import type { ModerationInput, RoleInput } from "./schemas";

/**
 * Moderators' actions (decision 026). Each one checks the actor's permission, changes the item or the member,
 * resolves the item's open flags where it settles them, and writes its audit-log row (who, what, when, why,
 * before/after) in the same transaction. The forum's page cache is cleared by the forum tables' NOTIFY triggers
 * (migration 0001) when the transaction commits. Mails to the member go through the job queue afterwards.
 */
export const MODERATION_NOTICE_QUEUE = "moderation/notice";

export type ModerationOutcome =
  { ok: true; message: string; actionId: number } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

const NOT_MODERATOR = "Forbidden: only moderators and admins can do this.";
export const STAFF_ONLY = "Only an admin can act on a moderator or an admin, or on their posts and topics.";
const fail = (status: 400 | 403 | 404 | 409, error: string): ModerationOutcome => ({ ok: false, status, error });

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

type Item = {
  id: number;
  authorId: number;
  authorName: string;
  authorRole: Role;
  hiddenAt: Date | null;
  hiddenBy: number | null;
  hiddenReason: string | null;
  lockedAt: Date | null;
  category: string | null;
  topicId: number;
};

async function lockItem(tx: Tx, targetType: TargetType, id: number, deleted = false): Promise<Item | null> {
  const state = (column: typeof forumPosts.deletedAt | typeof forumTopics.deletedAt) =>
    deleted ? isNotNull(column) : isNull(column);
  if (targetType === "post") {
    const [row] = await tx
      .select({
        id: forumPosts.id,
        authorId: forumPosts.authorId,
        authorName: users.username,
        authorRole: users.role,
        hiddenAt: forumPosts.hiddenAt,
        hiddenBy: forumPosts.hiddenBy,
        hiddenReason: forumPosts.hiddenReason,
        topicId: forumPosts.topicId,
      })
      .from(forumPosts)
      .innerJoin(users, eq(users.id, forumPosts.authorId))
      .where(and(eq(forumPosts.id, id), state(forumPosts.deletedAt)))
      .for("update", { of: forumPosts });
    return row ? { ...row, lockedAt: null, category: null } : null;
  }
  const [row] = await tx
    .select({
      id: forumTopics.id,
      authorId: forumTopics.authorId,
      authorName: users.username,
      authorRole: users.role,
      hiddenAt: forumTopics.hiddenAt,
      hiddenBy: forumTopics.hiddenBy,
      hiddenReason: forumTopics.hiddenReason,
      lockedAt: forumTopics.lockedAt,
      category: forumTopics.category,
    })
    .from(forumTopics)
    .innerJoin(users, eq(users.id, forumTopics.authorId))
    .where(and(eq(forumTopics.id, id), state(forumTopics.deletedAt)))
    .for("update", { of: forumTopics });
  return row ? { ...row, topicId: row.id } : null;
}

async function record(
  tx: Tx,
  entry: {
    actor: PublicUser;
    action: string;
    targetType: TargetType | "user";
    targetId: number;
    subject: { id: number; username: string } | null;
    reason: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<number> {
  const [row] = await tx
    .insert(moderationActions)
    .values({
      actorId: entry.actor.id,
      actorName: entry.actor.username,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      subjectUserId: entry.subject?.id ?? null,
      subjectName: entry.subject?.username ?? null,
      reason: entry.reason,
      before: entry.before,
      after: entry.after,
    })
    .returning({ id: moderationActions.id });
  return row!.id;
}

async function resolveFlags(tx: Tx, targetType: TargetType, id: number): Promise<number> {
  const column = targetType === "post" ? moderationFlags.postId : moderationFlags.topicId;
  const resolved = await tx
    .update(moderationFlags)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(column, id), isNull(moderationFlags.resolvedAt)))
    .returning({ id: moderationFlags.id });
  return resolved.length;
}

const hiddenView = (item: Pick<Item, "hiddenAt" | "hiddenBy" | "hiddenReason">) =>
  item.hiddenAt
    ? { hidden: true, pendingReview: item.hiddenBy === null, reason: item.hiddenReason }
    : { hidden: false };

/** Actions that tell the member by e-mail. */
const NOTIFIED = new Set(["hide", "delete", "warn", "silence", "suspend", "unsilence", "unsuspend"]);

/** Applies one moderation action from the queue, the topic page or the API. */
export async function moderate({
  actor,
  input,
}: {
  actor: PublicUser;
  input: ModerationInput;
}): Promise<ModerationOutcome> {
  if (!isModeratorUser(actor)) return fail(403, NOT_MODERATOR);
  const { action, targetType, targetId, reason } = input;
  const noun = targetType === "post" ? "Post" : "Topic";
  let endSessionsOf: number | null = null;

  const outcome = await db.transaction(async (tx): Promise<ModerationOutcome> => {
    // Restoring acts on a deleted item; every other action on one that is not.
    const item = await lockItem(tx, targetType, targetId, action === "restore");
    if (!item) return fail(404, action === "restore" ? `No deleted ${targetType} has this id.` : `${noun} not found`);
    // Moderators act on members and their content; a moderator's or an admin's only an admin (decision 163).
    if (item.authorRole !== "member" && item.authorId !== actor.id && !isAdminUser(actor)) {
      return fail(403, STAFF_ONLY);
    }
    const table = targetType === "post" ? forumPosts : forumTopics;
    const author = { id: item.authorId, username: item.authorName };
    const base = { actor, targetType, targetId, subject: author, reason };
    const done = async (
      message: string,
      before: Record<string, unknown>,
      after: Record<string, unknown>,
      name = action,
    ) => ({
      ok: true as const,
      message,
      actionId: await record(tx, { ...base, action: name, before, after }),
    });

    switch (action) {
      case "keep": {
        const before = { ...hiddenView(item) };
        const cleared = await resolveFlags(tx, targetType, targetId);
        // Keeping undoes only the members' automatic hiding; a moderator's hiding stays until unhidden.
        const unhide = item.hiddenAt !== null && item.hiddenBy === null;
        if (unhide) await tx.update(table).set({ hiddenAt: null, hiddenReason: null }).where(eq(table.id, targetId));
        return done(
          `${noun} kept; ${cleared} ${cleared === 1 ? "flag" : "flags"} cleared.`,
          { ...before, openFlags: cleared },
          {
            ...(unhide ? { hidden: false } : hiddenView(item)),
            openFlags: 0,
          },
        );
      }
      case "hide": {
        if (item.hiddenAt && item.hiddenBy !== null) return fail(409, `This ${targetType} is already hidden.`);
        await tx
          .update(table)
          .set({ hiddenAt: sql`now()`, hiddenBy: actor.id, hiddenReason: reason })
          .where(eq(table.id, targetId));
        await resolveFlags(tx, targetType, targetId);
        return done(`${noun} hidden.`, hiddenView(item), { hidden: true, pendingReview: false, reason });
      }
      case "unhide": {
        if (!item.hiddenAt) return fail(409, `This ${targetType} is not hidden.`);
        await tx
          .update(table)
          .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
          .where(eq(table.id, targetId));
        await resolveFlags(tx, targetType, targetId);
        return done(`${noun} visible again.`, hiddenView(item), { hidden: false });
      }
      case "delete": {
        await tx
          .update(table)
          .set({ deletedAt: sql`now()` })
          .where(eq(table.id, targetId));
        await resolveFlags(tx, targetType, targetId);
        return done(`${noun} deleted.`, { deleted: false, ...hiddenView(item) }, { deleted: true });
      }
      case "restore": {
        await tx.update(table).set({ deletedAt: null }).where(eq(table.id, targetId));
        return done(
          `${noun} restored.`,
          { deleted: true, ...hiddenView(item) },
          { deleted: false, ...hiddenView(item) },
        );
      }
      case "lock":
      case "unlock": {
        if (targetType !== "topic") return fail(400, "Only a topic can be locked or unlocked.");
        const lock = action === "lock";
        if (Boolean(item.lockedAt) === lock)
          return fail(409, lock ? "This topic is already locked." : "This topic is not locked.");
        await tx
          .update(forumTopics)
          .set({ lockedAt: lock ? sql`now()` : null })
          .where(eq(forumTopics.id, targetId));
        return done(lock ? "Topic locked." : "Topic unlocked.", { locked: !lock }, { locked: lock });
      }
      case "move": {
        if (targetType !== "topic") return fail(400, "Only a topic can be moved.");
        const category = input.category!;
        if (category === item.category) return fail(409, `This topic is already in ${categoryLabel(category)}.`);
        await tx.update(forumTopics).set({ category }).where(eq(forumTopics.id, targetId));
        return done(`Topic moved to ${categoryLabel(category)}.`, { category: item.category }, { category });
      }
      case "warn":
      case "silence":
      case "suspend":
      case "unsilence":
      case "unsuspend": {
        if (item.authorId === actor.id) return fail(403, "You cannot take this action on yourself.");
        const userBase = { ...base, targetType: "user" as const, targetId: item.authorId };
        const note = { [`${targetType}Id`]: targetId };
        if (action === "warn") {
          const actionId = await record(tx, { ...userBase, action, before: note, after: { warned: true } });
          return { ok: true, message: `${item.authorName} will be warned by e-mail.`, actionId };
        }
        if (action === "unsilence" || action === "unsuspend") {
          // Lifting before the period ends: only what is still in force can be lifted.
          const key = action === "unsilence" ? "silencedUntil" : "suspendedUntil";
          const [current] = await tx
            .select({ until: users[key] })
            .from(users)
            .where(and(eq(users.id, item.authorId), sql`${users[key]} > now()`))
            .for("update");
          const state = action === "unsilence" ? "silenced" : "suspended";
          if (!current) return fail(409, `${item.authorName} is not ${state}.`);
          await tx
            .update(users)
            .set({ [key]: null })
            .where(eq(users.id, item.authorId));
          const actionId = await record(tx, {
            ...userBase,
            action,
            before: { ...note, [key]: current.until },
            after: { [key]: null },
          });
          const now = action === "unsilence" ? "can write topics and replies again" : "can sign in again";
          return { ok: true, message: `${item.authorName} ${now}.`, actionId };
        }
        const hours = input.periodHours!;
        const column = action === "silence" ? users.silencedUntil : users.suspendedUntil;
        const key = action === "silence" ? "silencedUntil" : "suspendedUntil";
        const [previous] = await tx
          .select({ until: column })
          .from(users)
          .where(eq(users.id, item.authorId))
          .for("update");
        const [updated] = await tx
          .update(users)
          .set({ [key]: sql`now() + make_interval(hours => ${hours})` })
          .where(eq(users.id, item.authorId))
          .returning({ until: column });
        const until = updated!.until!;
        const actionId = await record(tx, {
          ...userBase,
          action,
          before: { ...note, [key]: previous?.until ?? null },
          after: { [key]: until, period: PERIODS.find((p) => p.hours === hours)?.label ?? `${hours} hours` },
        });
        if (action === "suspend") endSessionsOf = item.authorId;
        const verb = action === "silence" ? "silenced" : "suspended";
        return { ok: true, message: `${item.authorName} is ${verb} until ${formatUtcDateTime(until)}.`, actionId };
      }
    }
  });

  if (outcome.ok) {
    if (endSessionsOf !== null) await endMemberSessions({ userId: endSessionsOf });
    if (NOTIFIED.has(action)) await enqueueJob(MODERATION_NOTICE_QUEUE, { actionId: outcome.actionId });
  }
  return outcome;
}

/** Admins grant and take back the moderator role (decision 026); recorded like every moderation action. */
export async function setModeratorRole({
  actor,
  input,
}: {
  actor: PublicUser;
  input: RoleInput;
}): Promise<ModerationOutcome> {
  if (!isAdminUser(actor)) return fail(403, "Forbidden: only admins can grant or revoke roles.");
  return db.transaction(async (tx): Promise<ModerationOutcome> => {
    const [member] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${input.username})`)
      .for("update");
    if (!member) return fail(404, `No member is named "${input.username}".`);
    if (member.role === "admin")
      return fail(409, `${member.username} is an admin; admins are changed with scripts/make-admin.`);
    if (member.role === input.role) {
      return fail(409, `${member.username} is already ${input.role === "moderator" ? "a moderator" : "a member"}.`);
    }
    await tx.update(users).set({ role: input.role }).where(eq(users.id, member.id));
    const actionId = await record(tx, {
      actor,
      action: input.role === "moderator" ? "grant-moderator" : "revoke-moderator",
      targetType: "user",
      targetId: member.id,
      subject: member,
      reason: input.reason,
      before: { role: member.role },
      after: { role: input.role },
    });
    const message =
      input.role === "moderator"
        ? `${member.username} is now a moderator.`
        : `${member.username} is no longer a moderator.`;
    return { ok: true, message, actionId };
  });
}

/** Members with the moderator or admin role, for the roles page. */
export async function listStaff(): Promise<Array<{ id: number; username: string; role: Role }>> {
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(sql`${users.role} in ('moderator', 'admin')`)
    .orderBy(users.role, sql`lower(${users.username})`)
    .limit(500);
}
