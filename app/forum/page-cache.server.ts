import type { Request as ExpressRequest } from "express";
import { asTemplateMember, SESSION_COOKIE_NAME, TEMPLATE_MEMBER, templatedSession } from "~/accounts/session.server";
import { COOKIES } from "~/utils/cookies";
import { parseId } from "~/utils/ids";
import type { MemberVariant, PageSection } from "~/utils/page-cache.server";
import { pageOwnership } from "./topics.server";

const TOPIC_PATH = /^\/forum\/topic\/([^/]+)$/;

/**
 * A signed-in member's forum page from the member template (decision 120): the list (with a category or a cursor)
 * is the same for every member but for their id and name; a topic page also shows which of its posts (and whether
 * the topic) the member wrote, which keys it. A member who wrote a hidden post on the page (they see its text) or
 * asks for a form in the page (`?edit=`, `?confirm=`, `?new=`, `?dialog=`) gets the page rendered for them.
 */
async function forumMemberVariant(req: ExpressRequest): Promise<MemberVariant | null> {
  const member = (await templatedSession(req.headers.cookie))?.user;
  if (!member) return null;
  const url = new URL(req.url, "http://localhost");
  const names = [...url.searchParams.keys()];
  const only = (allowed: string[]) => names.every((name) => allowed.includes(name));
  const whose = { id: member.id, name: member.username, email: member.email };
  const topicPath = TOPIC_PATH.exec(url.pathname);
  if (!topicPath) return only(["category", "cursor"]) ? { key: "list", member: whose } : null;
  const topicId = parseId(decodeURIComponent(topicPath[1]!));
  if (!topicId || !only(["page"])) return null;
  // As the topic loader reads ?page= (listPosts clamps it to the topic's pages).
  const pageParam = url.searchParams.get("page");
  const page = pageParam === "last" ? Infinity : Number(pageParam ?? 1);
  const ownership = await pageOwnership({ topicId, memberId: member.id, page });
  if (!ownership || ownership.topicHidden || ownership.ownHiddenPost) return null;
  return {
    key: `topic ${ownership.ownTopic ? "own" : "other"} ${ownership.ownPosts.join(",")}`,
    member: whose,
    context: { forumOwnership: { topic: ownership.ownTopic, posts: ownership.ownPosts } },
  };
}

/**
 * The forum's list and topic pages as signed-out visitors see them (decision 025), served from memory until a
 * topic, post or author name changes (the triggers of migration 0001 NOTIFY "forum_changed"), and as plain
 * members see them, from member templates invalidated alike (decision 120).
 */
export const forumPages: PageSection = {
  name: "forum",
  paths: [/^\/forum\/?$/, /^\/forum\/topic\/[^/]+$/],
  channel: "forum_changed",
  shared: true,
  members: {
    cookies: [SESSION_COOKIE_NAME, COOKIES.emailPromptLater.name],
    templateMember: { id: TEMPLATE_MEMBER.id, name: TEMPLATE_MEMBER.username, email: TEMPLATE_MEMBER.email },
    resolve: forumMemberVariant,
    asTemplateMember: (render) => asTemplateMember(render),
  },
};
