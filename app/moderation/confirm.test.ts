import { describe, expect, it } from "vitest";
import { confirmValue } from "./confirm";
import { allowedQueueConfirm, allowedTopicConfirm, parseConfirm } from "./confirm.server";

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
});
