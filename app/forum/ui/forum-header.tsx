import { LogoutForm } from "~/accounts/ui/logout-form";
import { PageHole } from "~/components/page-hole";
import { FORUM_NOTIFICATIONS_HOLE } from "../pages";

/*
 * The links below are plain anchors: the forum pages navigate them on the client with one handler on the page
 * (useLinkNavigation), instead of a router <Link> per link.
 */

/**
 * The forum's own header: welcome, Profile and Logout for members; Sign In for visitors; Back to home; the search
 * box (issue 35), a plain GET form to /forum/search.
 */
export function ForumHeader({
  user,
  query = "",
  notifications = null,
}: {
  user: { username: string } | null;
  query?: string;
  /** the member's unread notifications; null in a member template, where the page cache fills the link per member */
  notifications?: number | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-violet-200 pb-4">
      <a href="/" className="text-cosmic underline">
        <span aria-hidden="true">← </span>Back
      </a>
      <form method="get" action="/forum/search" role="search" aria-label="Forum" className="flex items-center gap-2">
        <label htmlFor="forum-header-search" className="sr-only">
          Search the forum
        </label>
        <input
          id="forum-header-search"
          name="q"
          type="search"
          required
          defaultValue={query}
          key={query}
          placeholder="Search the forum"
          className="w-48 rounded border border-violet-300 bg-white px-2 py-1 text-sm text-ink"
        />
        <button type="submit" className="rounded border border-cosmic px-3 py-1 text-sm text-cosmic">
          Search
        </button>
      </form>
      <div className="ml-auto flex flex-wrap items-center gap-3 text-sm">
        {user ? (
          <>
            <span>
              Welcome,{" "}
              <strong>
                <bdi>{user.username}</bdi>
              </strong>
            </span>
            <PageHole name={FORUM_NOTIFICATIONS_HOLE}>
              {notifications === null ? null : <NotificationsLink count={notifications} />}
            </PageHole>
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

/**
 * The header's link to the member's notifications with how many are unread (decision 312): a member hole of the
 * forum's kept pages, rendered per response by the page cache with renderToStaticMarkup (one text node).
 */
export function NotificationsLink({ count }: { count: number }) {
  return (
    <a href="/forum/notifications" className="rounded border border-cosmic px-3 py-1 text-cosmic">
      {count > 0 ? `Notifications (${count} unread)` : "Notifications"}
    </a>
  );
}
