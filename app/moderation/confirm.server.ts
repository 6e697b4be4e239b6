import { mayFlag, topicHref } from "~/forum/pages";
import { parseId } from "~/utils/ids";
import { confirmValue, type Confirm, type ConfirmLink } from "./confirm";
import { ACTION_LABELS, type ModerationAction, type TargetType } from "./labels";

// The loaders' side of the confirmations (confirm.ts): kept from the pages' browser code, where the action labels
// would come with it (decision 107).

/** What a moderation `?confirm=` value names: `<action>-<post|topic>-<id>`. */
export function parseConfirm(value: string | null): Confirm | null {
  const match = /^([a-z]+)-(post|topic)-([^-]+)$/.exec(value ?? "");
  if (!match) return null;
  const action = match[1] as ModerationAction | "flag";
  if (action !== "flag" && !(action in ACTION_LABELS)) return null;
  const targetId = parseId(match[3]);
  if (targetId === null) return null;
  return { action, targetType: match[2] as TargetType, targetId };
}

type Item = { id: number; authorId: number };

/**
 * On a topic page: a member may flag someone else's post or topic; a moderator may moderate them. The target must
 * be the page's topic or one of the posts it shows.
 */
export function allowedTopicConfirm(
  confirm: Confirm | null,
  page: { topic: Item; posts: Item[]; reader: { id: number; canModerate: boolean } | null },
): Confirm | null {
  if (!confirm || !page.reader) return null;
  const target =
    confirm.targetType === "topic"
      ? confirm.targetId === page.topic.id
        ? page.topic
        : undefined
      : page.posts.find((p) => p.id === confirm.targetId);
  if (!target) return null;
  const allowed = confirm.action === "flag" ? target.authorId !== page.reader.id : page.reader.canModerate;
  return allowed ? confirm : null;
}

/** In the review queue: a moderation action (never a flag) on an item the queue shows. */
export function allowedQueueConfirm(
  confirm: Confirm | null,
  items: Array<{ targetType: TargetType; targetId: number }>,
): Confirm | null {
  if (!confirm || confirm.action === "flag") return null;
  return items.some((i) => i.targetType === confirm.targetType && i.targetId === confirm.targetId) ? confirm : null;
}

/**
 * The flag and moderation links of a topic page (decision 026), written by its loader so the page ships neither the
 * rules nor the addresses (decision 430): a member flags what someone else wrote; a moderator hides or unhides a
 * post, and locks, moves or hides the topic. Each link comes back to its item on the same page.
 */
export function topicPageConfirmLinks({
  topicId,
  page,
  userId,
  canModerate,
}: {
  topicId: number;
  page: number;
  userId: number | undefined;
  canModerate: boolean;
}) {
  const href = (action: ModerationAction | "flag", targetType: TargetType, targetId: number) =>
    topicHref(topicId, page, { confirm: confirmValue(action, targetType, targetId) });
  return {
    topic(topic: { own: boolean; locked: boolean; hidden: unknown }): ConfirmLink[] {
      const actions: [ModerationAction | "flag", string][] = mayFlag(userId, topic) ? [["flag", "Flag topic"]] : [];
      if (canModerate)
        actions.push(
          topic.locked ? ["unlock", "Unlock topic"] : ["lock", "Lock topic"],
          ["move", "Move topic"],
          topic.hidden ? ["unhide", "Unhide topic"] : ["hide", "Hide topic"],
        );
      return actions.map(([action, label]) => ({ href: href(action, "topic", topicId), label }));
    },
    post(post: { id: number; number: number; own: boolean; hidden: unknown }): ConfirmLink[] {
      const actions: [ModerationAction | "flag", string][] = mayFlag(userId, post) ? [["flag", "Flag"]] : [];
      if (canModerate) actions.push(post.hidden ? ["unhide", "Unhide"] : ["hide", "Hide"]);
      return actions.map(([action, label]) => ({
        href: `${href(action, "post", post.id)}#post-${post.number}`,
        label,
        subject: `post #${post.number}`,
      }));
    },
  };
}
