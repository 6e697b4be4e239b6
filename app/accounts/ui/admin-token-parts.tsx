import { useEffect, useRef } from "react";
import { FormattedDate } from "~/components/formatted-date";

/**
 * The admin's API tokens page parts loaded with the page (decision 291): the token shown once. The form that makes
 * one is ./admin-token-form, hydrated on first use (decision 109).
 */

/**
 * The new token, shown once: the panel takes focus (with JavaScript through an effect, without through
 * `autofocus`) and its status line is announced.
 */
export function NewAdminTokenPanel({ token, name, expiresAt }: { token: string; name: string; expiresAt: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [token]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="new-token-title"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript this is how focus reaches the token shown once
      autoFocus
      className="mt-6 rounded-xl border border-green-300 bg-green-50 p-6 outline-none focus:ring-2 focus:ring-green-700"
    >
      <h2 id="new-token-title" className="font-serif text-xl font-bold text-ink">
        Your new token
      </h2>
      <p role="status" className="mt-2">
        Token “{name}” made. Copy it now: it is not shown again. It works until <FormattedDate date={expiresAt} />.
      </p>
      <p className="mt-3">
        <label htmlFor="new-token" className="block font-semibold">
          Token
        </label>
        <input
          id="new-token"
          readOnly
          value={token}
          className="mt-1 w-full rounded border border-violet-300 bg-white px-3 py-2 font-mono text-sm"
        />
      </p>
      <p className="mt-2 text-sm">
        Send it as <code>Authorization: Bearer …</code> to <code>/api/admin/email-list</code>.
      </p>
    </section>
  );
}
