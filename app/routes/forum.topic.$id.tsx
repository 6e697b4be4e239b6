import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
  useSearchParams,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { isDatabaseUnavailable } from "#db/client.server";
import { getUser, requireUser } from "~/accounts/session.server";
import { isModeratorUser } from "~/accounts/users.server";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { useLinkNavigation } from "~/components/link-navigation";
import { useToast } from "~/components/toaster";
import { PostContent } from "~/forum/content";
import { checkForumLimit } from "~/forum/limits.server";
import {
  editPostSchema,
  HIDDEN_POST_NOTICE,
  HIDDEN_TOPIC_NOTICE,
  postContentProblem,
  postSchema,
  TOPIC_LOCKED,
} from "~/forum/schemas";
import {
  canSeeHidden,
  createPost,
  ForumWriteRefusedError,
  getPost,
  getTopic,
  isRecentRepeat,
  listPosts,
  pageCountFor,
  pageOfPost,
  parseId,
  updatePost,
  type ForumPost,
} from "~/forum/topics.server";
import { CategoryBadge, ErrorSummary, FieldError, ForumHeader, FormattedDate, PageLinks } from "~/forum/ui";
import { handleModerationIntent } from "~/moderation/forms.server";
import type { ModerationAction } from "~/moderation/schemas";
import { confirmValue, FlagForm, ModerationForm, parseConfirm } from "~/moderation/ui";
import { guardedServerAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";

const INVALID_ID = "Topic Not Found: the address does not name a topic.";
const MISSING = "Topic Not Found: this topic may have been deleted or moved.";

async function loadTopic(idParam: string | undefined) {
  const id = parseId(idParam);
  if (!id) throw new Response(INVALID_ID, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const topic = await getTopic(id);
  if (!topic) throw new Response(MISSING, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return topic;
}

function topicHref(topicId: number, page: number, extra: Record<string, string> = {}) {
  const search = new URLSearchParams(page > 1 ? { page: String(page), ...extra } : extra).toString();
  return `/forum/topic/${topicId}${search ? `?${search}` : ""}`;
}

export const FETCH_TOPIC_FAILED = "Failed to fetch topic";
export const FETCH_POSTS_FAILED = "Failed to fetch posts";

/** An unexpected failure of one of the loader's reads becomes a 500 whose text is the spec's (section 8). */
async function orFail<T>(read: Promise<T>, message: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Response || isDatabaseUnavailable(error)) throw error; // an outage is a 503 (decision 006)
    console.error(error);
    throw new Response(message, { status: 500, statusText: "Internal Server Error" });
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const topic = await orFail(loadTopic(params.id), FETCH_TOPIC_FAILED);
  const user = await getUser(request);
  const reader = user ? { id: user.id, canModerate: isModeratorUser(user) } : null;
  // A hidden topic is shown only to its author and to moderators (decision 026).
  if (topic.hidden && !canSeeHidden(reader, topic.authorId)) throw new Response(MISSING, { status: 404 });
  const url = new URL(request.url);
  const pageCount = pageCountFor(topic.postCount);
  const pageParam = url.searchParams.get("page");
  const requestedPage = pageParam === "last" ? pageCount : Number(pageParam ?? 1);

  // ?edit=postId shows the edit form in place (no JavaScript needed); it is honoured only for one's own post.
  const editId = parseId(url.searchParams.get("edit"));
  let editing: number | null = null;
  if (editId && user) {
    const post = await getPost(editId);
    if (post && post.topicId === topic.id && post.authorId === user.id) {
      const page = pageOfPost(post.number);
      if (page !== requestedPage) throw redirect(topicHref(topic.id, page, { edit: String(post.id) }));
      editing = post.id;
    }
  }
  const { posts, page } = await orFail(
    listPosts({ topicId: topic.id, postCount: topic.postCount, page: requestedPage, reader }),
    FETCH_POSTS_FAILED,
  );
  // ?confirm=<action>-<post|topic>-<id> opens a flag or moderation form in place (decision 026), honoured only
  // for what the reader may do: flag someone else's post or topic, or moderate as a moderator.
  let confirm = parseConfirm(url.searchParams.get("confirm"));
  if (confirm) {
    const target =
      confirm.targetType === "topic"
        ? confirm.targetId === topic.id
          ? topic
          : undefined
        : posts.find((p) => p.id === confirm!.targetId);
    const allowed =
      target && user && (confirm.action === "flag" ? target.authorId !== user.id : reader?.canModerate === true);
    if (!allowed) confirm = null;
  }
  return {
    user: user ? { id: user.id, username: user.username } : null,
    canModerate: reader?.canModerate ?? false,
    topic: { ...topic, locked: topic.lockedAt !== null },
    posts: posts.map(({ id, authorId, number, content, createdAt, edited, author, hidden }) => ({
      id,
      authorId,
      number,
      content,
      createdAt,
      edited,
      author,
      hidden,
    })),
    page,
    pageCount,
    editing,
    confirm,
  };
}

type Toast = { title: string; description?: string };
const firstError = (errors: Record<string, string[] | null> | null | undefined) =>
  Object.values(errors ?? {})
    .flat()
    .find((message): message is string => !!message);
/** A post as the page shows it. */
type PostView = Pick<
  ForumPost,
  "id" | "authorId" | "number" | "content" | "createdAt" | "edited" | "author" | "hidden"
>;

/** A refused write (locked topic, silenced member) as the form's failure, with the domain's status. */
function refusal(error: unknown, intent: "reply" | "edit", title: string) {
  if (!(error instanceof ForumWriteRefusedError)) throw error;
  return data(
    {
      intent,
      result: { status: "error" as const, error: { "": [error.message] } },
      toast: { title, description: error.message } as Toast,
    },
    { status: error.status },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const topic = await loadTopic(params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "flag" || intent === "moderate") {
    const url = new URL(request.url);
    url.searchParams.delete("confirm");
    return handleModerationIntent({ intent, formData, user, redirectTo: `${url.pathname}${url.search}` });
  }

  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: postSchema });
    if (submission.status !== "success") {
      const problem = postContentProblem(formData.get("content"));
      const description = problem?.description ?? firstError(submission.error);
      return data(
        { intent, result: submission.reply(), toast: { title: "Failed to post reply", description } as Toast },
        { status: 400 },
      );
    }
    const limited = await checkForumLimit("reply", user.id, () =>
      isRecentRepeat({ authorId: user.id, topicId: topic.id, content: submission.value.content }),
    );
    if (limited) {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [limited.message] }),
          toast: { title: "Failed to post reply", description: limited.message } as Toast,
        },
        { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
      );
    }
    let created;
    try {
      created = await createPost({ topicId: topic.id, authorId: user.id, content: submission.value.content });
    } catch (error) {
      return refusal(error, intent, "Failed to post reply");
    }
    if (!created) throw new Response(MISSING, { status: 404 });
    const { number } = created.post;
    return redirectWithToast(`${topicHref(topic.id, pageOfPost(number))}#post-${number}`, {
      title: "Reply posted!",
      type: "success",
    });
  }

  if (intent === "edit") {
    const submission = parseWithZod(formData, { schema: editPostSchema });
    if (submission.status !== "success") {
      const problem = postContentProblem(formData.get("content")) ?? {
        title: "Failed to update post",
        description: firstError(submission.error),
      };
      return data({ intent, result: submission.reply(), toast: problem as Toast }, { status: 400 });
    }
    const limited = await checkForumLimit("edit", user.id);
    if (limited) {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [limited.message] }),
          toast: { title: "Failed to update post", description: limited.message } as Toast,
        },
        { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
      );
    }
    let outcome;
    try {
      outcome = await updatePost({
        postId: submission.value.postId,
        authorId: user.id,
        content: submission.value.content,
      });
    } catch (error) {
      return refusal(error, intent, "Failed to update post");
    }
    if (outcome.status === "forbidden") {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: ["You can only edit your own posts."] }),
          toast: { title: "Failed to update post", description: "You can only edit your own posts." } as Toast,
        },
        { status: 403 },
      );
    }
    if (outcome.status === "not-found" || outcome.post.topicId !== topic.id) {
      throw new Response("Post not found", { status: 404 });
    }
    const { number } = outcome.post;
    return redirectWithToast(`${topicHref(topic.id, pageOfPost(number))}#post-${number}`, {
      title: "Post updated!",
      type: "success",
    });
  }

  return data({ intent: "unknown", result: undefined, toast: { title: "Unknown action" } as Toast }, { status: 400 });
}

