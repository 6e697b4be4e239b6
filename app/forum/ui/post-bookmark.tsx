import { Form } from "@remix-run/react";

/**
 * A post's Bookmark button (decision 360) for a member: a plain form POST, so without JavaScript and in text browsers
 * too. It says what pressing it does ("Bookmark", or "Remove bookmark" once the post is kept), and names its post for
 * a screen reader. With JavaScript the form comes back to the same button, which keeps the focus; the toast says what
 * happened.
 */
export function PostBookmark({
  number,
  postId,
  bookmarked,
  where = `post #${number}`,
}: {
  number: number;
  postId: number;
  bookmarked: boolean;
  /** which post, for a screen reader (a list of several topics' posts names the topic too) */
  where?: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={bookmarked ? "unbookmark" : "bookmark"} />
      <input type="hidden" name="postId" value={postId} />
      <button type="submit" className="rounded border border-violet-300 px-3 py-1 text-cosmic">
        {bookmarked ? "Remove bookmark" : "Bookmark"}
        <span className="sr-only">{bookmarked ? ` from ${where}` : ` ${where}`}</span>
      </button>
    </Form>
  );
}
