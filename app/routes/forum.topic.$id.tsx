import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useRouteError,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { getUser, requireUser } from "~/accounts/session.server";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { useAnswerToast } from "~/components/form-answer";
import { useLinkNavigation } from "~/components/link-navigation";
import {
  bookmarkIntent,
  editIntent,
  FORM_CONSTRAINTS,
  likeIntent,
  previewedForm,
  previewIntent,
  replyIntent,
  watchIntent,
} from "~/forum/forms.server";
import { likesOf } from "~/forum/likes.server";
import { headerNotifications } from "~/forum/member-notifications.server";
import { FETCH_POSTS_FAILED, FETCH_TOPIC_FAILED, TOPIC_INVALID_ID, TOPIC_LOCKED, TOPIC_MISSING } from "~/forum/notices";
import { mayOpenEditor, topicHref, topicPageAsked } from "~/forum/pages";
import { postsHtml, readableText } from "~/forum/post-html.server";
import { recordRead } from "~/forum/reading.server";
import {
  loadTopic,
  orFail,
  postRedirect,
  quoteFor,
  readerBookmarks,
  readerLikes,
  readerOwns,
  topicPageMeta,
  writtenAt,
} from "~/forum/topic-page.server";
import {
  canSeeTopic,
  getPost,
  listPosts,
  pageCountFor,
  pageOfPost,
  POSTS_PER_PAGE,
  readerOf,
} from "~/forum/topics.server";
import { CollapsibleReply } from "~/forum/ui/collapsible-reply";
import { ForumHeader } from "~/forum/ui/forum-header";
import { JumpToPostForm } from "~/forum/ui/jump-to-post-form";
import { PageLinks } from "~/forum/ui/page-links";
import { PostCard } from "~/forum/ui/post-card";
import { TopicArticle } from "~/forum/ui/topic-article";
import { useFocusPostInAddress } from "~/forum/ui/use-focus-post";
import { WatchForm } from "~/forum/ui/watch-form";
import { watchFormView } from "~/forum/watching";
import { topicWatchLevel } from "~/forum/watching.server";
import { allowedTopicConfirm, parseConfirm, topicPageConfirmLinks } from "~/moderation/confirm.server";
import { handleModerationIntent, MODERATION_CONSTRAINTS } from "~/moderation/forms.server";
import { ConfirmLinks, ItemConfirmation, TopicModerationLinks } from "~/moderation/ui/topic-controls";
import { guardedServerAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { parseId } from "~/utils/ids";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const topic = await orFail(loadTopic(params.id), FETCH_TOPIC_FAILED);
  const user = await getUser(request);
  const reader = readerOf(user);
  // A hidden topic is shown only to its author and to moderators (decision 026).
  if (!canSeeTopic(reader, topic)) throw new Response(TOPIC_MISSING, { status: 404 });
  const url = new URL(request.url);
  // ?post=N (the jump form, decision 311): the page that holds post N, at the post.
  if (url.searchParams.has("post")) throw await postRedirect(topic, url.searchParams.get("post"));
  const pageCount = pageCountFor(topic.postCount);
  const requestedPage = topicPageAsked(url.searchParams, pageCount);

  // ?edit=postId shows the edit form in place (no JavaScript needed); it is honoured only for one's own post.
  const editId = parseId(url.searchParams.get("edit"));
  const editPost = editId && user ? await getPost(editId) : null;
  const editing = mayOpenEditor(user?.id, topic.id, editPost) ? editPost!.id : null;
  if (editing) {
    const page = pageOfPost(editPost!.number);
    if (page !== requestedPage) throw redirect(topicHref(topic.id, page, { edit: String(editing) }));
  }
  const { posts, page } = await orFail(
    listPosts({ topicId: topic.id, postCount: topic.postCount, page: requestedPage, reader }),
    FETCH_POSTS_FAILED,
  );
  // ?confirm=<action>-<post|topic>-<id> opens a flag or moderation form in place (decision 026).
  const confirm = allowedTopicConfirm(parseConfirm(url.searchParams.get("confirm")), { topic, posts, reader });
  const locked = topic.lockedAt !== null;
  // ?quote=postId (a post's Quote link, decision 313): the reply form opens holding that post as a quote.
  const quote =
    user && !locked && url.searchParams.has("quote")
      ? await orFail(quoteFor(topic, page, url.searchParams.get("quote")), FETCH_POSTS_FAILED)
      : null;
  if (quote instanceof Response) throw quote;
  const owns = readerOwns(context, user?.id);
  // Likes (decision 312): each visible post's count and first names, and which the reader likes.
  const shownIds = posts.filter((post) => !post.hidden).map((post) => post.id);
  // The posts' and the opening's HTML (decision 340): hidden text the reader may not see is never rendered.
  const texts = posts.map(readableText);
  const [likes, liked, bookmarked, [descriptionHtml, ...postHtml]] = await Promise.all([
    orFail(likesOf({ postIds: shownIds }), FETCH_POSTS_FAILED),
    orFail(readerLikes(context, user?.id, shownIds), FETCH_POSTS_FAILED),
    // and which the reader bookmarked (decision 360)
    orFail(readerBookmarks(context, user?.id, shownIds), FETCH_POSTS_FAILED),
    orFail(postsHtml([topic.description || null, ...texts]), FETCH_POSTS_FAILED),
  ]);
  // The member has now seen the topic up to the page's last post (decision 310); a member template's render (the
  // page cache's own, as a made-up member) records nothing: the cache records each member's read as it serves them.
  if (user && !context.pageCache?.member) {
    await recordRead({
      memberId: user.id,
      topicId: topic.id,
      number: Math.min(page * POSTS_PER_PAGE, topic.postCount),
    });
  }
  // The member's watch level (decision 350): in a member template, the one its key names.
  const watchLevel = !user
    ? null
    : (context.forumWatchLevel ??
      (await orFail(topicWatchLevel({ memberId: user.id, topicId: topic.id }), FETCH_TOPIC_FAILED)));
  const watch = watchLevel ? watchFormView(watchLevel, "topic") : null;
  // the flag and moderation links the reader may follow (decision 026), written here (decision 430)
  const confirmLinks = topicPageConfirmLinks({
    topicId: topic.id,
    page,
    userId: user?.id,
    canModerate: reader?.canModerate ?? false,
  });
  const topicOwn = owns.topic(topic);
  return {
    // the page's title and Open Graph tags, written here: the page ships no meta code (decision 430)
    meta: topicPageMeta(topic, `/forum/topic/${params.id}`),
    user: user ? { id: user.id, username: user.username } : null,
    notifications: await headerNotifications(context, user),
    watch,
    topic: {
      ...topic,
      descriptionHtml: descriptionHtml ?? null,
      locked,
      own: topicOwn,
      confirmLinks: confirmLinks.topic({ own: topicOwn, locked, hidden: topic.hidden }),
    },
    posts: posts.map(({ id, authorId, number, content, createdAt, edited, author, hidden }, i) => {
      const own = owns.post({ id, authorId });
      return {
        id,
        authorId,
        number,
        // The text as HTML, rendered here (the page ships no renderer: decisions 313, 340); none when the reader may
        // not see a hidden post's text; the text itself only for the post being edited.
        html: postHtml[i] ?? null,
        content: editing === id ? content : undefined,
        createdAt,
        // written here: the page ships no date code (decision 430)
        when: writtenAt(createdAt),
        edited,
        author,
        hidden,
        own,
        likes: likes.get(id) ?? null,
        liked: liked.has(id),
        bookmarked: bookmarked.has(id),
        confirmLinks: confirmLinks.post({ id, number, own, hidden }),
      };
    }),
    page,
    pageCount,
    quote,
    editing,
    confirm,
    // The forms' constraints, for the forms the page shows (the schemas stay on the server).
    constraints: {
      reply: user && !locked ? FORM_CONSTRAINTS.post : null,
      edit: editing ? FORM_CONSTRAINTS.editPost : null,
      confirm: confirm ? MODERATION_CONSTRAINTS[confirm.action === "flag" ? "flag" : "moderate"] : null,
    },
  };
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
  const previewed = previewedForm(formData, "reply");
  if (previewed) return previewIntent(formData, previewed);
  if (intent === "reply") return replyIntent(formData, user, topic);
  if (intent === "edit") return editIntent(formData, user, topic);
  if (intent === "like" || intent === "unlike") return likeIntent(formData, user, topic);
  if (intent === "bookmark" || intent === "unbookmark") return bookmarkIntent(formData, user, topic);
  if (intent === "watch") {
    // A hidden topic is not found by those who cannot see it (decision 298).
    if (!canSeeTopic(readerOf(user), topic)) throw new Response(TOPIC_MISSING, { status: 404 });
    const url = new URL(request.url);
    return watchIntent(formData, user, topic, `${url.pathname}${url.search}`);
  }
  return data({ intent: "unknown", result: undefined, toast: { title: "Unknown action" } }, { status: 400 });
}

