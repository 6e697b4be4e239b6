import type { FormConstraint } from "~/components/form";
import { mayFlag, topicHref } from "~/forum/pages";
import type { PostView } from "~/forum/ui/post-card";
import type { TopicView } from "~/forum/ui/topic-article";
import { confirmValue, type Confirm } from "../confirm";
import type { ModerationAction } from "../labels";
import { ConfirmDialog } from "./confirm-dialog-on-demand";

/**
 * The flag and moderation controls of a topic page, which the topic route hands to the forum's cards (decision
 * 240: the forum's parts know nothing of moderation; moderation builds on the forum). Each link opens its
 * confirmation form in place (`?confirm=hide-post-12`, decision 026), so everything works without JavaScript.
 */

/** Where the controls are (the topic and the page of it) and who reads them. */
export type TopicPageReader = { topicId: number; page: number; userId: number | undefined; canModerate: boolean };

type Action = ModerationAction | "flag";

/** Links that each open one action's confirmation; `subject` is read after each label by screen readers. */
function ConfirmLinks({
  href,
  actions,
  subject,
}: {
  href: (action: Action) => string;
  actions: [Action, string][];
  subject?: string;
}) {
  return actions.map(([action, label]) => (
    <a key={action} href={href(action)} data-keep-scroll="" className="text-cosmic underline">
      {label}
      {subject ? <span className="sr-only"> {subject}</span> : null}
    </a>
  ));
}

/** The post's Flag and Hide/Unhide links, for its card's header. */
export function PostModerationLinks({
  post,
  topicId,
  page,
  userId,
  canModerate,
}: TopicPageReader & { post: PostView }) {
  const actions: [Action, string][] = mayFlag(userId, post) ? [["flag", "Flag"]] : [];
  if (canModerate) actions.push(post.hidden ? ["unhide", "Unhide"] : ["hide", "Hide"]);
  return (
    <ConfirmLinks
      href={(action) =>
        `${topicHref(topicId, page, { confirm: confirmValue(action, "post", post.id) })}#post-${post.number}`
      }
      actions={actions}
      subject={`post #${post.number}`}
    />
  );
}

/** The topic's Flag, Lock/Unlock, Move and Hide/Unhide links, under its text (none for who may do none of them). */
export function TopicModerationLinks({ topic, page, userId, canModerate }: TopicPageReader & { topic: TopicView }) {
  const actions: [Action, string][] = mayFlag(userId, topic) ? [["flag", "Flag topic"]] : [];
  if (canModerate)
    actions.push(
      topic.locked ? ["unlock", "Unlock topic"] : ["lock", "Lock topic"],
      ["move", "Move topic"],
      topic.hidden ? ["unhide", "Unhide topic"] : ["hide", "Hide topic"],
    );
  if (actions.length === 0) return null;
  return (
    <p className="mt-3 flex flex-wrap gap-3 text-sm">
      <ConfirmLinks
        href={(action) => topicHref(topic.id, page, { confirm: confirmValue(action, "topic", topic.id) })}
        actions={actions}
      />
    </p>
  );
}

/**
 * The confirmation the page opened (`?confirm=`) when it is about this post or this topic; nothing otherwise.
 * Closing it goes back to the item on the same page.
 */
export function ItemConfirmation({
  confirm,
  constraint,
  topicId,
  page,
  post,
}: Pick<TopicPageReader, "topicId" | "page"> & {
  confirm: Confirm | null;
  constraint: FormConstraint | null;
  /** the post it would be about; without one, the topic */
  post?: PostView;
}) {
  const targetType = post ? "post" : "topic";
  const targetId = post ? post.id : topicId;
  if (!confirm || !constraint || confirm.targetType !== targetType || confirm.targetId !== targetId) return null;
  return (
    <ConfirmDialog
      confirm={confirm}
      targetType={targetType}
      targetId={targetId}
      closeTo={`${topicHref(topicId, page)}${post ? `#post-${post.number}` : ""}`}
      subject={post ? `post #${post.number}` : "this topic"}
      constraint={constraint}
    />
  );
}
