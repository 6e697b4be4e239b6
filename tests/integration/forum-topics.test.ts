import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { forumTopics } from "#db/schema";
import { checkForumLimit, FORUM_LIMITS, paceKey } from "~/forum/limits.server";
import {
  createPost,
  createTopic,
  decodeCursor,
  getTopic,
  listPosts,
  listTopics,
  updatePost,
} from "~/forum/topics.server";
import { resetRateLimit } from "~/utils/rate-limit.server";
import { member } from "./forum-helpers";

const unique = () => Math.random().toString(36).slice(2, 10);

describe("forum topics and posts", () => {
  it("numbers concurrent replies 1..n without gaps or collisions, and keeps post_count", async () => {
    const author = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Numbers ${unique()}`,
      description: null,
      category: "general",
    });
    const repliers = await Promise.all(Array.from({ length: 6 }, () => member({ email: null })));
    const results = await Promise.all(
      Array.from({ length: 18 }, (_, i) =>
        createPost({ topicId: topic.id, authorId: repliers[i % 6]!.id, content: `Reply ${i} ${unique()}` }),
      ),
    );
    const numbers = results.map((r) => r!.post.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect((await getTopic(topic.id))!.postCount).toBe(18);

    const second = await listPosts({ topicId: topic.id, postCount: 18, page: 2, perPage: 5 });
    expect(second.posts.map((p) => p.number)).toEqual([6, 7, 8, 9, 10]);
    expect(second.pageCount).toBe(4);
    const last = await listPosts({ topicId: topic.id, postCount: 18, page: 99, perPage: 5 });
    expect(last.page).toBe(4);
    expect(last.posts.map((p) => p.number)).toEqual([16, 17, 18]);
    expect(last.posts[0]!.author.username).toMatch(/^fm_/);
  });

  it("creates one post for a double submit and one topic for a double topic submit", async () => {
    const author = await member();
    const title = `Double ${unique()}`;
    const topics = await Promise.all([
      createTopic({ authorId: author.id, title, description: "d", category: "technology" }),
      createTopic({ authorId: author.id, title, description: "d", category: "technology" }),
    ]);
    expect(topics[0].topic.id).toBe(topics[1].topic.id);
    expect(topics.map((t) => t.created).sort()).toEqual([false, true]);

    const replier = await member();
    const content = `Same words ${unique()}`;
    const posts = await Promise.all([
      createPost({ topicId: topics[0].topic.id, authorId: replier.id, content }),
      createPost({ topicId: topics[0].topic.id, authorId: replier.id, content }),
    ]);
    expect(posts[0]!.post.id).toBe(posts[1]!.post.id);
    expect((await getTopic(topics[0].topic.id))!.postCount).toBe(1);
    // Different content is a different post.
    const other = await createPost({ topicId: topics[0].topic.id, authorId: replier.id, content: `${content}!` });
    expect(other!.post.number).toBe(2);
  });

  it("lets only the author edit a post, trims nothing itself, and marks it edited", async () => {
    const author = await member();
    const stranger = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Edit ${unique()}`,
      description: null,
      category: "general",
    });
    const { post } = (await createPost({ topicId: topic.id, authorId: author.id, content: "first words" }))!;
    expect(post.edited).toBe(false);
    expect(await updatePost({ postId: post.id, authorId: stranger.id, content: "hijack" })).toEqual({
      status: "forbidden",
    });
    expect(await updatePost({ postId: 2_000_000_000, authorId: author.id, content: "x" })).toEqual({
      status: "not-found",
    });
    // Saving the text unchanged is not an edit.
    const unchanged = await updatePost({ postId: post.id, authorId: author.id, content: "first words" });
    expect(unchanged.status === "updated" && unchanged.post.edited).toBe(false);
    const updated = await updatePost({ postId: post.id, authorId: author.id, content: "better words" });
    expect(updated.status).toBe("updated");
    if (updated.status === "updated") {
      expect(updated.post.content).toBe("better words");
      expect(updated.post.edited).toBe(true);
      expect(updated.post.number).toBe(1);
    }
  });

  it("lists topics by latest activity with a cursor and a category filter", async () => {
    const author = await member();
    const category = "emotional-growth";
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        (await createTopic({ authorId: author.id, title: `Order ${i} ${unique()}`, description: null, category }))
          .topic,
      );
    }
    // A reply moves the oldest topic to the top.
    await createPost({ topicId: made[0]!.id, authorId: author.id, content: `bump ${unique()}` });
    const first = await listTopics({ category, limit: 2 });
    expect(first.topics.map((t) => t.id)).toEqual([made[0]!.id, made[2]!.id]);
    expect(first.topics.every((t) => t.category === category)).toBe(true);
    expect(first.topics[0]!.postCount).toBe(1);
    expect(first.topics[0]!.author.username).toBe(author.username);
    expect(first.nextCursor).toBeTruthy();
    const second = await listTopics({ category, limit: 2, cursor: first.nextCursor });
    expect(second.topics[0]!.id).toBe(made[1]!.id);
    // A garbage cursor starts from the top instead of failing.
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect((await listTopics({ category, limit: 2, cursor: "%%%" })).topics[0]!.id).toBe(made[0]!.id);
  });

  it("returns null for a reply to a missing topic", async () => {
    const author = await member();
    expect(await createPost({ topicId: 2_000_000_000, authorId: author.id, content: "hello" })).toBeNull();
    const [row] = await db.select({ id: forumTopics.id }).from(forumTopics).where(eq(forumTopics.id, 2_000_000_000));
    expect(row).toBeUndefined();
  });

  it("limits replies per member per minute in Postgres", async () => {
    const author = await member();
    const { perWindow } = FORUM_LIMITS.reply;
    // The window counts on its own: the 5-second pace (tested in hostile-input.test.ts) is cleared between attempts.
    for (let i = 0; i < perWindow; i++) {
      expect(await checkForumLimit("reply", author.id)).toBeNull();
      await resetRateLimit(paceKey(author.id));
    }
    const limited = await checkForumLimit("reply", author.id);
    expect(limited?.message).toMatch(/Too many requests/);
    expect(await checkForumLimit("reply", (await member()).id)).toBeNull();
  });
});
