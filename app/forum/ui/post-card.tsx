import type { ReactNode } from "react";
import type { FormConstraint } from "~/components/form";
import { onDemand } from "~/components/on-demand";
import { PostContent } from "../content";
import { HIDDEN_POST_NOTICE } from "../notices";
import { mayEdit, memberHref, topicHref } from "../pages";
import { PostLikes, type LikesView } from "./post-likes";

/** The edit form (Conform) loads when a post is being edited (?edit=…), decision 107. */
const EditForm = onDemand(() => import("./post-forms").then((m) => m.EditForm));

/** A post as the topic page shows it. */
export type PostView = {
  id: number;
  authorId: number;
  number: number;
  /** its text's HTML (rendered on the server from its Markdown: decision 340); null for a hidden post whose text the
   * reader may not see */
  html: string | null;
  /** its text, only while it is being edited */
  content?: string;
  createdAt: Date | string;
  /** `createdAt` as the forum writes it, written by the loader (`formatUtcDateTime`): the page ships no date code */
  when: string;
  edited: boolean;
  author: { username: string };
  hidden: { reason: string | null } | null;
  /** the reader wrote it */
  own: boolean;
  /** its likes (decision 312): null when none */
  likes: LikesView | null;
  /** the reader likes it */
  liked: boolean;
  /** the reader bookmarked it (decision 360) */
  bookmarked: boolean;
};

export function PostCard({
  post,
  topicId,
  page,
  editConstraint,
  controls,
  dialog,
  signedIn = false,
  canQuote = false,
}: {
  post: PostView;
  topicId: number;
  page: number;
  /** the edit form's constraint when this post is being edited (?edit=) */
  editConstraint: FormConstraint | null;
  /** links beside Edit in the header (the topic route passes moderation's: Flag, Hide) */
  controls?: ReactNode;
  /** a dialog the page opened about this post (moderation's confirmation) */
  dialog?: ReactNode;
  /** the reader is a member (who may like others' posts) */
  signedIn?: boolean;
  /** the reader may reply here, so may quote a visible post (decision 313) */
  canQuote?: boolean;
}) {
  const anchor = `#post-${post.number}`;
  const here = topicHref(topicId, page);
  // A hidden post keeps its place and number (decision 026). Readers who may not see it get the notice only; its
  // author and moderators see the notice, the reason and the text, which read-aloud skips.
  const hiddenText = post.hidden ? post.html : null;
  const link = "text-cosmic underline";
  return (
    <article
      id={`post-${post.number}`}
      aria-labelledby={`post-${post.number}-label`}
      className="scroll-mt-4 rounded-lg border border-violet-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span id={`post-${post.number}-label`} className="font-bold text-cosmic">
          #{post.number}
          <span className="sr-only">
            {" "}
            by <bdi>{post.author.username}</bdi>
          </span>
        </span>
        {/* the author's member page (decision 360); the post's name above already says whose post it is */}
        <a href={memberHref(post.author.username)} className="font-semibold text-ink underline">
          <bdi>{post.author.username}</bdi>
        </a>
        <time dateTime={new Date(post.createdAt).toISOString()}>{post.when}</time>
        {post.edited ? <span className="italic">(edited)</span> : null}
        <span className="ml-auto flex gap-3">
          {mayEdit(post) && !editConstraint ? (
            <a href={topicHref(topicId, page, { edit: String(post.id) })} data-keep-scroll="" className={link}>
              Edit<span className="sr-only"> post #{post.number}</span>
            </a>
          ) : null}
          {canQuote && !post.hidden ? (
            <a href={`${topicHref(topicId, page, { quote: String(post.id) })}#reply`} className={link}>
              Quote<span className="sr-only"> post #{post.number}</span>
            </a>
          ) : null}
          {controls}
        </span>
      </header>
      {post.hidden ? (
        <p className="mt-2 italic">
          {HIDDEN_POST_NOTICE}
          {hiddenText && post.hidden.reason ? `. Reason: ${post.hidden.reason}` : ""}
        </p>
      ) : null}
      {editConstraint ? (
        <EditForm
          post={{ ...post, content: post.content ?? "" }}
          cancelHref={`${here}${anchor}`}
          constraint={editConstraint}
        />
      ) : !post.hidden && post.html ? (
        <PostContent html={post.html} className="mt-2" />
      ) : hiddenText ? (
        <div data-read-aloud="skip" className="mt-2 border-l-4 border-amber-400 pl-3 text-ink/80">
          <PostContent html={hiddenText} />
        </div>
      ) : null}
      {!post.hidden ? (
        <PostLikes
          number={post.number}
          postId={post.id}
          likes={post.likes}
          canLike={signedIn && !post.own}
          liked={post.liked}
          canBookmark={signedIn}
          bookmarked={post.bookmarked}
        />
      ) : null}
      {dialog}
    </article>
  );
}
