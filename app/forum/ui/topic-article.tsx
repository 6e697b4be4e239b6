import type { FormConstraint } from "~/components/form";
import { FormattedDate } from "~/components/formatted-date";
import type { Confirm } from "~/moderation/confirm";
import { confirmValue } from "~/moderation/confirm";
import type { ModerationAction } from "~/moderation/labels";
import { ConfirmDialog } from "~/moderation/ui/confirm-dialog-on-demand";
import { PostContent } from "../content";
import { HIDDEN_TOPIC_NOTICE, TOPIC_LOCKED } from "../notices";
import { mayFlag, repliesLabel, topicHref } from "../pages";
import { CategoryBadge } from "./category-badge";

export type TopicView = {
  id: number;
  authorId: number;
  title: string;
  description: string | null;
  category: string;
  author: { username: string };
  createdAt: Date | string;
  postCount: number;
  hidden: { reason: string | null } | null;
  locked: boolean;
  /** the reader started it */
  own: boolean;
};

/** The topic at the head of its page: its text, state (hidden, locked) and the flag and moderation links. */
export function TopicArticle({
  topic,
  userId,
  canModerate,
  page,
  confirm,
  confirmConstraint,
}: {
  topic: TopicView;
  userId: number | undefined;
  canModerate: boolean;
  page: number;
  confirm: Confirm | null;
  confirmConstraint: FormConstraint | null;
}) {
  const confirmHref = (action: ModerationAction | "flag") =>
    topicHref(topic.id, page, { confirm: confirmValue(action, "topic", topic.id) });
  const link = "text-cosmic underline";
  return (
    <article aria-labelledby="topic-title" className="mt-4 rounded-lg border border-violet-200 bg-white p-6 shadow-sm">
      <CategoryBadge category={topic.category} />
      <h1 id="topic-title" className="mt-2 font-serif text-3xl font-bold break-words">
        <bdi>{topic.title}</bdi>
      </h1>
      {topic.description ? <PostContent text={topic.description} className="mt-3 text-lg" /> : null}
      <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
        <span>
          Started by <bdi>{topic.author.username}</bdi>
        </span>
        <span>
          <FormattedDate date={topic.createdAt} />
        </span>
        <span>{repliesLabel(topic.postCount)}</span>
      </p>
      {topic.hidden ? (
        <p className="mt-3 rounded border border-amber-400 bg-amber-50 p-2 text-sm">
          <strong>{HIDDEN_TOPIC_NOTICE}.</strong> Other readers cannot see it.
          {topic.hidden.reason ? ` Reason: ${topic.hidden.reason}` : ""}
        </p>
      ) : null}
      {topic.locked ? (
        <p className="mt-3 rounded border border-violet-300 bg-violet-50 p-2 text-sm font-semibold">
          <span aria-hidden="true">🔒 </span>
          {TOPIC_LOCKED}
        </p>
      ) : null}
      {canModerate || mayFlag(userId, topic) ? (
        <p className="mt-3 flex flex-wrap gap-3 text-sm">
          {mayFlag(userId, topic) ? (
            <a href={confirmHref("flag")} data-keep-scroll="" className={link}>
              Flag topic
            </a>
          ) : null}
          {canModerate ? (
            <>
              <a href={confirmHref(topic.locked ? "unlock" : "lock")} data-keep-scroll="" className={link}>
                {topic.locked ? "Unlock topic" : "Lock topic"}
              </a>
              <a href={confirmHref("move")} data-keep-scroll="" className={link}>
                Move topic
              </a>
              <a href={confirmHref(topic.hidden ? "unhide" : "hide")} data-keep-scroll="" className={link}>
                {topic.hidden ? "Unhide topic" : "Hide topic"}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {confirm?.targetType === "topic" && confirmConstraint ? (
        <ConfirmDialog
          confirm={confirm}
          targetType="topic"
          targetId={topic.id}
          closeTo={topicHref(topic.id, page)}
          subject="this topic"
          constraint={confirmConstraint}
        />
      ) : null}
    </article>
  );
}
