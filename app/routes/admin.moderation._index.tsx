import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireModerator } from "~/accounts/session.server";
import { isAdminUser } from "~/accounts/users.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAnswerToast } from "~/components/form-answer";
import { postsHtml } from "~/forum/post-html.server";
import { allowedQueueConfirm, parseConfirm } from "~/moderation/confirm.server";
import { handleModerationIntent, MODERATION_CONSTRAINTS } from "~/moderation/forms.server";
import { countOpenItems, listQueue } from "~/moderation/queue.server";
import { QueueEntry } from "~/moderation/ui/queue-entry";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /admin/moderation, the review queue (decision 026): moderators and admins only. Flagged posts and topics, the
 * most recently flagged first, with their text, flags, notes and the author's recent history; each action opens
 * its confirmation form at ?confirm=<action>-<post|topic>-<id>, which asks for the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireModerator(request);
  const [items, openCount] = await Promise.all([listQueue(), countOpenItems()]);
  const confirm = allowedQueueConfirm(parseConfirm(new URL(request.url).searchParams.get("confirm")), items);
  const html = await postsHtml(items.map((item) => item.content));
  return {
    items: items.map((item, i) => ({ ...item, html: html[i]! })),
    openCount,
    confirm,
    confirmConstraint: confirm ? MODERATION_CONSTRAINTS.moderate : null,
    isAdmin: isAdminUser(user),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireModerator(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "moderate") throw new Response("Unknown action", { status: 400 });
  return handleModerationIntent({ intent: "moderate", formData, user, redirectTo: "/admin/moderation" });
}

export default function ModerationQueue() {
  const { items, openCount, confirm, confirmConstraint, isAdmin } = useLoaderData<typeof loader>();
  useAnswerToast(useActionData<typeof action>());
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
            <QueueEntry item={item} confirm={confirm} confirmConstraint={confirmConstraint} />
          </li>
        ))}
      </ol>
    </div>
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
