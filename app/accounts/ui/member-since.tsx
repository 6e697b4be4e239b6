import { formatUtcDate } from "~/utils/dates";

/** The profile's "Member Since" line as a page-cache hole (decision 122): each member's own, per response. */
export const MEMBER_SINCE_HOLE = "member-since";

/** When the member joined; rendered in the page and on its own for the page cache's hole (the same markup). */
export function MemberSince({ createdAt }: { createdAt: string }) {
  return (
    <p className="mt-4 text-sm">
      <span className="font-medium">Member Since</span> <time dateTime={createdAt}>{formatUtcDate(createdAt)}</time>
    </p>
  );
}