const FAILURE_TITLES: Record<string, string> = {
  edit: "Failed to update post",
  flag: "Could not flag",
  moderate: "Could not complete the action",
};
/** With JavaScript, a reply or edit the server never answered (or answered with a 5xx) gets the spec's toast. */
export const clientAction = (args: ClientActionFunctionArgs) =>
  guardedServerAction(args, (intent, failure) => ({
    intent,
    failure,
    result: undefined,
    toast: { title: FAILURE_TITLES[intent] ?? "Failed to post reply", description: failure.message },
  }));
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function TopicPage() {
  const { user, notifications, watch, topic, posts, page, pageCount, quote, editing, confirm, constraints } =
    useLoaderData<typeof loader>();
  useAnswerToast(useActionData<typeof action>());
  const linkNavigation = useLinkNavigation();
  useFocusPostInAddress();
  const pageHref = (p: number) => topicHref(topic.id, p);
  const at = { topicId: topic.id, page };

  return (
    // The header, back and page links are plain anchors navigated by one handler (useLinkNavigation).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too); the element itself is not interactive
    <div className="mx-auto max-w-4xl px-4 py-6" onClick={linkNavigation}>
      <ForumHeader user={user} notifications={notifications} />
      <p className="mt-4">
        <a href="/forum" className="text-cosmic underline">
          Back to Forum
        </a>
      </p>
      <TopicArticle
        topic={topic}
        controls={<TopicModerationLinks links={topic.confirmLinks} />}
        dialog={<ItemConfirmation confirm={confirm} constraint={constraints.confirm} {...at} />}
      />
      {watch ? <WatchForm view={watch} /> : null}

      <section aria-labelledby="posts-heading" className="mt-8">
        <h2 id="posts-heading" className="font-serif text-2xl font-bold">
          Posts
        </h2>
        <PageLinks page={page} pageCount={pageCount} href={pageHref} label="Post pages" />
        {topic.postCount > 1 ? <JumpToPostForm topicId={topic.id} postCount={topic.postCount} /> : null}
        {posts.length === 0 ? <p className="mt-4">No replies yet. Start the conversation below.</p> : null}
        <ol className="mt-4 space-y-4" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                signedIn={!!user}
                topicId={topic.id}
                page={page}
                canQuote={!!constraints.reply}
                editConstraint={editing === post.id ? constraints.edit : null}
                controls={<ConfirmLinks links={post.confirmLinks} />}
                dialog={<ItemConfirmation confirm={confirm} constraint={constraints.confirm} post={post} {...at} />}
              />
            </li>
          ))}
        </ol>
        <PageLinks page={page} pageCount={pageCount} href={pageHref} label="Post pages (bottom)" />
      </section>

      <section aria-labelledby="reply-heading" className="mt-8 rounded-lg border border-violet-200 bg-white p-6">
        <h2 id="reply-heading" className="font-serif text-2xl font-bold">
          Join the Discussion
        </h2>
        {topic.locked ? (
          <p className="mt-3">{TOPIC_LOCKED}</p>
        ) : user && constraints.reply ? (
          <>
            {/* says what a Quote link put in the form (a live region, there before the quote: decision 313) */}
            <p role="status" className="mt-3 empty:hidden">
              {quote ? `Your reply quotes post #${quote.number} by ${quote.author}.` : ""}
            </p>
            <CollapsibleReply
              // a Quote link opens the form anew, holding its quote
              key={quote?.text}
              resetKey={`reply-${topic.postCount}`}
              constraint={constraints.reply}
              quote={quote?.text}
            />
          </>
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

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  loaderData?.meta ?? [{ title: "Topic Not Found" }];

export function ErrorBoundary() {
  const error = useRouteError();
  const backToForum = (
    <Link to="/forum" className="text-cosmic underline">
      Back to Forum
    </Link>
  );
  if (!isRouteErrorResponse(error) || (error.status >= 500 && error.status !== 503)) {
    const title =
      isRouteErrorResponse(error) && error.data === FETCH_POSTS_FAILED ? FETCH_POSTS_FAILED : FETCH_TOPIC_FAILED;
    return (
      <ErrorPanel title={title} text="The discussion could not be loaded. Please try again in a moment.">
        {backToForum}
      </ErrorPanel>
    );
  }
  const notFound = ({ message }: { message: string }) => (
    <ErrorPanel
      title="Topic Not Found"
      text={
        message === TOPIC_INVALID_ID
          ? "That address does not name a forum topic."
          : "This topic may have been deleted or moved."
      }
    >
      {backToForum}
    </ErrorPanel>
  );
  // 400: the address names no topic (not an id, decision 250); 404: no such topic, or hidden from this reader.
  return <GeneralErrorBoundary statusHandlers={{ 400: notFound, 404: notFound }} />;
}
