import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { FormAnswer } from "~/components/form-answer";
import { useLinkNavigation } from "~/components/link-navigation";
import { listNotifications, markNotificationsRead, unreadNotificationCount } from "~/forum/member-notifications.server";
import { ForumHeader } from "~/forum/ui/forum-header";
import { NotificationList } from "~/forum/ui/notification-list";
import { parseId } from "~/utils/ids";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

/** A member's forum notifications (decision 312), newest first, 30 a page (`?before=` an id). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const before = parseId(new URL(request.url).searchParams.get("before"));
  const [{ notifications, nextBefore }, unread] = await Promise.all([
    listNotifications({ memberId: user.id, before }),
    unreadNotificationCount({ memberId: user.id }),
  ]);
  return { user: { id: user.id, username: user.username }, notifications, nextBefore, unread, isFirstPage: !before };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "mark-all-read") {
    return data<FormAnswer>({ intent: "unknown", toast: { title: "Unknown action" } }, { status: 400 });
  }
  await markNotificationsRead({ memberId: user.id });
  return redirectWithToast("/forum/notifications", { title: "All notifications marked as read" });
}

export default function NotificationsPage() {
  const { user, notifications, nextBefore, unread, isFirstPage } = useLoaderData<typeof loader>();
  const linkNavigation = useLinkNavigation();
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too); the element itself is not interactive
    <div className="mx-auto max-w-4xl px-4 py-6" onClick={linkNavigation}>
      <ForumHeader user={user} notifications={unread} />
      <h1 className="mt-6 font-serif text-4xl font-bold text-ink">Notifications</h1>
      <p className="mt-2">
        <a href="/forum/notifications/settings" className="text-cosmic underline">
          Notification settings
        </a>{" "}
        (which e-mails you get, and the weekly digest)
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p>{unread === 0 ? "Nothing unread." : `${unread} unread.`}</p>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-all-read" />
            <button type="submit" className="rounded border border-violet-300 px-3 py-1 text-sm text-ink">
              Mark all notifications read
            </button>
          </Form>
        ) : null}
      </div>
      <NotificationList notifications={notifications} />
      {!isFirstPage || nextBefore ? (
        <nav aria-label="Notification pages" className="mt-6 flex gap-3 text-sm">
          {!isFirstPage ? (
            <a href="/forum/notifications" className="rounded border border-violet-300 px-3 py-1 text-cosmic">
              Newest notifications
            </a>
          ) : null}
          {nextBefore ? (
            <a
              href={`/forum/notifications?before=${nextBefore}`}
              className="rounded border border-violet-300 px-3 py-1 text-cosmic"
            >
              Older notifications
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Notifications",
    description: "Replies, mentions, quotes, likes and watched topics in the Community Forum.",
    path: "/forum/notifications",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
