import type { Request as ExpressRequest } from "express";
import { renderToStaticMarkup } from "react-dom/server";
import { memberTemplates } from "~/accounts/page-cache.server";
import { readSession, templatedSession } from "~/accounts/session.server";
import { createMemo, forgetIn } from "~/page-cache/memo.server";
import type { MemberVariant, PageSection } from "~/page-cache/section";
import { parseId } from "~/utils/ids";
import { listBookmarks } from "./bookmarks.server";
import { unreadNotificationCount } from "./member-notifications.server";
import { FORUM_BOOKMARKS_HOLE, memberListHref } from "./member-pages";
import { FORUM_NOTIFICATIONS_HOLE, FORUM_TOPICS_HOLE, forumListAsked, topicPageAsked } from "./pages";
import { recordRead } from "./reading.server";
import { loadTopicList } from "./topic-list.server";
import { pageOwnership } from "./topics.server";
import { NotificationsLink } from "./ui/forum-header";
import { MemberBookmarks } from "./ui/member-activity";
import { TopicList } from "./ui/topic-list";
import { categoryWatchLevel } from "./watching.server";

const TOPIC_PATH = /^\/forum\/topic\/([^/]+)$/;

/**
 * The channel on which migration 0022's triggers announce, at commit, a change to a member's own forum state (read
 * marks, notifications, likes, bookmarks, watch levels): the member ids it touched, space-separated, or `*`.
 */
const FORUM_MEMBER_CHANGED = "forum_member_changed";

/**
 * What the member templates read of a member per response (decision 460), remembered per member until a change of
 * theirs (FORUM_MEMBER_CHANGED, or their own write answered by this process) or of the forum (`forum_changed`: a
 * post, a topic, a like's count, a name) is heard: a returning member's forum page then costs what a visitor's does
 * plus the session's read.
 */
function memberMemo<T>(maxParts: number) {
  return createMemo<T>({
    forgetOn: FORUM_MEMBER_CHANGED,
    clearOn: ["forum_changed"],
    writerOf: async (req) => {
      const id = (await readSession(req.headers.cookie))?.user.id;
      return id ? String(id) : null;
    },
    // Bounded in bytes too: a topic list's HTML is ~25 kB, so at most ~100 MB of lists (1,000 members x 4).
    maxEntries: 1_000,
    maxParts,
  });
}
const notificationsLinks = memberMemo<string>(1);
const topicLists = memberMemo<{ html: string; watchLevel: Awaited<ReturnType<typeof categoryWatchLevel>> | null }>(4);
const ownerships = memberMemo<Awaited<ReturnType<typeof pageOwnership>>>(16);
const bookmarkLists = memberMemo<string>(2);

/** The header's notifications link of a member (decision 312), as the page renders it. */
function notificationsLink(memberId: number): Promise<string> {
  return notificationsLinks.get(String(memberId), "", async () =>
    renderToStaticMarkup(<NotificationsLink count={await unreadNotificationCount({ memberId })} />),
  );
}

/** The member of a request a member template may stand for (a plain member with an e-mail address), and the URL. */
async function templatedMember(req: ExpressRequest) {
  const member = (await templatedSession(req.headers.cookie))?.user;
  if (!member) return null;
  const url = new URL(req.url, "http://localhost");
  const names = [...url.searchParams.keys()];
  const only = (allowed: string[]) => names.every((name) => allowed.includes(name));
  return { member, url, only, whose: { id: member.id, name: member.username, email: member.email } };
}

/**
 * A signed-in member's forum list from the member template (decision 120): the page is the same for every member
 * but for their id and name and one member hole (decisions 122, 310), the list of topics itself with the member's
 * read marks (new, how many unread, a link to the first unread post), read and rendered at once (remembered per
 * member, decision 460), so the marks and the topics they stand beside come from one read. `?filter=` (New, Unread)
 * is the member's own list: the hole holds it too. A form in the page (`?new=`, `?dialog=`) gets the page rendered for them.
 */
async function forumListMemberVariant(req: ExpressRequest): Promise<MemberVariant | null> {
  const asked = await templatedMember(req);
  if (!asked || !asked.only(["category", "cursor", "filter"])) return null;
  const { member, url, whose } = asked;
  const { category, filter, cursor } = forumListAsked(url.searchParams);
  const [list, notifications] = await Promise.all([
    topicLists.get(String(member.id), `${category} ${filter} ${cursor}`, async () => {
      const [topics, watchLevel] = await Promise.all([
        loadTopicList({ memberId: member.id, category, cursor, filter }),
        // A category's list holds the member's watch form of it (decision 350): its level keys the template.
        category ? categoryWatchLevel({ memberId: member.id, category }) : null,
      ]);
      return { html: renderToStaticMarkup(<TopicList {...topics} />), watchLevel };
    }),
    notificationsLink(member.id),
  ]);
  const { watchLevel } = list;
  return {
    key: watchLevel ? `list watch ${watchLevel}` : "list",
    ...(watchLevel ? { context: { forumWatchLevel: watchLevel } } : {}),
    member: whose,
    holes: { [FORUM_TOPICS_HOLE]: list.html, [FORUM_NOTIFICATIONS_HOLE]: notifications },
  };
}

/**
 * A signed-in member's topic page from the member template (decision 120): it also shows which of its posts (and
 * whether the topic) the member wrote, which of its posts they like (decision 312) and which they bookmarked (decision
 * 360), which key it. A member who wrote a hidden post on the page (they see its
 * text) or asks for a form in the page (`?edit=`, `?confirm=`) gets the page rendered for them. Opening the page
 * records that the member has read the topic up to its last post on the page (decision 310), as the topic's loader
 * does when the page is rendered for them.
 */
