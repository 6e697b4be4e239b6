import { Link } from "@remix-run/react";

/** A tab (or reset method) that is a link: the server renders the chosen one (`aria-current="page"`). */
export function TabLink({ href, current, children }: { href: string; current: boolean; children: string }) {
  return (
    <Link
      to={href}
      aria-current={current ? "page" : undefined}
      preventScrollReset
      className={`rounded-md px-3 py-2 text-center font-medium ${current ? "bg-white text-cosmic shadow" : "text-ink"}`}
    >
      {children}
    </Link>
  );
}

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
