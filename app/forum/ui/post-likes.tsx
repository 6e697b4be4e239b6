import { Form } from "@remix-run/react";

/** A post's likes as its card shows them (decision 312): the count and its sentence, written by the server. */
export type LikesView = { count: number; text: string };

/**
 * The likes line of a post: its count and who liked it, and for a member on someone else's visible post a Like
 * button (a plain form POST, so without JavaScript too) that says whether they like it (`aria-pressed`).
 */
export function PostLikes({
  number,
  postId,
  likes,
  canLike,
  liked,
}: {
  number: number;
  postId: number;
  likes: LikesView | null;
  canLike: boolean;
  liked: boolean;
}) {
  if (!canLike && !likes) return null;
  // in the post card's row of actions (with the Bookmark button: decision 360)
  return (
    <>
      {canLike ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={liked ? "unlike" : "like"} />
          <input type="hidden" name="postId" value={postId} />
          <button
            type="submit"
            aria-pressed={liked}
            className="rounded border border-violet-300 px-3 py-1 text-cosmic aria-pressed:bg-cosmic aria-pressed:text-white"
          >
            {`Like post #${number}`}
          </button>
        </Form>
      ) : null}
      {likes ? <p>{likes.text}</p> : null}
    </>
  );
}
