import { Form } from "@remix-run/react";

/** A post's likes as its card shows them (decision 312): the count and its sentence, written by the server. */
export type LikesView = { count: number; text: string };

/**
 * The likes line of a post: its count and who liked it, and for a member one form (a plain form POST, so without
 * JavaScript too) with a Like button on someone else's visible post that says whether they like it (`aria-pressed`),
 * and a Bookmark button (decision 360) that says what pressing it does ("Bookmark", or "Remove bookmark" once the
 * post is kept) and names its post for a screen reader. Each button's `intent` picks the action's branch; with
 * JavaScript the form comes back to the same button, which keeps the focus (the toast says what a bookmark did).
 */
export function PostLikes({
  number,
  postId,
  likes,
  canLike,
  liked,
  canBookmark,
  bookmarked,
}: {
  number: number;
  postId: number;
  likes: LikesView | null;
  canLike: boolean;
  liked: boolean;
  canBookmark: boolean;
  bookmarked: boolean;
}) {
  if (!canLike && !canBookmark && !likes) return null;
  const button = "rounded border border-violet-300 px-3 py-1 text-cosmic";
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      {canLike || canBookmark ? (
        <Form method="post" preventScrollReset className="flex flex-wrap gap-3">
          <input type="hidden" name="postId" value={postId} />
          {canLike ? (
            <button
              type="submit"
              name="intent"
              value={liked ? "unlike" : "like"}
              aria-pressed={liked}
              className={`${button} aria-pressed:bg-cosmic aria-pressed:text-white`}
            >
              {`Like post #${number}`}
            </button>
          ) : null}
          {canBookmark ? (
            <button type="submit" name="intent" value={bookmarked ? "unbookmark" : "bookmark"} className={button}>
              {bookmarked ? "Remove bookmark" : "Bookmark"}
              <span className="sr-only">{`${bookmarked ? " from" : ""} post #${number}`}</span>
            </button>
          ) : null}
        </Form>
      ) : null}
      {likes ? <p>{likes.text}</p> : null}
    </div>
  );
}