async function forumTopicMemberVariant(req: ExpressRequest): Promise<MemberVariant | null> {
  const asked = await templatedMember(req);
  if (!asked) return null;
  const { member, url, only, whose } = asked;
  const topicPath = TOPIC_PATH.exec(url.pathname);
  const topicId = topicPath ? parseId(decodeURIComponent(topicPath[1]!)) : null;
  if (!topicId || !only(["page"])) return null;
  const page = topicPageAsked(url.searchParams);
  const id = String(member.id);
  const ownership = await ownerships.get(id, `${topicId} ${page}`, () =>
    pageOwnership({ topicId, memberId: member.id, page }),
  );
  if (!ownership || ownership.topicHidden || ownership.ownHiddenPost) return null;
  const watchLevel = ownership.watchLevel ?? "tracking";
  const unread = ownership.readNumber === null || ownership.readNumber < ownership.lastShownNumber;
  const [, notifications] = await Promise.all([
    // The member's own write: this process forgets what it remembered of them once it committed.
    unread &&
      recordRead({ memberId: member.id, topicId, number: ownership.lastShownNumber }).then(() =>
        forgetIn(FORUM_MEMBER_CHANGED, id),
      ),
    notificationsLink(member.id),
  ]);
  return {
    holes: { [FORUM_NOTIFICATIONS_HOLE]: notifications },
    // ... and the member's watch level of the topic, which its watch form shows (decision 350).
    key: `topic ${ownership.ownTopic ? "own" : "other"} ${ownership.ownPosts.join(",")} liked ${ownership.likedPosts.join(",")} bookmarked ${ownership.bookmarkedPosts.join(",")} watch ${watchLevel}`,
    member: whose,
    context: {
      forumOwnership: {
        topic: ownership.ownTopic,
        posts: ownership.ownPosts,
        liked: ownership.likedPosts,
        bookmarked: ownership.bookmarkedPosts,
      },
      forumWatchLevel: watchLevel,
    },
  };
}

/**
 * The forum's list as signed-out visitors see it (decision 025), served from memory until a topic, post or author
 * name changes (the triggers of migration 0001 NOTIFY "forum_changed"), and as plain members see it, from member
 * templates invalidated alike (decision 120) with the list itself a member hole (decision 310).
 */
export const forumListPage: PageSection = {
  name: "forum",
  paths: [/^\/forum\/?$/],
  channel: "forum_changed",
  shared: true,
  members: memberTemplates(forumListMemberVariant, [FORUM_TOPICS_HOLE, FORUM_NOTIFICATIONS_HOLE]),
};

/** The forum's topic pages, for visitors and members alike (decisions 025, 120); a section of their own since 310. */
export const forumTopicPages: PageSection = {
  name: "forum-topic",
  paths: [/^\/forum\/topic\/[^/]+$/],
  channel: "forum_changed",
  shared: true,
  members: memberTemplates(forumTopicMemberVariant, [FORUM_NOTIFICATIONS_HOLE]),
};

const MEMBER_PATH = /^\/forum\/u\/([^/]+)$/;

/**
 * A signed-in member's view of another member's page (decision 360) from the member template: the page shows every
 * plain member what it shows a visitor (members.server's rule), so only the header (their name and the notifications
 * hole) is theirs. Their own page (their bookmarks, links to their settings) is rendered for them.
 */
async function forumMemberPageVariant(req: ExpressRequest): Promise<MemberVariant | null> {
  const asked = await templatedMember(req);
  if (!asked || !asked.only(["posts", "topics"])) return null;
  const path = MEMBER_PATH.exec(asked.url.pathname);
  let name: string;
  try {
    name = decodeURIComponent(path?.[1] ?? "");
  } catch {
    return null;
  }
  if (!name) return null;
  const { member, url, whose } = asked;
  // One's own page (their own spelling: another answers a redirect) from a template of its own, read with their
  // eyes (the page cache's context says whose page it is), their bookmarks a hole read now.
  if (name === member.username) {
    const [list, notifications] = await Promise.all([
      bookmarkLists.get(String(member.id), url.search, async () => {
        const bookmarks = await listBookmarks({ reader: { id: member.id, canModerate: false }, page: 1 });
        return renderToStaticMarkup(
          <MemberBookmarks
            bookmarks={bookmarks.items}
            page={bookmarks.page}
            pageCount={bookmarks.pageCount}
            total={bookmarks.total}
            href={(page) => memberListHref(member.username, url.search, "bookmarks", page)}
          />,
        );
      }),
      notificationsLink(member.id),
    ]);
    return {
      key: "own",
      member: whose,
      holes: { [FORUM_NOTIFICATIONS_HOLE]: notifications, [FORUM_BOOKMARKS_HOLE]: list },
      context: { forumMemberPageOwner: member.id },
    };
  }
  if (name.toLowerCase() === member.username.toLowerCase()) return null;
  return {
    key: "other",
    member: whose,
    // every template of the section has both holes: another member's page leaves the bookmarks' empty
    holes: { [FORUM_NOTIFICATIONS_HOLE]: await notificationsLink(member.id), [FORUM_BOOKMARKS_HOLE]: "" },
  };
}

/**
 * Member pages (decision 360): for visitors and plain members alike, cleared with the rest of the forum (a post, a
 * topic, a like's count or a name changes: migration 0001's triggers).
 */
export const forumMemberPages: PageSection = {
  name: "forum-member",
  paths: [MEMBER_PATH],
  channel: "forum_changed",
  shared: true,
  members: memberTemplates(forumMemberPageVariant, [FORUM_NOTIFICATIONS_HOLE, FORUM_BOOKMARKS_HOLE]),
};
