import { Form, useSearchParams } from "@remix-run/react";
import { forumQueryWithout } from "../list-without";

/**
 * "Mark all read" (decision 310): a plain form POST (so without JavaScript and in text browsers too) back to the list
 * the member is on, whose marks are then gone; the toast says so.
 */
export function MarkAllReadForm() {
  const [searchParams] = useSearchParams();
  const { href } = forumQueryWithout(searchParams, "dialog", "new", "cursor");
  return (
    <Form method="post" action="/forum?index" className="ml-auto">
      <input type="hidden" name="intent" value="mark-all-read" />
      <input type="hidden" name="redirectTo" value={href} />
      <button type="submit" className="rounded border border-violet-300 px-3 py-1 text-sm text-ink">
        Mark all read
      </button>
    </Form>
  );
}