/** With JavaScript, a reply or edit the server never answered (or answered with a 5xx) gets the spec's toast. */
export const clientAction = (args: ClientActionFunctionArgs) =>
  guardedServerAction(args, (intent, failure) => ({
    intent,
    failure,
    result: undefined,
    toast: {
      title:
        intent === "edit"
          ? "Failed to update post"
          : intent === "flag"
            ? "Could not flag"
            : intent === "moderate"
              ? "Could not complete the action"
              : "Failed to post reply",
      description: failure.message,
    } as Toast,
  }));
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function TopicPage() {
  const { user, canModerate, topic, posts, page, pageCount, editing, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { show } = useToast();
  const loadingDiscussion = navigation.state === "loading" && navigation.location?.pathname.startsWith("/forum/topic/");
  const linkNavigation = useLinkNavigation();

  useEffect(() => {
    if (actionData?.toast) show({ ...actionData.toast, type: "error" });
  }, [actionData, show]);
  const failure =
    actionData && (actionData.intent === "flag" || actionData.intent === "moderate") ? actionData : undefined;
  const confirmHref = (action: ModerationAction | "flag", targetType: "post" | "topic", targetId: number) =>
    topicHref(topic.id, page, { confirm: confirmValue(action, targetType, targetId) });
  const here = topicHref(topic.id, page);
  const topicConfirm = confirm?.targetType === "topic" ? confirm : null;

  return (
    // The header, back and page links are plain anchors navigated by one handler (useLinkNavigation).
    <div className="mx-auto max-w-4xl px-4 py-6" onClick={linkNavigation}>
      <ForumHeader user={user} />
      <p className="mt-4">
        <a href="/forum" className="text-cosmic underline">
          Back to Forum
        </a>
      </p>
      <article
        aria-labelledby="topic-title"
        className="mt-4 rounded-lg border border-violet-200 bg-white p-6 shadow-sm"
      >
        <CategoryBadge category={topic.category} />
        <h1 id="topic-title" className="mt-2 font-serif text-3xl font-bold break-words">
          <bdi>{topic.title}</bdi>
        </h1>
        {topic.description ? <PostContent text={topic.description} className="mt-3 text-lg" /> : null}
        <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
          <span>
            Started by <bdi>{topic.author.username}</bdi>
          </span>
          <span>
            <FormattedDate date={topic.createdAt} />
          </span>
          <span>
            {topic.postCount} {topic.postCount === 1 ? "reply" : "replies"}
          </span>
        </p>
        {topic.hidden ? (
          <p className="mt-3 rounded border border-amber-400 bg-amber-50 p-2 text-sm">
            <strong>{HIDDEN_TOPIC_NOTICE}.</strong> Other readers cannot see it.
            {topic.hidden.reason ? ` Reason: ${topic.hidden.reason}` : ""}
          </p>
        ) : null}
        {topic.locked ? (
          <p className="mt-3 rounded border border-violet-300 bg-violet-50 p-2 text-sm font-semibold">
            <span aria-hidden="true">🔒 </span>
            {TOPIC_LOCKED}
          </p>
        ) : null}
        {user && (canModerate || user.id !== topic.authorId) ? (
          <p className="mt-3 flex flex-wrap gap-3 text-sm">
            {user.id !== topic.authorId ? (
              <Link to={confirmHref("flag", "topic", topic.id)} preventScrollReset className="text-cosmic underline">
                Flag topic
              </Link>
            ) : null}
            {canModerate ? (
              <>
                <Link
                  to={confirmHref(topic.locked ? "unlock" : "lock", "topic", topic.id)}
                  preventScrollReset
                  className="text-cosmic underline"
                >
                  {topic.locked ? "Unlock topic" : "Lock topic"}
                </Link>
                <Link to={confirmHref("move", "topic", topic.id)} preventScrollReset className="text-cosmic underline">
                  Move topic
                </Link>
                <Link
                  to={confirmHref(topic.hidden ? "unhide" : "hide", "topic", topic.id)}
                  preventScrollReset
                  className="text-cosmic underline"
                >
                  {topic.hidden ? "Unhide topic" : "Hide topic"}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        {topicConfirm?.action === "flag" ? (
          <FlagForm targetType="topic" targetId={topic.id} cancelHref={here} failure={failure} subject="this topic" />
        ) : topicConfirm ? (
          <ModerationForm
            action={topicConfirm.action as ModerationAction}
            targetType="topic"
            targetId={topic.id}
            cancelHref={here}
            failure={failure}
            subject="this topic"
          />
        ) : null}
      </article>

      {loadingDiscussion ? (
        <p role="status" className="mt-4">
          Loading discussion
        </p>
      ) : null}

      <section aria-labelledby="posts-heading" className="mt-8">
        <h2 id="posts-heading" className="font-serif text-2xl font-bold">
          Posts
        </h2>
        <PageLinks page={page} pageCount={pageCount} href={(p) => topicHref(topic.id, p)} label="Post pages" />
        {posts.length === 0 ? <p className="mt-4">No replies yet. Start the conversation below.</p> : null}
        <ol className="mt-4 space-y-4" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                isOwn={user?.id === post.authorId}
                isEditing={editing === post.id}
                editHref={topicHref(topic.id, page, { edit: String(post.id) })}
                cancelHref={`${topicHref(topic.id, page)}#post-${post.number}`}
                flagHref={
                  user && user.id !== post.authorId
                    ? `${confirmHref("flag", "post", post.id)}#post-${post.number}`
                    : null
                }
                moderateHref={
                  canModerate
                    ? `${confirmHref(post.hidden ? "unhide" : "hide", "post", post.id)}#post-${post.number}`
                    : null
                }
              >
                {confirm?.targetType === "post" && confirm.targetId === post.id ? (
                  confirm.action === "flag" ? (
                    <FlagForm
                      targetType="post"
                      targetId={post.id}
                      cancelHref={`${here}#post-${post.number}`}
                      failure={failure}
                      subject={`post #${post.number}`}
                    />
                  ) : (
                    <ModerationForm
                      action={confirm.action as ModerationAction}
                      targetType="post"
                      targetId={post.id}
                      cancelHref={`${here}#post-${post.number}`}
                      failure={failure}
                      subject={`post #${post.number}`}
                    />
                  )
                ) : null}
              </PostCard>
            </li>
          ))}
        </ol>
        <PageLinks page={page} pageCount={pageCount} href={(p) => topicHref(topic.id, p)} label="Post pages (bottom)" />
      </section>

      <section aria-labelledby="reply-heading" className="mt-8 rounded-lg border border-violet-200 bg-white p-6">
        <h2 id="reply-heading" className="font-serif text-2xl font-bold">
          Join the Discussion
        </h2>
        {topic.locked ? (
          <p className="mt-3">{TOPIC_LOCKED}</p>
        ) : user ? (
          <CollapsibleReply>
            <ReplyForm key={`reply-${topic.postCount}`} />
          </CollapsibleReply>
        ) : (
          <p className="mt-3">
            <Link
              to={`/auth?redirectTo=${encodeURIComponent(`/forum/topic/${topic.id}`)}`}
              className="text-cosmic underline"
            >
              Sign In / Register
            </Link>{" "}
            to reply to this topic.
          </p>
        )}
      </section>
    </div>
  );
}

function PostCard({
  post,
  isOwn,
  isEditing,
  editHref,
  cancelHref,
  flagHref,
  moderateHref,
  children,
}: {
  post: PostView;
  isOwn: boolean;
  isEditing: boolean;
  editHref: string;
  cancelHref: string;
  flagHref: string | null;
  moderateHref: string | null;
  children?: ReactNode;
}) {
  // A hidden post keeps its place and number (decision 026). Readers who may not see it get the notice only; its
  // author and moderators see the notice, the reason and the text, which read-aloud skips.
  const hiddenText = post.hidden && post.content !== HIDDEN_POST_NOTICE;
  return (
    <article
      id={`post-${post.number}`}
      aria-labelledby={`post-${post.number}-label`}
      className="scroll-mt-4 rounded-lg border border-violet-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span id={`post-${post.number}-label`} className="font-bold text-cosmic">
          #{post.number}
          <span className="sr-only">
            {" "}
            by <bdi>{post.author.username}</bdi>
          </span>
        </span>
        <span aria-hidden="true" className="font-semibold">
          <bdi>{post.author.username}</bdi>
        </span>
        <FormattedDate date={post.createdAt} />
        {post.edited ? <span className="italic">(edited)</span> : null}
        <span className="ml-auto flex gap-3">
          {isOwn && !isEditing && !post.hidden ? (
            <Link to={editHref} preventScrollReset className="text-cosmic underline">
              Edit<span className="sr-only"> post #{post.number}</span>
            </Link>
          ) : null}
          {flagHref ? (
            <Link to={flagHref} preventScrollReset className="text-cosmic underline">
              Flag<span className="sr-only"> post #{post.number}</span>
            </Link>
          ) : null}
          {moderateHref ? (
            <Link to={moderateHref} preventScrollReset className="text-cosmic underline">
              {post.hidden ? "Unhide" : "Hide"}
              <span className="sr-only"> post #{post.number}</span>
            </Link>
          ) : null}
        </span>
      </header>
      {post.hidden ? (
        <p className="mt-2 italic">
          {HIDDEN_POST_NOTICE}
          {hiddenText && post.hidden.reason ? `. Reason: ${post.hidden.reason}` : ""}
        </p>
      ) : null}
      {isEditing ? (
        <EditForm post={post} cancelHref={cancelHref} />
      ) : !post.hidden ? (
        <PostContent text={post.content} className="mt-2" />
      ) : hiddenText ? (
        <div data-read-aloud="skip" className="mt-2 border-l-4 border-amber-400 pl-3 text-ink/80">
          <PostContent text={post.content} />
        </div>
      ) : null}
      {children}
    </article>
  );
}

/**
 * The reply form is collapsed or expanded (spec section 4). Without JavaScript (the server render) and at
 * ?reply=1 it is expanded; with JavaScript it starts collapsed behind a 'Write a Reply' button, and stays open
 * after a failed reply so the text is not lost.
 */
function CollapsibleReply({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const [hydrated, setHydrated] = useState(false);
  const [expanded, setExpanded] = useState(params.get("reply") === "1");
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (actionData?.intent === "reply") setExpanded(true);
  }, [actionData]);
  const open = !hydrated || expanded;
  return (
    <>
      {hydrated ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls="reply-panel"
          onClick={() => setExpanded((value) => !value)}
          className="mt-3 rounded border border-cosmic px-4 py-2 font-semibold text-cosmic"
        >
          {open ? "Hide Reply Form" : "Write a Reply"}
        </button>
      ) : null}
      <div id="reply-panel" hidden={!open}>
        {children}
      </div>
    </>
  );
}

