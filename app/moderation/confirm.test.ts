import { describe, expect, it } from "vitest";
import { confirmValue } from "./confirm";
import { allowedQueueConfirm, allowedTopicConfirm, parseConfirm, topicPageConfirmLinks } from "./confirm.server";

describe("moderation confirmations (?confirm=)", () => {
  it("reads <action>-<post|topic>-<id> and writes it back", () => {
    expect(parseConfirm("hide-post-12")).toEqual({ action: "hide", targetType: "post", targetId: 12 });
    expect(parseConfirm(confirmValue("flag", "topic", 3))).toEqual({
      action: "flag",
      targetType: "topic",
      targetId: 3,
    });
    for (const bad of [
      null,
      "",
      "explode-post-1",
      "hide-user-1",
      "hide-post-0",
      "hide-post-9999999999",
      "hide-post-x",
    ]) {
      expect(parseConfirm(bad)).toBeNull();
    }
  });

  const topic = { id: 1, authorId: 10 };
  const posts = [
    { id: 5, authorId: 10 },
    { id: 6, authorId: 20 },
  ];
  const member = { id: 20, canModerate: false };
  const moderator = { id: 30, canModerate: true };

  it("on a topic page, a member flags someone else's post or topic; only a moderator moderates", () => {
    const page = (reader: typeof member | null) => ({ topic, posts, reader });
    expect(allowedTopicConfirm(parseConfirm("flag-post-5"), page(member))).not.toBeNull();
    expect(allowedTopicConfirm(parseConfirm("flag-topic-1"), page(member))).not.toBeNull();
    expect(allowedTopicConfirm(parseConfirm("flag-post-6"), page(member)), "one's own post").toBeNull();
    expect(allowedTopicConfirm(parseConfirm("hide-post-5"), page(member)), "not a moderator").toBeNull();
    expect(allowedTopicConfirm(parseConfirm("hide-post-5"), page(moderator))).not.toBeNull();
    expect(allowedTopicConfirm(parseConfirm("lock-topic-1"), page(moderator))).not.toBeNull();
    expect(allowedTopicConfirm(parseConfirm("hide-post-7"), page(moderator)), "not on this page").toBeNull();
    expect(allowedTopicConfirm(parseConfirm("lock-topic-2"), page(moderator)), "another topic").toBeNull();
    expect(allowedTopicConfirm(parseConfirm("flag-post-5"), page(null)), "a visitor").toBeNull();
  });

  it("in the queue, a moderation action on a queued item only (never a flag)", () => {
    const items = [{ targetType: "post" as const, targetId: 5 }];
    expect(allowedQueueConfirm(parseConfirm("hide-post-5"), items)).not.toBeNull();
    expect(allowedQueueConfirm(parseConfirm("flag-post-5"), items)).toBeNull();
    expect(allowedQueueConfirm(parseConfirm("hide-post-6"), items)).toBeNull();
    expect(allowedQueueConfirm(parseConfirm("hide-topic-5"), items)).toBeNull();
  });

  it("writes a topic page's links: Flag for a member on what others wrote, the moderation links for a moderator", () => {
    const topic = { own: false, locked: false, hidden: null };
    const post = { id: 12, number: 3, own: false, hidden: null };
    const visitor = topicPageConfirmLinks({ topicId: 7, page: 2, userId: undefined, canModerate: false });
    expect(visitor.topic(topic)).toEqual([]);
    expect(visitor.post(post)).toEqual([]);
    const member = topicPageConfirmLinks({ topicId: 7, page: 2, userId: 5, canModerate: false });
    expect(member.topic(topic)).toEqual([{ href: "/forum/topic/7?page=2&confirm=flag-topic-7", label: "Flag topic" }]);
    expect(member.post(post)).toEqual([
      { href: "/forum/topic/7?page=2&confirm=flag-post-12#post-3", label: "Flag", subject: "post #3" },
    ]);
    expect(member.topic({ ...topic, own: true })).toEqual([]);
    expect(member.post({ ...post, own: true })).toEqual([]);
    const moderator = topicPageConfirmLinks({ topicId: 7, page: 1, userId: 9, canModerate: true });
    expect(moderator.topic({ own: false, locked: true, hidden: { reason: null } }).map((l) => l.label)).toEqual([
      "Flag topic",
      "Unlock topic",
      "Move topic",
      "Unhide topic",
    ]);
    expect(moderator.topic({ ...topic, own: true }).map((l) => l.href)).toEqual([
      "/forum/topic/7?confirm=lock-topic-7",
      "/forum/topic/7?confirm=move-topic-7",
      "/forum/topic/7?confirm=hide-topic-7",
    ]);
    expect(moderator.post({ ...post, own: true, hidden: { reason: "spam" } })).toEqual([
      { href: "/forum/topic/7?confirm=unhide-post-12#post-3", label: "Unhide", subject: "post #3" },
    ]);
  });
});
