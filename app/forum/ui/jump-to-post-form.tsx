import { Form } from "@remix-run/react";

/**
 * "Jump to post N" (decision 311): a GET form to the topic with `?post=N`, which the topic's loader answers with a
 * redirect to the page that holds post N, at the post. Without JavaScript it is an ordinary form.
 */
export function JumpToPostForm({ topicId, postCount }: { topicId: number; postCount: number }) {
  const id = `jump-to-post-${topicId}`;
  return (
    <Form method="get" action={`/forum/topic/${topicId}`} className="my-2 flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id}>Jump to post</label>
      <input
        id={id}
        name="post"
        type="number"
        inputMode="numeric"
        min={1}
        max={postCount}
        required
        className="w-24 rounded border border-violet-300 bg-white px-2 py-1 text-ink"
      />
      <button type="submit" className="rounded border border-cosmic px-3 py-1 text-cosmic">
        Go
      </button>
    </Form>
  );
}
