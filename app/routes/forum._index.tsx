import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRouteError,
  useSearchParams,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import { addEmail } from "~/accounts/email.server";
import { addEmailSchema } from "~/accounts/schemas";
import { getUser, requireUser } from "~/accounts/session.server";
import { ErrorSummary as AccountErrorSummary, SubmitButton, TextField } from "~/components/form";
import { RouteDialog } from "~/components/dialog";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE, HoneypotField, honeypotFilled } from "~/components/honeypot";
import { useLinkNavigation } from "~/components/link-navigation";
import { useToast } from "~/components/toaster";
import { ALL_TOPICS, FORUM_CATEGORIES, isForumCategory } from "~/forum/categories";
import { dismissEmailPromptCookie, isEmailPromptDismissed } from "~/forum/email-prompt.server";
import { checkForumLimit } from "~/forum/limits.server";
import { topicSchema } from "~/forum/schemas";
import { createTopic, ForumWriteRefusedError, isRecentRepeat, listTopics } from "~/forum/topics.server";
import { CategoryBadge, ErrorSummary, FieldError, ForumHeader, FormattedDate } from "~/forum/ui";
import { guardedServerAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { publicOrigin } from "~/utils/env.server";
import { safeRedirectPath } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getUser(request);
  const categoryParam = url.searchParams.get("category");
  const category = isForumCategory(categoryParam) ? categoryParam : null;
  const wantsNewTopic = url.searchParams.get("new") === "1";
  if (wantsNewTopic && !user) throw redirect(`/auth?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  const cursor = url.searchParams.get("cursor");
  const { topics, nextCursor } = await listTopics({ category, cursor });
  return {
    user: user ? { id: user.id, username: user.username } : null,
    category,
    // What a topic card shows, no more: the data is sent twice (in the HTML and as the page's JSON).
    topics: topics.map(({ id, title, category, author, createdAt, lastActivityAt, postCount }) => ({
      id,
      title,
      category,
      author,
      createdAt,
      lastActivityAt,
      postCount,
    })),
    nextCursor,
    isFirstPage: !cursor,
    showNewTopic: wantsNewTopic,
    showEmailPrompt: !!user && !user.email && !(await isEmailPromptDismissed(request)),
    // The prompt's Add Email opens this dialog on the forum page itself (an address of its own, so without JS too).
    showAddEmail: !!user && !user.email && url.searchParams.get("dialog") === "add-email",
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

  if (intent === "add-email") {
    const submission = parseWithZod(formData, { schema: addEmailSchema });
    if (submission.status !== "success") {
      return data(
        { intent, result: submission.reply(), toast: { title: "Failed to add email", description: undefined } },
        { status: 400 },
      );
    }
    const result = await addEmail({ userId: user.id, email: submission.value.email, origin: publicOrigin() });
    if (!result.ok) {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [result.error] }),
          toast: { title: "Failed to add email", description: result.error },
        },
        { status: result.status },
      );
    }
    const back = safeRedirectPath(formData.get("redirectTo"), "/forum");
    return redirectWithToast(back, {
      title: "Email added",
      description: `We've sent a verification link to ${result.user.email}.`,
      type: "success",
    });
  }

  if (intent !== "create-topic") {
    return data({ intent: "unknown", result: undefined, toast: { title: "Unknown action" } }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: topicSchema });
  if (honeypotFilled(formData.get(HONEYPOT_FIELD))) {
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [HONEYPOT_MESSAGE] }),
        toast: { title: "Failed to create topic", description: HONEYPOT_MESSAGE },
      },
      { status: 400 },
    );
  }
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form.";
    return data(
      { intent, result: submission.reply(), toast: { title: "Failed to create topic", description: first } },
      { status: 400 },
    );
  }
  const limited = await checkForumLimit("topic", user.id, () =>
    isRecentRepeat({ authorId: user.id, title: submission.value.title }),
  );
  if (limited) {
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [limited.message] }),
        toast: { title: "Failed to create topic", description: limited.message },
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  let topic;
  try {
    ({ topic } = await createTopic({ authorId: user.id, ...submission.value }));
  } catch (error) {
    // A silenced member (decision 026) is told why, with the form's text kept.
    if (!(error instanceof ForumWriteRefusedError)) throw error;
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [error.message] }),
        toast: { title: "Failed to create topic", description: error.message },
      },
      { status: error.status },
    );
  }
  return redirectWithToast(`/forum/topic/${topic.id}`, {
    title: "Topic created!",
    description: "Your topic has been posted to the forum.",
    type: "success",
  });
}

function forumHref(params: { category?: string | null; cursor?: string | null; new?: boolean }) {
  const search = new URLSearchParams();
  if (params.category) search.set("category", params.category);
  if (params.cursor) search.set("cursor", params.cursor);
  if (params.new) search.set("new", "1");
  const query = search.toString();
  return query ? `/forum?${query}` : "/forum";
}

