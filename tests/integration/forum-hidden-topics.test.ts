import { describe, expect, it } from "vitest";
import { call } from "../support/routes";
import { smtpForFile } from "../support/smtp";

/**
 * Issue 33, decision 162: a hidden or deleted topic hides its posts everywhere (GET /api/forum/posts/{id}, the
 * topic's post list, notifications) from all but moderators, and its posts take no edits. And notifications go
 * only to verified addresses, counted in the notifications' own budget (decision 290).
 */
const smtp = smtpForFile();

async function setting() {
  const { member } = await import("./forum-helpers");
  const { createPost, createTopic } = await import("~/forum/topics.server");
  const author = await member({ verified: true });
  const replier = await member({ verified: true });
  const moderator = await member({ moderator: true });
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Soon hidden ${Math.random()}`,
    description: null,
    category: "general",
  });
  const reply = (await createPost({ topicId: topic.id, authorId: replier.id, content: "A reply in the topic" }))!;
  return { author, replier, moderator, topic, reply: reply.post };
}

async function act(actorId: number, action: "hide" | "delete", targetId: number) {
  const { moderate } = await import("~/moderation/actions.server");
  const { getUserById } = await import("~/accounts/users.server");
  const actor = (await getUserById(actorId))!;
  const outcome = await moderate({
    actor,
    input: { action, targetType: "topic", targetId, reason: "Off topic" } as never,
  });
  expect(outcome.ok).toBe(true);
}

describe("posts of a hidden or deleted topic", () => {
  it("are answered 404 at GET /api/forum/posts/{id} to all but moderators (and the topic's author while hidden)", async () => {
    const { jsonRequest } = await import("./forum-helpers");
    const posts = await import("~/routes/api.forum.posts.$postId");
    const topicPosts = await import("~/routes/api.forum.topics.$id.posts");
    const { author, replier, moderator, topic, reply } = await setting();
    const read = async (userId?: number) =>
      (await call(posts.loader, await jsonRequest(`/api/forum/posts/${reply.id}`, { userId }), {
        params: { postId: String(reply.id) },
      })) as { status: number; body: { content?: string; error?: string } };
    expect((await read()).status).toBe(200);

    await act(moderator.id, "hide", topic.id);
    expect(await read()).toMatchObject({ status: 404, body: { error: "Post not found" } });
    expect((await read(replier.id)).status).toBe(404);
    expect((await read(moderator.id)).body.content).toBe("A reply in the topic");
    expect((await read(author.id)).status).toBe(200);
    const list = await call(topicPosts.loader, await jsonRequest(`/api/forum/topics/${topic.id}/posts`), {
      params: { id: String(topic.id) },
    });
    expect(list.status).toBe(404);

    await act(moderator.id, "delete", topic.id);
    expect((await read()).status).toBe(404);
    expect((await read(author.id)).status).toBe(404);
    expect((await read(moderator.id)).status).toBe(200);
  });

  it("take no edits or replies; those who cannot see the topic are answered 404, not 403 or 409 (decision 298)", async () => {
    const { jsonRequest } = await import("./forum-helpers");
    const posts = await import("~/routes/api.forum.posts.$postId");
    const topicPosts = await import("~/routes/api.forum.topics.$id.posts");
    const { createPost } = await import("~/forum/topics.server");
    const { author, replier, moderator, topic, reply } = await setting();
    const own = (await createPost({ topicId: topic.id, authorId: author.id, content: "The author's own reply" }))!;
    const edit = async (postId: number, userId: number) =>
      (await call(
        posts.action,
        await jsonRequest(`/api/forum/posts/${postId}`, {
          method: "PATCH",
          body: { content: "Edited after the topic was hidden" },
          userId,
        }),
        { params: { postId: String(postId) } },
      )) as { status: number; body: { error?: string } };
    const answer = async (userId: number) =>
      (await call(
        topicPosts.action,
        await jsonRequest(`/api/forum/topics/${topic.id}/posts`, {
          method: "POST",
          body: { content: `A reply to a hidden topic ${Math.random()}` },
          userId,
        }),
        { params: { id: String(topic.id) } },
      )) as { status: number; body: { error?: string } };
    await act(moderator.id, "hide", topic.id);
    // The replier cannot see the hidden topic: their own post in it, and the topic, are not found.
    expect(await edit(reply.id, replier.id)).toMatchObject({ status: 404, body: { error: "Post not found" } });
    expect(await edit(own.post.id, replier.id)).toMatchObject({ status: 404, body: { error: "Post not found" } });
    expect(await answer(replier.id)).toMatchObject({ status: 404, body: { error: "Topic not found" } });
    // The topic's author and moderators see it, and are told why.
    expect(await edit(own.post.id, author.id)).toMatchObject({
      status: 409,
      body: { error: "This topic was hidden by a moderator: its posts cannot be edited." },
    });
    expect(await edit(reply.id, author.id)).toMatchObject({ status: 403 });
    expect(await edit(reply.id, moderator.id)).toMatchObject({ status: 403 });
    expect(await answer(author.id)).toMatchObject({
      status: 409,
      body: { error: "This topic was hidden by a moderator: it takes no new replies." },
    });
    expect((await answer(moderator.id)).status).toBe(409);
    await act(moderator.id, "delete", topic.id);
    expect((await edit(reply.id, replier.id)).status).toBe(404);
    expect((await edit(own.post.id, author.id)).status).toBe(404);
    const { getVisiblePost } = await import("~/forum/topics.server");
    expect((await getVisiblePost({ postId: reply.id, reader: { id: moderator.id, canModerate: true } }))?.content).toBe(
      "A reply in the topic",
    );
  });

  it("are told to no one: a reply whose topic was hidden before its notification ran mails nothing", async () => {
    const { drainJobs } = await import("~/jobs/queue.server");
    const { registerDomainJobs } = await import("~/assembly/registry.server");
    const { NOTIFICATION_MAIL_QUEUE } = await import("~/forum/member-notifications.server");
    registerDomainJobs();
    const { author, moderator, topic } = await setting();
    await act(moderator.id, "hide", topic.id);
    await drainJobs([NOTIFICATION_MAIL_QUEUE]);
    expect(smtp.mailsTo(author.email!)).toHaveLength(0);
  });
});

describe("reply notifications and the address's mail limit", () => {
  it("mail only a verified address, and count against the notifications' budget, not the reset mail's", async () => {
    const { member } = await import("./forum-helpers");
    const { createPost, createTopic } = await import("~/forum/topics.server");
    const { NOTIFICATION_MAIL_QUEUE } = await import("~/forum/member-notifications.server");
    const { drainJobs } = await import("~/jobs/queue.server");
    const { registerDomainJobs } = await import("~/assembly/registry.server");
    const { limits, peekRateLimit } = await import("~/accounts/limits.server");
    const { NOTIFICATIONS_PER_RECIPIENT_DAILY, notificationLimits } = await import("~/mail/notification-budget.server");
    registerDomainJobs();
    const replier = await member();
    const topicBy = async (authorId: number) =>
      (await createTopic({ authorId, title: `Mail? ${Math.random()}`, description: null, category: "general" })).topic;

    const unverified = await member();
    await createPost({ topicId: (await topicBy(unverified.id)).id, authorId: replier.id, content: "hello" });
    await drainJobs([NOTIFICATION_MAIL_QUEUE]);
    expect(smtp.mailsTo(unverified.email!)).toHaveLength(0);

    const verified = await member({ verified: true });
    const topic = await topicBy(verified.id);
    for (let i = 1; i <= NOTIFICATIONS_PER_RECIPIENT_DAILY + 2; i++) {
      await createPost({ topicId: topic.id, authorId: replier.id, content: `reply ${i}` });
    }
    await drainJobs([NOTIFICATION_MAIL_QUEUE]);
    // A day's notifications to one address (decision 290), counted in the notifications' own budget: the
    // address's mail for resets and verification (limits.mailAddressDaily) is untouched.
    expect(smtp.mailsTo(verified.email!)).toHaveLength(NOTIFICATIONS_PER_RECIPIENT_DAILY);
    expect((await peekRateLimit(notificationLimits.recipient(verified.email!))).allowed).toBe(false);
    expect((await peekRateLimit(limits.mailAddressDaily(verified.email!))).remaining).toBe(
      limits.mailAddressDaily(verified.email!).limit,
    );
  });
});
