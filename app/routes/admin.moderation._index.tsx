import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { requireModerator } from "~/accounts/session.server";
import { isAdminUser } from "~/accounts/users.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toaster";
import { PostContent } from "~/forum/content";
import { FormattedDate } from "~/forum/ui";
import { handleModerationIntent } from "~/moderation/forms.server";
import { countOpenItems, listQueue, type QueueItem } from "~/moderation/queue.server";
import { ACTION_LABELS, FLAG_REASON_LABELS, type ModerationAction } from "~/moderation/schemas";
import { confirmValue, ModerationForm, parseConfirm } from "~/moderation/ui";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /admin/moderation, the review queue (decision 026): moderators and admins only. Flagged posts and topics, the
 * most recently flagged first, with their text, flags, notes and the author's recent history; each action opens
 * its confirmation form at ?confirm=<action>-<post|topic>-<id>, which asks for the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireModerator(request);
  const [items, openCount] = await Promise.all([listQueue(), countOpenItems()]);
  let confirm = parseConfirm(new URL(request.url).searchParams.get("confirm"));
  if (
    confirm &&
    (confirm.action === "flag" ||
      !items.some((i) => i.targetType === confirm!.targetType && i.targetId === confirm!.targetId))
  ) {
    confirm = null;
  }
  return { items, openCount, confirm, isAdmin: isAdminUser(user) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireModerator(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "moderate") throw new Response("Unknown action", { status: 400 });
  return handleModerationIntent({ intent: "moderate", formData, user, redirectTo: "/admin/moderation" });
}

const QUEUE_ACTIONS: ModerationAction[] = ["keep", "hide", "delete", "warn", "silence", "suspend"];

export default function ModerationQueue() {
  const { items, openCount, confirm, isAdmin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { show } = useToast();
  useEffect(() => {
    if (actionData?.toast) show({ ...actionData.toast, type: "error" });
  }, [actionData, show]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">Moderation queue</h1>
      <nav aria-label="Moderation" className="mt-3 flex flex-wrap gap-4 text-sm">
        <a href="/forum" className="text-cosmic underline">
          Forum
        </a>
        {isAdmin ? (
          <>
            <a href="/admin/moderation/log" className="text-cosmic underline">
              Audit log
            </a>
            <a href="/admin/moderation/roles" className="text-cosmic underline">
              Moderators
            </a>
          </>
        ) : null}
      </nav>
      <p className="mt-4">
        {openCount === 0
          ? "Nothing is waiting for review."
          : `${openCount} flagged ${openCount === 1 ? "item is" : "items are"} waiting for review, the most recently flagged first.`}
      </p>
      <ol className="mt-6 space-y-6" aria-label="Flagged items">
        {items.map((item) => (
          <li key={`${item.targetType}-${item.targetId}`}>
            <QueueEntry item={item} confirm={confirm} failure={actionData} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function itemName(item: QueueItem) {
  return item.targetType === "post" ? `Post #${item.number} in “${item.topicTitle}”` : `Topic “${item.topicTitle}”`;
}

function QueueEntry({
  item,
  confirm,
  failure,
}: {
  item: QueueItem;
  confirm: ReturnType<typeof parseConfirm>;
  failure: ReturnType<typeof useActionData<typeof action>>;
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
        {item.content ? <PostContent text={item.content} /> : <p className="italic">(no description)</p>}
      </div>

      <h3 className="mt-4 font-semibold">
        {item.flags.length} {item.flags.length === 1 ? "flag" : "flags"}
      </h3>
      <ul className="mt-1 list-disc pl-6 text-sm">
        {item.flags.map((flag) => (
          <li key={flag.id}>
            <strong>{FLAG_REASON_LABELS[flag.reason as keyof typeof FLAG_REASON_LABELS] ?? flag.reason}</strong> by{" "}
            {flag.flagger}, <FormattedDate date={flag.createdAt} />
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
        {QUEUE_ACTIONS.map((action) => {
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
      {open && open.action !== "flag" ? (
        <ModerationForm
          action={open.action}
          targetType={item.targetType}
          targetId={item.targetId}
          cancelHref={`/admin/moderation#${headingId}`}
          failure={failure?.intent === "moderate" ? failure : undefined}
          subject={["warn", "silence", "suspend"].includes(open.action) ? item.author.username : itemName(item)}
        />
      ) : null}
    </article>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Moderation queue",
    description: "Flagged forum posts and topics, for moderators.",
    path: "/admin/moderation",
    origin: originFromMatches(matches),
  }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