/** With JavaScript, a new topic the server never answered (or answered with a 5xx) gets the spec's toast. */
export const clientAction = (args: ClientActionFunctionArgs) =>
  guardedServerAction(args, (intent, failure) => ({
    intent,
    failure,
    result: undefined,
    toast: { title: "Failed to create topic", description: failure.message },
  }));
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function ForumPage() {
  const { user, category, topics, nextCursor, isFirstPage, showNewTopic, showEmailPrompt, showAddEmail } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loadingTopics = navigation.state === "loading" && navigation.location?.pathname === "/forum";
  const current = category ? FORUM_CATEGORIES.find((c) => c.key === category)! : null;
  const heading = current?.label ?? ALL_TOPICS.label;
  const description = current?.description ?? ALL_TOPICS.description;
  const newTopicHref = forumHref({ category, new: true });
  // The header, category, topic and page links are plain anchors navigated by one handler (useLinkNavigation).
  const linkNavigation = useLinkNavigation();

  return (
    <div className="mx-auto max-w-6xl px-4 py-6" onClick={linkNavigation}>
      <ForumHeader user={user} />
      <h1 className="mt-6 font-serif text-4xl font-bold text-ink">Community Forum</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Forum categories">
          <ul className="space-y-1">
            {[{ key: null, label: ALL_TOPICS.label }, ...FORUM_CATEGORIES].map((c) => (
              <li key={c.key ?? "all"}>
                <a
                  href={forumHref({ category: c.key })}
                  aria-current={c.key === category ? "page" : undefined}
                  className="block rounded px-3 py-2 text-ink hover:bg-cosmic-light aria-[current=page]:bg-cosmic aria-[current=page]:text-white"
                >
                  {c.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="category-heading">
          <div className="flex flex-wrap items-start gap-4">
            <div className="flex-1">
              <h2 id="category-heading" className="font-serif text-2xl font-bold">
                {heading}
              </h2>
              <p className="mt-1 text-ink">{description}</p>
            </div>
            <Link
              to={newTopicHref}
              preventScrollReset
              className="rounded bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900"
            >
              New Topic
            </Link>
          </div>

          {loadingTopics ? (
            <p role="status" className="mt-4 text-ink">
              Loading topics
            </p>
          ) : null}

          {topics.length === 0 ? (
            <div className="mt-8 rounded-lg border border-dashed border-violet-300 bg-white p-8 text-center">
              <p className="text-lg font-semibold">No topics yet</p>
              {isFirstPage ? (
                <Link
                  to={newTopicHref}
                  className="mt-4 inline-block rounded bg-cosmic px-4 py-2 font-semibold text-white"
                >
                  Create First Topic
                </Link>
              ) : (
                <Link to={forumHref({ category })} className="mt-4 inline-block text-cosmic underline">
                  Back to the newest topics
                </Link>
              )}
            </div>
          ) : (
            <ul aria-label="Topics" className="mt-6 space-y-3">
              {topics.map((topic) => (
                <li key={topic.id} className="rounded-lg border border-violet-200 bg-white p-4 shadow-sm">
                  <h3 className="text-lg font-semibold">
                    <a href={`/forum/topic/${topic.id}`} className="text-cosmic hover:underline">
                      <bdi>{topic.title}</bdi>
                    </a>
                  </h3>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink">
                    <CategoryBadge category={topic.category} />
                    <span>
                      by <bdi>{topic.author.username}</bdi>
                    </span>
                    <span>
                      Created <FormattedDate date={topic.createdAt} />
                    </span>
                    <span>
                      {topic.postCount} {topic.postCount === 1 ? "reply" : "replies"}
                    </span>
                    <span>
                      Latest activity <FormattedDate date={topic.lastActivityAt} />
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          )}

          {!isFirstPage || nextCursor ? (
            <nav aria-label="Topic pages" className="mt-6 flex gap-3 text-sm">
              {!isFirstPage ? (
                <a href={forumHref({ category })} className="rounded border border-violet-300 px-3 py-1 text-cosmic">
                  Newest topics
                </a>
              ) : null}
              {nextCursor ? (
                <a
                  href={forumHref({ category, cursor: nextCursor })}
                  className="rounded border border-violet-300 px-3 py-1 text-cosmic"
                >
                  Older topics
                </a>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>

      {showNewTopic && user ? <NewTopicDialog category={category} /> : null}
      {showEmailPrompt && !showAddEmail ? <EmailPrompt /> : null}
      {showAddEmail ? <AddEmailDialog /> : null}
    </div>
  );
}

function NewTopicDialog({ category }: { category: string | null }) {
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { show } = useToast();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const lastResult = actionData?.intent === "create-topic" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "create-topic",
    lastResult,
    constraint: getZodConstraint(topicSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: topicSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
    defaultValue: { category: category ?? "general" },
  });
  const closeHref = (() => {
    const next = new URLSearchParams(searchParams);
    next.delete("new");
    const query = next.toString();
    return query ? `/forum?${query}` : "/forum";
  })();

  // With JavaScript the server-rendered form becomes a modal dialog (focus trapped, Escape closes it).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeHref, { preventScrollReset: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (actionData?.toast) show({ ...actionData.toast, type: "error" });
  }, [actionData, show]);

  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-topic";
  return (
    <dialog
      ref={dialogRef}
      open
      aria-labelledby="new-topic-title"
      className="fixed inset-0 z-50 m-auto w-[min(40rem,calc(100vw-2rem))] rounded-lg border border-violet-300 bg-white p-6 text-ink shadow-xl backdrop:bg-black/40"
    >
      <h2 id="new-topic-title" className="font-serif text-2xl font-bold">
        Create New Topic
      </h2>
      {actionData?.toast ? (
        <ErrorSummary title={actionData.toast.title} description={actionData.toast.description} />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="create-topic" />
        <HoneypotField formId="new-topic" />
        <div>
          <label htmlFor={fields.title.id} className="block font-semibold">
            Title
          </label>
          <input
            {...getInputProps(fields.title, { type: "text" })}
            className="mt-1 w-full rounded border border-violet-300 px-3 py-2"
          />
          <FieldError id={fields.title.errorId} errors={fields.title.errors} />
        </div>
        <div>
          <label htmlFor={fields.description.id} className="block font-semibold">
            Description (optional)
          </label>
          <textarea
            {...getTextareaProps(fields.description)}
            rows={4}
            className="mt-1 w-full rounded border border-violet-300 px-3 py-2"
          />
          <FieldError id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <div>
          <label htmlFor={fields.category.id} className="block font-semibold">
            Category
          </label>
          <select
            {...getSelectProps(fields.category)}
            className="mt-1 w-full rounded border border-violet-300 bg-white px-3 py-2"
          >
            {FORUM_CATEGORIES.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        </div>
        <div className="flex gap-3">
          <button type="submit" disabled={busy} className="rounded bg-cosmic px-4 py-2 font-semibold text-white">
            {busy ? "Creating..." : "Create Topic"}
          </button>
          <Link to={closeHref} preventScrollReset className="rounded border border-violet-300 px-4 py-2 text-ink">
            Cancel
          </Link>
        </div>
      </Form>
    </dialog>
  );
}

/** The forum address the visitor is on, without the add-email dialog. */
function useForumAddressWithoutDialog() {
  const [searchParams] = useSearchParams();
  const next = new URLSearchParams(searchParams);
  next.delete("dialog");
  next.delete("index"); // present after a form posted to the index route without JavaScript
  const query = next.toString();
  return { query, href: query ? `/forum?${query}` : "/forum" };
}

function AddEmailDialog() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { show } = useToast();
  const { href: closeTo } = useForumAddressWithoutDialog();
  const lastResult =
    actionData?.intent === "add-email" ? (actionData.result as SubmissionResult<string[]> | undefined) : undefined;
  const [form, fields] = useForm({
    id: "forum-add-email",
    lastResult,
    constraint: getZodConstraint(addEmailSchema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addEmailSchema }),
  });
  useEffect(() => {
    if (actionData?.intent !== "add-email" || !actionData.toast) return;
    show({
      title: "Failed to add email",
      description: actionData.toast.description ?? "Failed to add email",
      type: "error",
    });
  }, [actionData, show]);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-email";
  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-black/40 p-4">
      <RouteDialog
        id="forum-add-email"
        title="Add Email"
        closeTo={closeTo}
        description="Add an email address to recover your account if you forget your password. We'll send a link to confirm it."
      >
        <Form
          method="post"
          action={`/forum?index&${new URLSearchParams({ dialog: "add-email" })}`}
          {...getFormProps(form)}
          className="space-y-4"
        >
          <AccountErrorSummary form={form} title="Failed to add email" fields={[fields.email]} resultKey={lastResult} />
          <input type="hidden" name="intent" value="add-email" />
          <input type="hidden" name="redirectTo" value={closeTo} />
          <TextField meta={fields.email} label="Email address" type="email" autoComplete="email" />
          <SubmitButton busy={busy} busyLabel="Adding...">
            Add Email
          </SubmitButton>
        </Form>
      </RouteDialog>
    </div>
  );
}

function EmailPrompt() {
  const { query } = useForumAddressWithoutDialog();
  const addEmailHref = `/forum?${new URLSearchParams([...new URLSearchParams(query), ["dialog", "add-email"]])}`;
  return (
    <aside
      aria-labelledby="email-prompt-title"
      className="fixed bottom-24 left-4 z-40 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-violet-300 bg-white p-4 shadow-lg"
    >
      <h2 id="email-prompt-title" className="font-semibold">
        Enhance Your Account Security
      </h2>
      <p className="mt-1 text-sm">
        Add an e-mail address so you can recover your account and hear when someone replies to your topics.
      </p>
      <div className="mt-3 flex gap-2">
        <Link
          to={addEmailHref}
          preventScrollReset
          className="rounded bg-cosmic px-3 py-1 text-sm font-semibold text-white"
        >
          Add Email
        </Link>
        <Form method="post" action="/forum?index">
          <input type="hidden" name="intent" value="dismiss-email-prompt" />
          <input type="hidden" name="redirectTo" value={query ? `/forum?${query}` : "/forum"} />
          <button type="submit" className="rounded border border-violet-300 px-3 py-1 text-sm">
            Later
          </button>
        </Form>
      </div>
    </aside>
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
    <ErrorPanel title="Failed to fetch topics" text="The forum could not be loaded. Please try again in a moment." />
  );
}
