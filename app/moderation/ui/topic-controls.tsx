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
const link = "text-cosmic underline";

/** Where the controls are (the topic and the page of it) and who reads them. */
export type TopicPageReader = { topicId: number; page: number; userId: number | undefined; canModerate: boolean };

/** The post's Flag and Hide/Unhide links, for its card's header. */
export function PostModerationLinks({
  post,
  topicId,
  page,
  userId,
  canModerate,
}: TopicPageReader & { post: PostView }) {
  const href = (action: ModerationAction | "flag") =>
    `${topicHref(topicId, page, { confirm: confirmValue(action, "post", post.id) })}#post-${post.number}`;
  const subject = <span className="sr-only"> post #{post.number}</span>;
  return (
    <>
      {mayFlag(userId, post) ? (
        <a href={href("flag")} data-keep-scroll="" className={link}>
          Flag{subject}
        </a>
      ) : null}
      {canModerate ? (
        <a href={href(post.hidden ? "unhide" : "hide")} data-keep-scroll="" className={link}>
          {post.hidden ? "Unhide" : "Hide"}
          {subject}
        </a>
      ) : null}
    </>
  );
}

/** The topic's Flag, Lock/Unlock, Move and Hide/Unhide links, under its text (none for who may do none of them). */
export function TopicModerationLinks({ topic, page, userId, canModerate }: TopicPageReader & { topic: TopicView }) {
  if (!canModerate && !mayFlag(userId, topic)) return null;
  const href = (action: ModerationAction | "flag") =>
    topicHref(topic.id, page, { confirm: confirmValue(action, "topic", topic.id) });
  return (
    <p className="mt-3 flex flex-wrap gap-3 text-sm">
      {mayFlag(userId, topic) ? (
        <a href={href("flag")} data-keep-scroll="" className={link}>
          Flag topic
        </a>
      ) : null}
      {canModerate ? (
        <>
          <a href={href(topic.locked ? "unlock" : "lock")} data-keep-scroll="" className={link}>
            {topic.locked ? "Unlock topic" : "Lock topic"}
          </a>
          <a href={href("move")} data-keep-scroll="" className={link}>
            Move topic
          </a>
          <a href={href(topic.hidden ? "unhide" : "hide")} data-keep-scroll="" className={link}>
            {topic.hidden ? "Unhide topic" : "Hide topic"}
          </a>
        </>
      ) : null}
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
