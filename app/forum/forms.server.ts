import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { addEmail } from "~/accounts/email.server";
import { addEmailSchema } from "~/accounts/schemas";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE, honeypotFilled } from "~/components/honeypot";
import { publicOrigin } from "~/utils/env.server";
import { safeRedirectPath } from "~/utils/http.server";
import { parseId } from "~/utils/ids";
import { redirectWithToast } from "~/utils/toast.server";
import { setBookmark } from "./bookmarks.server";
import { setLike } from "./likes.server";
import { checkForumLimit } from "./limits.server";
import { isMailDelivery, MAIL_KINDS, type MailChoices } from "./mail-choices";
import { saveMailSettings, setForumMail } from "./mail-settings.server";
import { TOPIC_MISSING } from "./notices";
import { topicHref } from "./pages";
import { postHtml } from "./post-html.server";
import {
  categoryWatchSchema,
  editPostSchema,
  postContentProblem,
  postSchema,
  topicSchema,
  topicWatchSchema,
} from "./schemas";
import {
  createPost,
  createTopic,
  ForumWriteRefusedError,
  isRecentRepeat,
  replyPassesPace,
  pageOfPost,
  updatePost,
} from "./topics.server";
import { setWatchLevel } from "./watching.server";
export { previewedForm } from "./preview";

/**
 * The forum pages' forms on the server: the HTML constraints each form gets from its loader (the schemas never
 * reach the browser), and each intent of a page's action: validate with the form's schema, guard (honeypot, pace,
 * a silenced member, a locked topic), write, and answer with a redirect and a toast (post/redirect/get) or the
 * form's errors, the spec's toast and the domain's status.
 */
export const FORM_CONSTRAINTS = {
  topic: getZodConstraint(topicSchema),
  post: getZodConstraint(postSchema),
  editPost: getZodConstraint(editPostSchema),
};

export type FormToast = { title: string; description?: string };
type Member = { id: number };
type Replyable = { reply: (options?: { formErrors?: string[] }) => SubmissionResult<string[]> };

function failed<I extends string>(
  intent: I,
  result: SubmissionResult<string[]> | undefined,
  toast: FormToast,
  status: number,
  headers?: HeadersInit,
) {
  return data({ intent, result, toast }, { status, headers });
}

const firstError = (errors: Record<string, string[] | null> | null | undefined) =>
  Object.values(errors ?? {})
    .flat()
    .find((message): message is string => !!message);

/** The form's own message, with the status the domain gave (pace: 429 with Retry-After; refusal: its status). */
async function guarded<I extends string, T>(
  intent: I,
  submission: Replyable,
  title: string,
  limited: { message: string; retryAfterSeconds: number } | null,
  write: () => Promise<T>,
) {
  if (limited) {
    const result = submission.reply({ formErrors: [limited.message] });
    const headers = { "Retry-After": String(limited.retryAfterSeconds) };
    return { failure: failed(intent, result, { title, description: limited.message }, 429, headers) };
  }
  try {
    return { value: await write() };
  } catch (error) {
    // A silenced member or a locked topic (decision 026) is told why, with the form's text kept.
    if (!(error instanceof ForumWriteRefusedError)) throw error;
    const result = submission.reply({ formErrors: [error.message] });
    return { failure: failed(intent, result, { title, description: error.message }, error.status) };
  }
}

export async function createTopicIntent(formData: FormData, user: Member) {
  const intent = "create-topic";
  const title = "Failed to create topic";
  const submission = parseWithZod(formData, { schema: topicSchema });
  if (honeypotFilled(formData.get(HONEYPOT_FIELD))) {
    const result = submission.reply({ formErrors: [HONEYPOT_MESSAGE] });
    return failed(intent, result, { title, description: HONEYPOT_MESSAGE }, 400);
  }
  if (submission.status !== "success") {
    const description = firstError(submission.error) ?? "Please check the form.";
    return failed(intent, submission.reply(), { title, description }, 400);
  }
  const limited = await checkForumLimit("topic", user.id, () =>
    isRecentRepeat({ authorId: user.id, title: submission.value.title }),
  );
  const outcome = await guarded(intent, submission, title, limited, () =>
    createTopic({ authorId: user.id, ...submission.value }),
  );
  if (outcome.failure) return outcome.failure;
  return redirectWithToast(`/forum/topic/${outcome.value.topic.id}`, {
    title: "Topic created!",
    description: "Your topic has been posted to the forum.",
    type: "success",
  });
}

