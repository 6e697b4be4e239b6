import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LogoutForm } from "~/accounts/ui/logout-form";
import { formatUtcDateTime } from "~/utils/dates";
import { categoryLabel } from "./categories";

/** Shared pieces of the forum pages. */
export function FormattedDate({ date }: { date: Date | string }) {
  const value = typeof date === "string" ? new Date(date) : date;
  return <time dateTime={value.toISOString()}>{formatUtcDateTime(value)}</time>;
}

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span className="inline-block rounded-full bg-cosmic-light px-2 py-0.5 text-xs font-semibold text-cosmic">
      {categoryLabel(category)}
    </span>
  );
}

/*
 * The links below are plain anchors: the forum pages navigate them on the client with one handler on the page
 * (useLinkNavigation), instead of a router <Link> per link.
 */

/** The forum's own header: welcome, Profile and Logout for members; Sign In for visitors; Back to home. */
export function ForumHeader({ user }: { user: { username: string } | null }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-violet-200 pb-4">
      <a href="/" className="text-cosmic underline">
        <span aria-hidden="true">← </span>Back
      </a>
      <div className="ml-auto flex flex-wrap items-center gap-3 text-sm">
        {user ? (
          <>
            <span>
              Welcome,{" "}
              <strong>
                <bdi>{user.username}</bdi>
              </strong>
            </span>
            <a href="/user-profile" className="rounded border border-cosmic px-3 py-1 text-cosmic">
              Profile
            </a>
            <LogoutForm className="rounded border border-violet-300 px-3 py-1 text-ink">Logout</LogoutForm>
          </>
        ) : (
          <a href="/auth" className="rounded border border-cosmic px-3 py-1 text-cosmic">
            Sign In / Register
          </a>
        )}
      </div>
    </div>
  );
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {errors.join(" ")}
    </p>
  );
}

export function ErrorSummary({ title, description }: { title: string; description?: string }) {
  return (
    <div role="alert" tabIndex={-1} className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
      <p className="font-semibold">{title}</p>
      {description ? <p className="text-sm">{description}</p> : null}
    </div>
  );
}

export function Panel({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg border border-violet-200 bg-white p-4 shadow-sm ${className}`}>{children}</div>;
}

/** Page links: first, previous, a window around the current page, next, last. */
export function PageLinks({
  page,
  pageCount,
  href,
  label = "Pages",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const around = new Set<number>([1, pageCount]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pageCount) around.add(p);
  const pages = [...around].sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  pages.forEach((p, i) => {
    if (i > 0 && p - pages[i - 1]! > 1) items.push("gap");
    items.push(p);
  });
  const linkClass = "block rounded border border-violet-300 px-3 py-1 text-cosmic hover:bg-cosmic-light";
  return (
    <nav aria-label={label} className="my-4">
      <ul className="flex flex-wrap items-center gap-2 text-sm">
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} className={linkClass} rel="prev">
              Previous page
            </a>
          </li>
        ) : null}
        {items.map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span aria-current="page" className="block rounded bg-cosmic px-3 py-1 text-white">
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <a href={href(item)} className={linkClass}>
                  <span className="sr-only">Page </span>
                  {item}
                </a>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <a href={href(page + 1)} className={linkClass} rel="next">
              Next page
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
