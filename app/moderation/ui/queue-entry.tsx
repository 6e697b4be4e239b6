import { Link } from "@remix-run/react";
import type { FlagReason } from "#db/flag-reasons";
import type { FormConstraint } from "~/components/form";
import { FormattedDate } from "~/components/formatted-date";
import { PostContent } from "~/forum/content";
import { confirmValue, type Confirm } from "../confirm";
import { ACTION_LABELS, FLAG_REASON_LABELS, isMemberAction, type ModerationAction } from "../labels";
import type { QueueItem } from "../queue.server";
import { ConfirmDialog } from "./confirm-dialog-on-demand";

const QUEUE_ACTIONS: ModerationAction[] = ["keep", "hide", "delete", "warn", "silence", "suspend"];

/** A silence or suspension still in force may be lifted before its period ends. */
function liftable(item: QueueItem): ModerationAction[] {
  return [
    ...(item.history.silencedUntil ? (["unsilence"] as const) : []),
    ...(item.history.suspendedUntil ? (["unsuspend"] as const) : []),
  ];
}

function itemName(item: QueueItem) {
  return item.targetType === "post" ? `Post #${item.number} in “${item.topicTitle}”` : `Topic “${item.topicTitle}”`;
}

/**
 * One flagged post or topic in the review queue (decision 026): its text, flags, notes and the author's recent
 * history; each action opens its confirmation at ?confirm=<action>-<post|topic>-<id>, which asks for the reason.
 */
export function QueueEntry({
  item,
  confirm,
  confirmConstraint,
}: {
  /** the item with its text's HTML (rendered on the server: decision 340) */
  item: QueueItem & { html: string };
  confirm: Confirm | null;
  confirmConstraint: FormConstraint | null;
}) {
  const headingId = `item-${item.targetType}-${item.targetId}`;
  const open = confirm && confirm.targetType === item.targetType && confirm.targetId === item.targetId ? confirm : null;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-violet-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold">
        <a href={item.href} className="text-cosmic underline">
          {itemName(item)}
        </a>
      </h2>
      <p className="mt-1 text-sm">
        By <strong>{item.author.username}</strong>
        {item.author.role !== "member" ? ` (${item.author.role})` : ""}, <FormattedDate date={item.createdAt} />
        {item.hidden ? (
          <strong className="ml-2 text-red-800">
            {item.hidden.pendingReview ? "Hidden by members' flags, pending review" : "Hidden by a moderator"}
          </strong>
        ) : null}
      </p>
      <div className="mt-3 rounded border border-violet-100 bg-violet-50 p-3">
        {item.content ? <PostContent html={item.html} /> : <p className="italic">(no description)</p>}
      </div>

      <h3 className="mt-4 font-semibold">
        {item.flags.length} {item.flags.length === 1 ? "flag" : "flags"}
      </h3>
      <ul className="mt-1 list-disc pl-6 text-sm">
        {item.flags.map((flag) => (
          <li key={flag.id}>
            <strong>{FLAG_REASON_LABELS[flag.reason as FlagReason] ?? flag.reason}</strong> by {flag.flagger},{" "}
            <FormattedDate date={flag.createdAt} />
            {flag.note ? <span className="block whitespace-pre-wrap break-words">Note: {flag.note}</span> : null}
          </li>
        ))}
      </ul>

      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold">Recent history of {item.author.username}</summary>
        <p className="mt-1">
          Member since <FormattedDate date={item.history.memberSince} />.
          {item.history.silencedUntil ? (
            <>
              {" "}
              Silenced until <FormattedDate date={item.history.silencedUntil} />.
            </>
          ) : null}
          {item.history.suspendedUntil ? (
            <>
              {" "}
              Suspended until <FormattedDate date={item.history.suspendedUntil} />.
            </>
          ) : null}
        </p>
        <h4 className="mt-2 font-semibold">Latest posts</h4>
        {item.history.posts.length === 0 ? <p>No posts.</p> : null}
        <ul className="list-disc pl-6">
          {item.history.posts.map((post) => (
            <li key={post.id}>
              <FormattedDate date={post.createdAt} />: {post.excerpt}
              {post.deleted ? " (deleted)" : post.hidden ? " (hidden)" : ""}
            </li>
          ))}
        </ul>
        <h4 className="mt-2 font-semibold">Earlier moderation</h4>
        {item.history.actions.length === 0 ? <p>None.</p> : null}
        <ul className="list-disc pl-6">
          {item.history.actions.map((entry, i) => (
            <li key={i}>
              <FormattedDate date={entry.createdAt} />: {entry.action}: {entry.reason}
            </li>
          ))}
        </ul>
      </details>

      <p className="mt-4 flex flex-wrap gap-2">
        {[...QUEUE_ACTIONS, ...liftable(item)].map((action) => {
          const shown = action === "hide" && item.hidden && !item.hidden.pendingReview ? "unhide" : action;
          return (
            <Link
              key={action}
              to={`/admin/moderation?confirm=${confirmValue(shown, item.targetType, item.targetId)}#${headingId}`}
              preventScrollReset
              className="rounded border border-violet-300 px-3 py-1 text-sm text-cosmic"
            >
              {ACTION_LABELS[shown]}
              <span className="sr-only">: {itemName(item)}</span>
            </Link>
          );
        })}
      </p>
      {open && open.action !== "flag" && confirmConstraint ? (
        <ConfirmDialog
          confirm={open}
          targetType={item.targetType}
          targetId={item.targetId}
          closeTo={`/admin/moderation#${headingId}`}
          subject={isMemberAction(open.action) ? item.author.username : itemName(item)}
          constraint={confirmConstraint}
        />
      ) : null}
    </article>
  );
}