/** The forum's add-email dialog (the e-mail prompt's "Add Email"), back to the forum address it came from. */
export async function addEmailIntent(formData: FormData, user: Member) {
  const intent = "add-email";
  const title = "Failed to add email";
  const submission = parseWithZod(formData, { schema: addEmailSchema });
  if (submission.status !== "success") {
    return failed(intent, submission.reply(), { title, description: firstError(submission.error) }, 400);
  }
  const result = await addEmail({ userId: user.id, email: submission.value.email, origin: publicOrigin() });
  if (!result.ok) {
    const reply = submission.reply({ formErrors: [result.error] });
    return failed(intent, reply, { title, description: result.error }, result.status);
  }
  return redirectWithToast(safeRedirectPath(formData.get("redirectTo"), "/forum"), {
    title: "Email added",
    description: `We've sent a verification link to ${result.user.email}.`,
    type: "success",
  });
}

/** After a reply or an edit: the post on its page, with the toast. */
const toPost = (topicId: number, number: number, title: string) =>
  redirectWithToast(`${topicHref(topicId, pageOfPost(number))}#post-${number}`, { title, type: "success" });

export async function replyIntent(formData: FormData, user: Member, topic: { id: number }) {
  const intent = "reply";
  const title = "Failed to post reply";
  const submission = parseWithZod(formData, { schema: postSchema });
  if (submission.status !== "success") {
    const description = postContentProblem(formData.get("content"))?.description ?? firstError(submission.error);
    return failed(intent, submission.reply(), { title, description }, 400);
  }
  const { content } = submission.value;
  const limited = await checkForumLimit("reply", user.id, () =>
    replyPassesPace({ authorId: user.id, topicId: topic.id, content }),
  );
  const outcome = await guarded(intent, submission, title, limited, () =>
    createPost({ topicId: topic.id, authorId: user.id, content }),
  );
  if (outcome.failure) return outcome.failure;
  if (!outcome.value) throw new Response(TOPIC_MISSING, { status: 404 });
  return toPost(topic.id, outcome.value.post.number, "Reply posted!");
}

export async function editIntent(formData: FormData, user: Member, topic: { id: number }) {
  const intent = "edit";
  const title = "Failed to update post";
  const submission = parseWithZod(formData, { schema: editPostSchema });
  if (submission.status !== "success") {
    const toast = postContentProblem(formData.get("content")) ?? { title, description: firstError(submission.error) };
    return failed(intent, submission.reply(), toast, 400);
  }
  const { postId, content } = submission.value;
  const limited = await checkForumLimit("edit", user.id);
  const outcome = await guarded(intent, submission, title, limited, () =>
    updatePost({ postId, authorId: user.id, content }),
  );
  if (outcome.failure) return outcome.failure;
  if (outcome.value.status === "forbidden") {
    const description = "You can only edit your own posts.";
    return failed(intent, submission.reply({ formErrors: [description] }), { title, description }, 403);
  }
  if (outcome.value.status === "not-found" || outcome.value.post.topicId !== topic.id) {
    throw new Response("Post not found", { status: 404 });
  }
  return toPost(topic.id, outcome.value.post.number, "Post updated!");
}

/**
 * A form's Preview (decision 342): the reply, the edit or the new topic validated by its own schema (so a preview
 * shows the same messages a post would), then its text rendered as the topic page would show it (the topic's
 * opening, for a new topic). Nothing is written, no limit is spent; the answer is the form's, so the form keeps
 * what was typed (Conform's `initialValue`), with `preview` beside it, status 200.
 */
export async function previewIntent(formData: FormData, intent: "reply" | "edit" | "create-topic") {
  const titles = {
    reply: "Failed to post reply",
    edit: "Failed to update post",
    "create-topic": "Failed to create topic",
  };
  const schema = intent === "reply" ? postSchema : intent === "edit" ? editPostSchema : topicSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const problem = intent === "create-topic" ? null : postContentProblem(formData.get("content"));
    const toast = problem ?? { title: titles[intent], description: firstError(submission.error) };
    return failed(intent, submission.reply(), toast, 400);
  }
  const value = submission.value as { content?: string; description?: string | null };
  const html = await postHtml(value.content ?? value.description ?? "");
  return data({ intent, result: submission.reply(), preview: { html } });
}

/**
 * Like or unlike a post (decision 312), a plain form POST from the post's card: back to the post on its page (no
 * toast: the button's pressed state and the count say what happened). Another topic's post, a hidden or deleted
 * one, or one's own is refused with a message.
 */
export async function likeIntent(formData: FormData, user: Member, topic: { id: number }) {
  const intent = formData.get("intent") === "unlike" ? "unlike" : "like";
  const postId = parseId(String(formData.get("postId") ?? ""));
  const outcome = postId
    ? await setLike({ postId, topicId: topic.id, memberId: user.id, like: intent === "like" })
    : null;
  if (outcome?.status === "own") {
    return failed(intent, undefined, { title: "Could not like", description: "You cannot like your own post." }, 400);
  }
  if (outcome?.status !== "done") {
    return failed(intent, undefined, { title: "Could not like", description: "That post cannot be liked." }, 404);
  }
  return redirect(`${topicHref(topic.id, pageOfPost(outcome.number))}#post-${outcome.number}`);
}

