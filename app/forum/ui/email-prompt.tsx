import { Form, Link, useSearchParams } from "@remix-run/react";
import { forumQueryWithout } from "../list-without";

/**
 * A member without an e-mail address is asked for one on the forum page (until "Later"); "Add Email" opens the
 * add-email dialog on the page itself (an address of its own, ?dialog=add-email, so without JavaScript too).
 */
export function EmailPrompt() {
  const [searchParams] = useSearchParams();
  const { query, href } = forumQueryWithout(searchParams, "dialog");
  const addEmailHref = `/forum?${new URLSearchParams([...new URLSearchParams(query), ["dialog", "add-email"]])}`;
  return (
    <aside
      aria-labelledby="email-prompt-title"
      className="fixed bottom-24 left-4 z-40 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-violet-300 bg-white p-4 shadow-lg"
    >
      <h2 id="email-prompt-title" className="font-semibold">
        Enhance Your Account Security
      </h2>
      <p className="mt-1 text-sm">
        Add an e-mail address so you can recover your account and hear when someone replies to your topics.
      </p>
      <div className="mt-3 flex gap-2">
        <Link
          to={addEmailHref}
          preventScrollReset
          className="rounded bg-cosmic px-3 py-1 text-sm font-semibold text-white"
        >
          Add Email
        </Link>
        <Form method="post" action="/forum?index">
          <input type="hidden" name="intent" value="dismiss-email-prompt" />
          <input type="hidden" name="redirectTo" value={href} />
          <button type="submit" className="rounded border border-violet-300 px-3 py-1 text-sm">
            Later
          </button>
        </Form>
      </div>
    </aside>
  );
}
