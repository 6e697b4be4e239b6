import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { getUser, requireUser } from "~/accounts/session.server";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { useAnswerToast } from "~/components/form-answer";
import { useLinkNavigation } from "~/components/link-navigation";
import { PageHole } from "~/components/page-hole";
import { ownBookmarks } from "~/forum/bookmarks.server";
import { categoryLabel } from "~/forum/categories";
import { removeBookmarkIntent } from "~/forum/forms.server";
import { headerNotifications } from "~/forum/member-notifications.server";
import { FORUM_BOOKMARKS_HOLE, memberListHref } from "~/forum/member-pages";
import { loadMemberPage, memberPageViewer, pageParam } from "~/forum/members.server";
import { memberHref } from "~/forum/pages";
import { orFail } from "~/forum/topic-page.server";
import { readerOf } from "~/forum/topics.server";
import { ForumHeader } from "~/forum/ui/forum-header";
import { MemberBookmarks, MemberPosts, MemberSummary, MemberTopics } from "~/forum/ui/member-activity";
import { formatUtcDateTime } from "~/utils/dates";
import { originFromMatches, pageMeta } from "~/utils/meta";

const MEMBER_MISSING = "No member of the forum goes by that name.";
const FETCH_MEMBER_FAILED = "Failed to load member";

/** The page's own query: each list's page (`?posts=`, `?topics=`, and `?bookmarks=` on one's own page). */
type List = "posts" | "topics" | "bookmarks";

/** `/forum/u/<username>`: a member's page (decision 360). Public; the member's own page adds their bookmarks. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getUser(request);
  // in the member template of one's own page, the member whose page it is (the page cache says so)
  const reader = memberPageViewer(context, readerOf(user));
  const at = (name: List) => pageParam(url.searchParams.get(name));
  const found = await orFail(
    loadMemberPage({ name: params.username, reader, postsPage: at("posts"), topicsPage: at("topics") }),
    FETCH_MEMBER_FAILED,
  );
  if (!found) throw new Response(MEMBER_MISSING, { status: 404, headers: { "Content-Type": "text/plain" } });
  // Names are looked up without case (as mentions are): the page lives at the member's own spelling.
  if (params.username !== found.member.username) {
    throw redirect(`${memberHref(found.member.username)}${url.search}`, 301);
  }
  // one's own bookmarks (only they see them); none in the own page's member template, where they are a hole
  const bookmarks =
    found.own && reader
      ? await orFail(ownBookmarks({ context, reader, page: at("bookmarks") }), FETCH_MEMBER_FAILED)
      : null;
  return {
    user: user ? { id: user.id, username: user.username } : null,
    notifications: await headerNotifications(context, user),
    ...found,
    topics: {
      ...found.topics,
      items: found.topics.items.map((topic) => ({ ...topic, categoryLabel: categoryLabel(topic.category) })),
    },
    bookmarks,
  };
}

/** The own page's Remove buttons: the member's bookmark of the post goes (decision 360). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "unbookmark") {
    return data({ intent: "unknown", result: undefined, toast: { title: "Unknown action" } }, { status: 400 });
  }
  const page = pageParam(new URL(request.url).searchParams.get("bookmarks"));
  const back = `${memberHref(user.username)}${page > 1 ? `?bookmarks=${page}` : ""}#bookmarks`;
  return removeBookmarkIntent(formData, user, back);
}

export default function MemberPage() {
  const { user, notifications, member, own, counts, posts, topics, standing, bookmarks } =
    useLoaderData<typeof loader>();
  useAnswerToast(useActionData<typeof action>());
  const linkNavigation = useLinkNavigation();
  const { key, hash, search } = useLocation();
  // After a bookmark is removed (the form comes back to #bookmarks), focus goes to the list's heading, where the
  // reader can hear what is left; the toast says what was removed.
  useEffect(() => {
    if (hash === "#bookmarks") document.getElementById("bookmarks")?.focus({ preventScroll: true });
  }, [key, hash]);
  const pageHref = (list: List) => (page: number) => memberListHref(member.username, search, list, page);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too); the element itself is not interactive
    <div className="mx-auto max-w-4xl px-4 py-6" onClick={linkNavigation}>
      <ForumHeader user={user} notifications={notifications} />
      <p className="mt-4">
        <a href="/forum" className="text-cosmic underline">
          Back to Forum
        </a>
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold break-words text-ink">
        <bdi>{member.username}</bdi>
      </h1>
      <p className="mt-1">{own ? "Your member page in the Community Forum." : "A member of the Community Forum."}</p>
      {standing?.suspendedUntil ? (
        <p className="mt-3 rounded border border-amber-400 bg-amber-50 p-2 text-sm">
          {`Suspended until ${formatUtcDateTime(new Date(standing.suspendedUntil))}.`}
        </p>
      ) : null}
      {standing?.silencedUntil ? (
        <p className="mt-3 rounded border border-amber-400 bg-amber-50 p-2 text-sm">
          {`Silenced until ${formatUtcDateTime(new Date(standing.silencedUntil))}.`}
        </p>
      ) : null}
      <MemberSummary joined={member.createdAt} counts={counts} />
      {own ? (
        <nav aria-label="Your forum settings" className="mt-4">
          <ul className="flex flex-wrap gap-3 text-sm">
            <li>
              <a href="/forum/notifications" className="rounded border border-cosmic px-3 py-1 text-cosmic">
                Your notifications
              </a>
            </li>
            <li>
              <a href="/forum/notifications/settings" className="rounded border border-cosmic px-3 py-1 text-cosmic">
                Notification settings
              </a>
            </li>
          </ul>
        </nav>
      ) : null}
      {/* a member hole of the member templates (decision 360): one's own bookmarks, filled per response by the page
          cache; on every other member page it stays empty (a section's holes are in each of its templates) */}
      <PageHole name={FORUM_BOOKMARKS_HOLE} onClick={linkNavigation}>
        {bookmarks ? (
          <MemberBookmarks
            bookmarks={bookmarks.items}
            page={bookmarks.page}
            pageCount={bookmarks.pageCount}
            total={bookmarks.total}
            href={pageHref("bookmarks")}
          />
        ) : null}
      </PageHole>
      <MemberPosts
        posts={posts.items}
        page={posts.page}
        pageCount={posts.pageCount}
        total={posts.total}
        href={pageHref("posts")}
      />
      <MemberTopics
        topics={topics.items}
        page={topics.page}
        pageCount={topics.pageCount}
        total={topics.total}
        href={pageHref("topics")}
      />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: `${loaderData.member.username}: forum member`,
        description: `${loaderData.member.username}'s posts and topics in the Community Forum.`,
        path: memberHref(loaderData.member.username),
        origin: originFromMatches(matches),
      })
    : [{ title: "Member Not Found" }];

export function ErrorBoundary() {
  const backToForum = (
    <a href="/forum" className="text-cosmic underline">
      Back to Forum
    </a>
  );
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPanel title="Member Not Found" text={MEMBER_MISSING}>
            {backToForum}
          </ErrorPanel>
        ),
        500: () => (
          <ErrorPanel
            title={FETCH_MEMBER_FAILED}
            text="The member's page could not be loaded. Please try again in a moment."
          >
            {backToForum}
          </ErrorPanel>
        ),
      }}
    />
  );
}