/**
 * Bookmark a post or take the bookmark away (decision 360), a plain form POST from the post's card: back to the post
 * on its page, with a toast that says what happened (the toast's live region reads it; the button, whose form came
 * back to the post, keeps the focus). A post of another topic, or one the member may not read, is refused.
 */
export async function bookmarkIntent(formData: FormData, user: Member, topic: { id: number }) {
  const intent = formData.get("intent") === "unbookmark" ? "unbookmark" : "bookmark";
  const postId = parseId(String(formData.get("postId") ?? ""));
  const outcome = postId
    ? await setBookmark({ memberId: user.id, postId, topicId: topic.id, bookmark: intent === "bookmark" })
    : null;
  if (outcome?.status !== "done") {
    const toast = { title: "Could not bookmark", description: "That post cannot be bookmarked." };
    return failed(intent, undefined, toast, 404);
  }
  return redirectWithToast(`${topicHref(topic.id, pageOfPost(outcome.number))}#post-${outcome.number}`, {
    title: bookmarkToast(intent, outcome.number),
    type: "success",
  });
}

/** What a bookmark's toast says (the topic page and the member page alike). */
export const bookmarkToast = (intent: "bookmark" | "unbookmark", number: number) =>
  intent === "bookmark" ? `Post #${number} bookmarked` : `Bookmark removed from post #${number}`;

/**
 * The member page's Remove form (decision 360): the bookmark of a post goes, whatever became of the post; back to the
 * page of bookmarks the form was on.
 */
export async function removeBookmarkIntent(formData: FormData, user: Member, back: string) {
  const postId = parseId(String(formData.get("postId") ?? ""));
  const outcome = postId ? await setBookmark({ memberId: user.id, postId, topicId: null, bookmark: false }) : null;
  if (outcome?.status !== "done") {
    const toast = { title: "Could not remove the bookmark", description: "That post is not bookmarked." };
    return failed("unbookmark", undefined, toast, 404);
  }
  return redirectWithToast(back, { title: bookmarkToast("unbookmark", outcome.number), type: "success" });
}

/** A refused watch form (decisions 350, 420): 400 with the schema's words (a text browser may send anything). */
const refusedWatch = (intent: string, error: { issues: Array<{ message: string }> }) =>
  failed(intent, undefined, { title: "Could not change notifications", description: error.issues[0]!.message }, 400);

/**
 * The topic page's watch form (decision 350): the member's level of this topic, then back to the form on the page
 * the member was on (`#watch`), where the form says the new level.
 */
export async function watchIntent(formData: FormData, user: Member, topic: { id: number }, back: string) {
  const parsed = topicWatchSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refusedWatch("watch", parsed.error);
  await setWatchLevel({ memberId: user.id, topicId: topic.id, level: parsed.data.level });
  return redirect(`${back}#watch`);
}

/** A category's watch form on the forum list (decisions 350, 420), back to that category's list. */
export async function watchCategoryIntent(formData: FormData, user: Member) {
  const parsed = categoryWatchSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refusedWatch("watch-category", parsed.error);
  const { category, level } = parsed.data;
  await setWatchLevel({ memberId: user.id, category, level });
  return redirect(`/forum?category=${category}#watch`);
}

/**
 * The notification settings form (decision 351): a choice for every kind, the digest and forum mail at all; anything
 * missing or unknown is refused with a 400 that says what (nothing is saved), else all is saved and the page shown
 * again with a toast.
 */
export async function mailSettingsIntent(formData: FormData, user: Member) {
  const intent = "mail-settings";
  const title = "Could not save notification settings";
  const choices: Partial<MailChoices> = {};
  for (const kind of MAIL_KINDS) {
    const value = formData.get(kind);
    if (!isMailDelivery(value)) {
      return failed(intent, undefined, { title, description: "Choose how to get each kind of notification." }, 400);
    }
    choices[kind] = value;
  }
  const digest = formData.get("weeklyDigest");
  const forumMail = formData.get("forumMail");
  if ((digest !== "on" && digest !== "off") || (forumMail !== "on" && forumMail !== "off")) {
    return failed(intent, undefined, { title, description: "Choose on or off for forum e-mail and the digest." }, 400);
  }
  choices.weeklyDigest = digest === "on";
  await saveMailSettings({ memberId: user.id, settings: choices });
  await setForumMail({ memberId: user.id, enabled: forumMail === "on" });
  // The page's summary says the new choices (and has the focus, with JavaScript); the toast says it was saved.
  return redirectWithToast("/forum/notifications/settings", { title: "Notification settings saved", type: "success" });
}
