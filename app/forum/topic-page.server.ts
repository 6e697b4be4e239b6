import type { AppLoadContext } from "@remix-run/node";
import { isDatabaseUnavailable } from "#db/client.server";
import { formatUtcDateTime } from "~/utils/dates";
import { publicOrigin } from "~/utils/env.server";
import { parseId } from "~/utils/ids";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast } from "~/utils/toast.server";
import { bookmarkedBy } from "./bookmarks.server";
import { categoryLabel } from "./categories";
import { likedBy } from "./likes.server";
import { quoteText } from "./mentions";
import { TOPIC_INVALID_ID, TOPIC_MISSING } from "./notices";
import { topicHref } from "./pages";
import { excerptOf, postPlainText } from "./post-markdown.server";
import { getPost, getTopic, pageOfPost } from "./topics.server";

/** The topic page's reads, as the page answers when they fail (spec section 8). */
const refused = (status: 400 | 404, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The topic the address names, with its category's label (so the page ships no list of categories) and its date as
 * the forum writes it (`writtenAt`): 400 when it names none (not an id, decision 250), 404 when there is no such topic.
 */
export async function loadTopic(idParam: string | undefined) {
  const id = parseId(idParam);
  if (!id) throw refused(400, TOPIC_INVALID_ID);
  const topic = await getTopic(id);
  if (!topic) throw refused(404, TOPIC_MISSING);
  return { ...topic, categoryLabel: categoryLabel(topic.category), when: writtenAt(topic.createdAt) };
}

/**
 * A moment as the forum writes it ("Nov 21, 2026, 3:04 PM UTC", `formatUtcDateTime`), written here for the topic
 * page's cards, so that the page ships no date code (decision 430).
 */
export const writtenAt = (at: Date | string) => formatUtcDateTime(new Date(at));

/** An unexpected failure of one of the loader's reads becomes a 500 whose text is the spec's (section 8). */
export async function orFail<T>(read: Promise<T>, message: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Response || isDatabaseUnavailable(error)) throw error; // an outage is a 503 (decision 006)
    console.error(error);
    throw new Response(message, { status: 500, statusText: "Internal Server Error" });
  }
}

/**
 * What on the page the reader wrote: the topic and each post, by its author against the signed-in member; in a
 * member template (decision 120) by what the page cache found of the member the template stands for, since the
 * template is rendered as a made-up member who wrote nothing.
 */
export function readerOwns(context: AppLoadContext, userId: number | undefined) {
  const template = context.forumOwnership;
  if (template) {
    return { topic: () => template.topic, post: (post: { id: number }) => template.posts.includes(post.id) };
  }
  const mine = (item: { authorId: number }) => userId !== undefined && item.authorId === userId;
  return { topic: mine, post: mine };
}

/**
 * Which of the page's posts the reader likes (decision 312): in a member template, what the page cache found of the
 * member it stands for (the template member likes nothing); otherwise read now.
 */
export async function readerLikes(context: AppLoadContext, userId: number | undefined, postIds: number[]) {
  if (context.forumOwnership) return new Set(context.forumOwnership.liked);
  if (userId === undefined || context.pageCache?.member) return new Set<number>();
  return likedBy({ memberId: userId, postIds });
}

/**
 * Which of the page's posts the reader bookmarked (decision 360), as readerLikes: in a member template, what the page
 * cache found of the member it stands for; otherwise read now.
 */
export async function readerBookmarks(context: AppLoadContext, userId: number | undefined, postIds: number[]) {
  if (context.forumOwnership) return new Set(context.forumOwnership.bookmarked);
  if (userId === undefined || context.pageCache?.member) return new Set<number>();
  return bookmarkedBy({ memberId: userId, postIds });
}

/**
 * The answer to an address of post N of a topic (`/forum/topic/ID/post/N`, `?post=N`: decision 311): a redirect to
 * the page that holds it, at the post (`#post-N`), so a link to post 45 lands on page 2 without JavaScript. A number
 * past the topic's last post goes to the last post; something that is not a post number goes to the topic's first
 * page with a toast that says so (a 302, never an error page: the jump form's field may hold anything in a text
 * browser).
 */
export async function postRedirect(topic: { id: number; postCount: number }, numberParam: string | null | undefined) {
  const asked = parseId(numberParam?.trim());
  if (!asked) {
    return redirectWithToast(topicHref(topic.id, 1), {
      title: "No such post",
      description: `Post numbers are whole numbers from 1 to ${Math.max(1, topic.postCount)}.`,
      type: "error",
    });
  }
  const number = Math.min(asked, Math.max(1, topic.postCount));
  return new Response(null, {
    status: 302,
    headers: { Location: `${topicHref(topic.id, pageOfPost(number))}#post-${number}` },
  });
}

/** What the reply form holds after a Quote link (`?quote=postId`, decision 313): the quote and whom it quotes. */
export type QuoteView = { text: string; number: number; author: string };

/**
 * The quote a Quote link asks for: a post of this topic that everyone may see. A hidden, deleted or unknown post, or
 * one of another topic, is refused with a redirect to the topic's page and a toast that says why (never its text).
 */
export async function quoteFor(
  topic: { id: number },
  page: number,
  quoteParam: string | null,
): Promise<QuoteView | Response> {
  const post = await getPost(parseId(quoteParam?.trim()) ?? 0);
  if (!post || post.topicId !== topic.id || post.hidden) {
    return redirectWithToast(topicHref(topic.id, page), {
      title: "That post cannot be quoted",
      description: "It is not a post of this topic that everyone can read: it may have been hidden or deleted.",
      type: "error",
    });
  }
  return {
    text: quoteText({ ...post, author: post.author.username }),
    number: post.number,
    author: post.author.username,
  };
}

/**
 * The topic page's title, description and Open Graph tags (`pageMeta`), written by its loader so that the page ships
 * no meta code (decision 430); the route's `meta` returns them. The description is the opening's words (decision
 * 340): no Markdown in a search engine's snippet.
 */
export function topicPageMeta(topic: { title: string; description: string | null }, path: string) {
  return pageMeta({
    title: topic.title,
    description: topic.description
      ? excerptOf(postPlainText(topic.description), 300)
      : "A discussion in the Community Forum",
    path,
    origin: publicOrigin(),
    type: "article",
  });
}
