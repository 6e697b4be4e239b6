import type { ForumNotificationKind as NotificationKind } from "#db/forum-notification-kinds";
import { FormattedDate } from "~/components/formatted-date";

export type NotificationView = {
  id: number;
  kind: NotificationKind;
  createdAt: Date | string;
  read: boolean;
  actor: string;
  topicTitle: string;
  /** null for a new topic in a watched category (a topic has no post of its own) */
  postNumber: number | null;
};

const WHAT: Record<NotificationKind, string> = {
  reply: "replied in your topic",
  mention: "mentioned you in",
  quote: "quoted you in",
  like: "liked your post in",
  watched_post: "posted in",
  watched_topic: "started a new topic",
};

/** One line per notification, a link that opens it (marks it read, lands on the post): decision 312. */
export function NotificationList({ notifications }: { notifications: NotificationView[] }) {
  if (notifications.length === 0) return <p className="mt-6">No notifications yet.</p>;
  return (
    <ul aria-label="Notifications" className="mt-6 space-y-2">
      {notifications.map((n) => (
        <li
          key={n.id}
          className={`rounded border p-3 ${n.read ? "border-violet-100 bg-white" : "border-amber-300 bg-amber-50"}`}
        >
          <a href={`/forum/notifications/${n.id}`} className="text-cosmic underline">
            {`${n.read ? "" : "Unread: "}${n.actor} ${WHAT[n.kind]} “${n.topicTitle}”${n.postNumber === null ? "" : ` (post #${n.postNumber})`}`}
          </a>{" "}
          <span className="text-sm">
            <FormattedDate date={n.createdAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}
