import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRouteError,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { PROFILE_CONSTRAINTS } from "~/accounts/forms.server";
import { getUser, requireUser } from "~/accounts/session.server";
import { ErrorPanel, GeneralErrorBoundary, TryAgainLink } from "~/components/error-boundary";
import { useLinkNavigation } from "~/components/link-navigation";
import { onDemand } from "~/components/on-demand";
import { PageHole, rendersPageHole } from "~/components/page-hole";
import { ALL_TOPICS, FORUM_CATEGORIES } from "~/forum/categories";
import { dismissEmailPromptCookie, isEmailPromptDismissed } from "~/forum/email-prompt.server";
import {
  addEmailIntent,
  createTopicIntent,
  FORM_CONSTRAINTS,
  previewedForm,
  previewIntent,
  watchCategoryIntent,
} from "~/forum/forms.server";
import { headerNotifications } from "~/forum/member-notifications.server";
import { FORUM_TOPICS_HOLE, forumHref, forumListAsked } from "~/forum/pages";
import { markAllRead } from "~/forum/reading.server";
import { loadTopicList } from "~/forum/topic-list.server";
import { EmailPrompt } from "~/forum/ui/email-prompt";
import { ForumHeader } from "~/forum/ui/forum-header";
import { MarkAllReadForm } from "~/forum/ui/mark-all-read-form";
import { CategoryNav, TopicFilterNav, TopicList } from "~/forum/ui/topic-list";
import { useFocusPostInAddress } from "~/forum/ui/use-focus-post";
import { WatchForm } from "~/forum/ui/watch-form";
import { watchFormView } from "~/forum/watching";
import { categoryWatchLevel } from "~/forum/watching.server";
import { guardedServerAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { safeRedirectPath } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

// The dialogs' forms (Conform) load when a dialog opens, not with every view of the forum (decision 107).
const NewTopicDialog = onDemand(() => import("~/forum/ui/new-topic-dialog").then((m) => m.NewTopicDialog));
const AddEmailDialog = onDemand(() => import("~/forum/ui/add-email-dialog").then((m) => m.AddEmailDialog));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getUser(request);
  const { category, filter, cursor, newTopic: wantsNewTopic } = forumListAsked(url.searchParams);
  // New and Unread are a member's own lists (decision 310); like a new topic, they ask a visitor to sign in.
  if ((wantsNewTopic || filter) && !user) {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  // A member template leaves the list out: the page cache fills it per member, with their read marks (decision 310).
  const list = rendersPageHole(context, FORUM_TOPICS_HOLE)
    ? null
    : await loadTopicList({ memberId: user?.id ?? null, category, cursor, filter });
  // The prompt's Add Email opens this dialog on the forum page itself (an address of its own, so without JS too).
  const showAddEmail = !!user && !user.email && url.searchParams.get("dialog") === "add-email";
  // A member's watch level of the category listed (decision 350): in a member template, the one its key names.
  const watchLevel =
    user && category ? (context.forumWatchLevel ?? (await categoryWatchLevel({ memberId: user.id, category }))) : null;
  return {
    user: user ? { id: user.id, username: user.username } : null,
    notifications: await headerNotifications(context, user),
    category,
    watch: watchLevel ? watchFormView(watchLevel, "category") : null,
    filter,
    list,
    showEmailPrompt: !!user && !user.email && !(await isEmailPromptDismissed(request)),
    // A dialog's form constraints come with the dialog (the schemas stay on the server).
    newTopic: wantsNewTopic ? { constraint: FORM_CONSTRAINTS.topic } : null,
    addEmail: showAddEmail ? { constraint: PROFILE_CONSTRAINTS.addEmail } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "dismiss-email-prompt") {
    const back = safeRedirectPath(formData.get("redirectTo"), "/forum");
    return redirect(back, { headers: { "Set-Cookie": await dismissEmailPromptCookie() } });
  }
  if (intent === "add-email") return addEmailIntent(formData, user);
  if (previewedForm(formData, "create-topic")) return previewIntent(formData, "create-topic");
  if (intent === "create-topic") return createTopicIntent(formData, user);
  if (intent === "watch-category") return watchCategoryIntent(formData, user);
  if (intent === "mark-all-read") {
    await markAllRead({ memberId: user.id });
    const back = safeRedirectPath(formData.get("redirectTo"), "/forum");
    return redirectWithToast(back, { title: "All topics marked as read" });
  }
  return data({ intent: "unknown", result: undefined, toast: { title: "Unknown action" } }, { status: 400 });
}

/** With JavaScript, a form the server never answered (or answered with a 5xx) gets the spec's toast. */
export const clientAction = (args: ClientActionFunctionArgs) =>
  guardedServerAction(args, (intent, failure) => ({
    intent,
    failure,
    result: undefined,
    toast: {
      title: intent === "add-email" ? "Failed to add email" : "Failed to create topic",
      description: failure.message,
    },
  }));
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function ForumPage() {
  const { user, notifications, category, watch, filter, list, newTopic, showEmailPrompt, addEmail } =
    useLoaderData<typeof loader>();
  // After a change of the category's watch level (its redirect to #watch), the line saying it has the focus.
  useFocusPostInAddress();
  const current = category ? FORUM_CATEGORIES.find((c) => c.key === category)! : null;
  // The header, category, topic and page links are plain anchors navigated by one handler (useLinkNavigation).
  const linkNavigation = useLinkNavigation();

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too); the element itself is not interactive
    <div className="mx-auto max-w-6xl px-4 py-6" onClick={linkNavigation}>
      <ForumHeader user={user} notifications={notifications} />
      <h1 className="mt-6 font-serif text-4xl font-bold text-ink">Community Forum</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[14rem_1fr]">
        <CategoryNav category={category} />
        <section aria-labelledby="category-heading">
          <div className="flex flex-wrap items-start gap-4">
            <div className="flex-1">
              <h2 id="category-heading" className="font-serif text-2xl font-bold">
                {current?.label ?? ALL_TOPICS.label}
              </h2>
              <p className="mt-1 text-ink">{current?.description ?? ALL_TOPICS.description}</p>
            </div>
            <Link
              to={forumHref({ category, new: true })}
              preventScrollReset
              onPointerEnter={NewTopicDialog.preload}
              onFocus={NewTopicDialog.preload}
              className="rounded bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900"
            >
              New Topic
            </Link>
          </div>
          {watch && category ? <WatchForm view={watch} category={category} /> : null}
          {user ? (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <TopicFilterNav category={category} filter={filter} />
              <MarkAllReadForm />
            </div>
          ) : null}
          {/* A member's list is their own (read marks, New, Unread): a member hole of the page cache (decision 310). */}
          {user ? (
            <PageHole name={FORUM_TOPICS_HOLE}>{list ? <TopicList {...list} /> : null}</PageHole>
          ) : list ? (
            <TopicList {...list} />
          ) : null}
        </section>
      </div>

      {newTopic && user ? <NewTopicDialog category={category} constraint={newTopic.constraint} /> : null}
      {showEmailPrompt && !addEmail ? <EmailPrompt /> : null}
      {addEmail ? <AddEmailDialog constraint={addEmail.constraint} /> : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Community Forum",
    description: "Conversations about the ten universal principles, numbers, emotions and technology.",
    path: "/forum",
    origin: originFromMatches(matches),
  });

/** Expected answers (403, 404, 429, the 503 of a database outage...) keep the site's panels; an unexpected loader failure is the spec's text. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503)) return <GeneralErrorBoundary />;
  return (
    <ErrorPanel title="Failed to fetch topics" text="The forum could not be loaded. Please try again in a moment.">
      <TryAgainLink label="Try Again" />
    </ErrorPanel>
  );
}
