import type { ReactNode } from "react";
import { PostContent } from "../content";
import { HIDDEN_TOPIC_NOTICE, TOPIC_LOCKED } from "../notices";
import { memberHref, repliesLabel } from "../pages";
import { CategoryBadge } from "./category-badge";

export type TopicView = {
  id: number;
  authorId: number;
  title: string;
  description: string | null;
  /** the description's HTML (rendered on the server from its Markdown: decision 340) */
  descriptionHtml: string | null;
  category: string;
  /** the category's label, given by the loader (the page ships no list of categories) */
  categoryLabel: string;
  author: { username: string };
  createdAt: Date | string;
  /** `createdAt` as the forum writes it, written by the loader (`formatUtcDateTime`): the page ships no date code */
  when: string;
  postCount: number;
  hidden: { reason: string | null } | null;
  locked: boolean;
  /** the reader started it */
  own: boolean;
};

/** The topic at the head of its page: its text, state (hidden, locked), then what the route adds below it. */
export function TopicArticle({
  topic,
  controls,
  dialog,
}: {
  topic: TopicView;
  /** under the text (the topic route passes moderation's links: Flag, Lock, Move, Hide) */
  controls?: ReactNode;
  /** a dialog the page opened about this topic (moderation's confirmation) */
  dialog?: ReactNode;
}) {
  return (
    <article aria-labelledby="topic-title" className="mt-4 rounded-lg border border-violet-200 bg-white p-6 shadow-sm">
      <CategoryBadge label={topic.categoryLabel} />
      <h1 id="topic-title" className="mt-2 font-serif text-3xl font-bold break-words">
        <bdi>{topic.title}</bdi>
      </h1>
      {topic.descriptionHtml ? <PostContent html={topic.descriptionHtml} className="mt-3 text-lg" /> : null}
      <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
        <span>
          {"Started by "}
          <a href={memberHref(topic.author.username)} className="underline">
            <bdi>{topic.author.username}</bdi>
          </a>
        </span>
        <span>
          <time dateTime={new Date(topic.createdAt).toISOString()}>{topic.when}</time>
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
      {controls}
      {dialog}
    </article>
  );
}