function useFormResult(intent: "reply" | "edit") {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData : undefined;
}

function ReplyForm() {
  const actionData = useFormResult("reply");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reply",
    lastResult: actionData?.result,
    constraint: getZodConstraint(postSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      {actionData?.toast ? (
        <ErrorSummary title={actionData.toast.title} description={actionData.toast.description} />
      ) : null}
      <input type="hidden" name="intent" value="reply" />
      <label htmlFor={fields.content.id} className="block font-semibold">
        Your reply
      </label>
      <textarea
        {...getTextareaProps(fields.content)}
        rows={5}
        className="w-full rounded border border-violet-300 px-3 py-2"
      />
      <FieldError id={fields.content.errorId} errors={fields.content.errors} />
      <button type="submit" disabled={busy} className="rounded bg-cosmic px-4 py-2 font-semibold text-white">
        {busy ? "Posting..." : "Post Reply"}
      </button>
    </Form>
  );
}

function EditForm({ post, cancelHref }: { post: PostView; cancelHref: string }) {
  const actionData = useFormResult("edit");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `edit-${post.id}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(editPostSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editPostSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
    defaultValue: { content: post.content, postId: String(post.id) },
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "edit";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
      {actionData?.toast ? (
        <ErrorSummary title={actionData.toast.title} description={actionData.toast.description} />
      ) : null}
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="postId" value={post.id} />
      <label htmlFor={fields.content.id} className="block font-semibold">
        Edit post #{post.number}
      </label>
      <textarea
        {...getTextareaProps(fields.content)}
        rows={5}
        className="w-full rounded border border-violet-300 px-3 py-2"
      />
      <FieldError id={fields.content.errorId} errors={fields.content.errors} />
      <div className="flex gap-3">
        <button type="submit" disabled={busy} className="rounded bg-cosmic px-4 py-2 font-semibold text-white">
          {busy ? "Saving..." : "Save"}
        </button>
        <Link to={cancelHref} preventScrollReset className="rounded border border-violet-300 px-4 py-2 text-ink">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches, params }) =>
  loaderData
    ? pageMeta({
        title: loaderData.topic.title,
        description: loaderData.topic.description ?? `A discussion in the Community Forum`,
        path: `/forum/topic/${params.id}`,
        origin: originFromMatches(matches),
        type: "article",
      })
    : [{ title: "Topic Not Found" }];

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || (error.status >= 500 && error.status !== 503)) {
    const title =
      isRouteErrorResponse(error) && error.data === FETCH_POSTS_FAILED ? FETCH_POSTS_FAILED : FETCH_TOPIC_FAILED;
    return (
      <ErrorPanel title={title} text="The discussion could not be loaded. Please try again in a moment.">
        <Link to="/forum" className="text-cosmic underline">
          Back to Forum
        </Link>
      </ErrorPanel>
    );
  }
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: ({ message }) => (
          <ErrorPanel
            title="Topic Not Found"
            text={
              message === INVALID_ID
                ? "That address does not name a forum topic."
                : "This topic may have been deleted or moved."
            }
          >
            <Link to="/forum" className="text-cosmic underline">
              Back to Forum
            </Link>
          </ErrorPanel>
        ),
      }}
    />
  );
}
