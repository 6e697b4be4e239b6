import { Link } from "@remix-run/react";
import { useId } from "react";

/**
 * A tab (or reset method) that is a link: the server renders the chosen one (`aria-current="page"`). The chosen one
 * is also described as current (`aria-describedby`): Orca 43 says nothing of `aria-current`, and a member who Tabs
 * onto the links must hear which form is shown (decision 400).
 */
export function TabLink({ href, current, children }: { href: string; current: boolean; children: string }) {
  const currentId = useId();
  return (
    <>
      <Link
        to={href}
        aria-current={current ? "page" : undefined}
        aria-describedby={current ? currentId : undefined}
        preventScrollReset
        className={`rounded-md px-3 py-2 text-center font-medium ${current ? "bg-white text-cosmic shadow" : "text-ink"}`}
      >
        {children}
      </Link>
      {current ? (
        <span id={currentId} hidden>
          {CURRENT_TAB}
        </span>
      ) : null}
    </>
  );
}

/** What a screen reader says after the chosen tab's name. */
export const CURRENT_TAB = "Current tab";

/** Shown when a guarded page sent the visitor here (`?redirectTo=`). */
export function AccessDenied({ redirectTo }: { redirectTo: string }) {
  const profile = redirectTo.startsWith("/user-profile");
  return (
    <section
      aria-labelledby="access-denied"
      className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="access-denied" className="font-semibold">
        Access Denied
      </h2>
      <p className="mt-1 text-sm">
        {profile ? "You must be logged in to view your profile" : "You must be logged in to view this page"}.{" "}
        <a href="#login-username" className="underline">
          Sign In
        </a>
      </p>
    </section>
  );
}
