import type { FormConstraint } from "~/components/form";
import { topicHref } from "~/forum/pages";
import type { PostView } from "~/forum/ui/post-card";
import type { Confirm, ConfirmLink } from "../confirm";
import { ConfirmDialog } from "./confirm-dialog-on-demand";

/**
 * The flag and moderation controls of a topic page, which the topic route hands to the forum's cards (decision
 * 240: the forum's parts know nothing of moderation; moderation builds on the forum). Each link opens its
 * confirmation form in place (`?confirm=hide-post-12`, decision 026), so everything works without JavaScript. The
 * links, who may follow them and their addresses, are the loader's (`topicPageConfirmLinks`, decision 430).
 */

/** Where the controls are (the topic and the page of it). */
export type TopicPageReader = { topicId: number; page: number };

/** Links that each open one action's confirmation; `subject` is read after each label by screen readers. */
export function ConfirmLinks({ links }: { links: ConfirmLink[] }) {
  return links.map(({ href, label, subject }) => (
    <a key={href} href={href} data-keep-scroll="" className="text-cosmic underline">
      {label}
      {subject ? <span className="sr-only"> {subject}</span> : null}
    </a>
  ));
}

/** The topic's Flag, Lock/Unlock, Move and Hide/Unhide links, under its text (none for who may do none of them). */
export function TopicModerationLinks({ links }: { links: ConfirmLink[] }) {
  if (links.length === 0) return null;
  return (
    <p className="mt-3 flex flex-wrap gap-3 text-sm">
      <ConfirmLinks links={links} />
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
}: TopicPageReader & {
  confirm: Confirm | null;
  constraint: FormConstraint | null;
  /** the post it would be about; without one, the topic */
  post?: Pick<PostView, "id" | "number">;
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
