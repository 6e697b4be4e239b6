import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { moderationActions, users } from "#db/schema";
import { verifyLogin } from "~/accounts/login.server";
import { getUser } from "~/accounts/session.server";
import { createUser, getUserById, grantConfiguredAdmins, isAdminUser } from "~/accounts/users.server";
import {
  createPost,
  createTopic,
  ForumWriteRefusedError,
  HIDDEN_POST_NOTICE,
  listPosts,
  TOPIC_LOCKED,
} from "~/forum/topics.server";
import { drainJobs } from "~/jobs/queue.server";
import { listOutbox } from "~/mail/mail.server";
import { moderate, setModeratorRole, STAFF_ONLY } from "~/moderation/actions.server";
import { ALREADY_FLAGGED, flagItem, newMemberLimitMessage, OWN_ITEM } from "~/moderation/flags.server";
import { registerModerationJobs } from "~/moderation/notices.server";
import * as queuePage from "~/routes/admin.moderation._index";
import * as logPage from "~/routes/admin.moderation.log";
import * as logCsv from "~/routes/admin.moderation.log[.]csv";
import * as rolesPage from "~/routes/admin.moderation.roles";
import * as topicPage from "~/routes/forum.topic.$id";
import { SITE_NAME } from "~/site";
import { answerOf, routeRequest, settle, statusAndBody } from "../support/routes";
import { cookieFor, formRequest, jsonRequest, member } from "./forum-helpers";

/**
 * Forum moderation (decision 026) against the real database: who may do what, the three-flag rule, lock,
 * silence, suspension (sessions ended, sign-in refused, lifted by the clock), the audit log and its CSV.
 */
const ctx = { context: {} as never };
const unique = () => Math.random().toString(36).slice(2, 10);

async function moderator() {
  const user = await member();
  await db.update(users).set({ role: "moderator" }).where(eq(users.id, user.id));
  return { ...user, role: "moderator" as const };
}

/** A member of standing: past their first day with three visible posts (decision 163). */
async function seasoned() {
  const user = await member();
  await db
    .update(users)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(users.id, user.id));
  const { topic } = await createTopic({
    authorId: user.id,
    title: `Mine ${unique()}`,
    description: null,
    category: "general",
  });
  for (let i = 1; i <= 3; i++)
    await createPost({ topicId: topic.id, authorId: user.id, content: `post ${i} ${unique()}` });
  return user;
}

async function topicWithPost(content = `Buy cheap things ${unique()}`) {
  const author = await member({ verified: true }); // notices go to verified addresses only
  const { topic } = await createTopic({
    authorId: author.id,
    title: `Moderated ${unique()}`,
    description: null,
    category: "general",
  });
  const { post } = (await createPost({ topicId: topic.id, authorId: author.id, content }))!;
  return { author, topic, post };
}

const topicPost = (topicId: number, fields: Record<string, string>, userId?: number) =>
  settle(async () =>
    topicPage.action({
      ...ctx,
      params: { id: String(topicId) },
      request: await formRequest(`/forum/topic/${topicId}`, fields, userId),
    }),
  ).then(answerOf);

const queuePost = (fields: Record<string, string>, userId?: number) =>
  settle(async () =>
    queuePage.action({
      ...ctx,
      params: {},
      request: await formRequest("/admin/moderation", { intent: "moderate", ...fields }, userId),
    }),
  ).then(answerOf);

const logOf = (targetType: string, targetId: number) =>
  db
    .select()
    .from(moderationActions)
    .where(sql`${moderationActions.targetType} = ${targetType} and ${moderationActions.targetId} = ${targetId}`)
    .orderBy(moderationActions.id);

describe("permissions", () => {
  it("keeps members out of the queue and its actions, moderators out of roles, authors from flagging their own", async () => {
    const { author, topic, post } = await topicWithPost();
    const plain = await member();
    const mod = await moderator();

    const visitor = await settle(async () =>
      queuePage.loader({ ...ctx, params: {}, request: await jsonRequest("/admin/moderation") }),
    );
    expect((visitor as Response).status).toBe(302);
    const memberQueue = await settle(async () =>
      queuePage.loader({ ...ctx, params: {}, request: await jsonRequest("/admin/moderation", { userId: plain.id }) }),
    );
    expect((memberQueue as Response).status).toBe(403);
    expect(
      (await queuePost({ action: "hide", targetType: "post", targetId: String(post.id), reason: "x" }, plain.id))
        .status,
    ).toBe(403);
    // On the topic page the same intent reaches the domain, which refuses a member.
    const memberHide = await topicPost(
      topic.id,
      { intent: "moderate", action: "hide", targetType: "post", targetId: String(post.id), reason: "x" },
      plain.id,
    );
    expect(memberHide.status).toBe(403);
    expect((await listPosts({ topicId: topic.id, postCount: 1, page: 1 })).posts[0]!.hidden).toBeNull();

    // Moderators reach the queue, but not the roles page, the log, or the role change itself.
    expect(
      (
        await answerOf(
          await queuePage.loader({
            ...ctx,
            params: {},
            request: await jsonRequest("/admin/moderation", { userId: mod.id }),
          }),
        )
      ).status,
    ).toBe(200);
    for (const path of ["/admin/moderation/roles", "/admin/moderation/log"]) {
      const route = path.endsWith("roles") ? rolesPage : logPage;
      const denied = await settle(async () =>
        route.loader({ ...ctx, params: {}, request: await jsonRequest(path, { userId: mod.id }) }),
      );
      expect((denied as Response).status).toBe(403);
    }
    const grant = await settle(async () =>
      rolesPage.action({
        ...ctx,
        params: {},
        request: await formRequest(
          "/admin/moderation/roles",
          { username: plain.username, role: "moderator", reason: "helpful" },
          mod.id,
        ),
      }),
    );
    expect((grant as Response).status).toBe(403);
    expect(
      (await setModeratorRole({ actor: mod, input: { username: plain.username, role: "moderator", reason: "x" } })).ok,
    ).toBe(false);
    const [stillMember] = await db.select({ role: users.role }).from(users).where(eq(users.id, plain.id));
    expect(stillMember!.role).toBe("member");

    // The author cannot flag their own post, on the page or in the domain.
    const own = await topicPost(
      topic.id,
      { intent: "flag", targetType: "post", targetId: String(post.id), reason: "spam" },
      author.id,
    );
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(OWN_ITEM);
  });

  it("lets an admin grant and revoke the moderator role on the roles page, recorded in the log", async () => {
    const admin = await member({ admin: true });
    const candidate = await member();
    const grant = await settle(async () =>
      rolesPage.action({
        ...ctx,
        params: {},
        request: await formRequest(
          "/admin/moderation/roles",
          { username: candidate.username, role: "moderator", reason: "Trusted regular" },
          admin.id,
        ),
      }),
    );
    expect((grant as Response).status).toBe(302);
    const queue = await answerOf(
      await queuePage.loader({
        ...ctx,
        params: {},
        request: await jsonRequest("/admin/moderation", { userId: candidate.id }),
      }),
    );
    expect(queue.status).toBe(200);
    const revoke = await settle(async () =>
      rolesPage.action({
        ...ctx,
        params: {},
        request: await formRequest(
          "/admin/moderation/roles",
          { username: candidate.username, role: "member", reason: "Stepped down" },
          admin.id,
        ),
      }),
    );
    expect((revoke as Response).status).toBe(302);
    const denied = await settle(async () =>
      queuePage.loader({
        ...ctx,
        params: {},
        request: await jsonRequest("/admin/moderation", { userId: candidate.id }),
      }),
    );
    expect((denied as Response).status).toBe(403);
    const log = await logOf("user", candidate.id);
    expect(log.map((e) => [e.action, e.actorName, e.reason, e.before, e.after])).toEqual([
      ["grant-moderator", admin.username, "Trusted regular", { role: "member" }, { role: "moderator" }],
      ["revoke-moderator", admin.username, "Stepped down", { role: "moderator" }, { role: "member" }],
    ]);
  });
});

describe("roles that cannot be turned (issue 33, decision 163)", () => {
  it("counts only members of standing towards hiding, and never hides a moderator's or an admin's post by flags", async () => {
    const { post } = await topicWithPost();
    const flag = (userId: number, targetId = post.id) =>
      flagItem({ flaggerId: userId, input: { targetType: "post", targetId, reason: "spam", note: "" } });
    // Three accounts a minute old: the post stays.
    for (const fresh of [await member(), await member(), await member()]) {
      expect(await flag(fresh.id)).toEqual({ ok: true, hidden: false });
    }
    // Old accounts with no posts are not of standing either.
    for (const idle of [await member(), await member(), await member()]) {
      await db
        .update(users)
        .set({ createdAt: sql`now() - interval '2 days'` })
        .where(eq(users.id, idle.id));
      expect(await flag(idle.id)).toEqual({ ok: true, hidden: false });
    }
    const admin = await member({ admin: true });
    const { topic } = await createTopic({
      authorId: admin.id,
      title: `Admin ${unique()}`,
      description: null,
      category: "general",
    });
    const adminPost = (await createPost({ topicId: topic.id, authorId: admin.id, content: `rules ${unique()}` }))!.post;
    for (const standing of [await seasoned(), await seasoned(), await seasoned()]) {
      expect(await flag(standing.id, adminPost.id)).toEqual({ ok: true, hidden: false });
    }
  }, 60_000);

  it("lets a moderator act on members only: not on an admin, another moderator, or their content", async () => {
    const mod = await moderator();
    const otherMod = await moderator();
    const admin = { ...(await member({ admin: true })), role: "admin" as const };
    for (const author of [admin, otherMod]) {
      const { topic } = await createTopic({
        authorId: author.id,
        title: `Staff ${unique()}`,
        description: null,
        category: "general",
      });
      const { post } = (await createPost({ topicId: topic.id, authorId: author.id, content: `staff ${unique()}` }))!;
      for (const input of [
        { action: "hide", targetType: "post", targetId: post.id },
        { action: "delete", targetType: "post", targetId: post.id },
        { action: "lock", targetType: "topic", targetId: topic.id },
        { action: "suspend", targetType: "post", targetId: post.id, periodHours: 1 },
      ] as const) {
        expect(await moderate({ actor: mod, input: { ...input, reason: "x" } as never })).toEqual({
          ok: false,
          status: 403,
          error: STAFF_ONLY,
        });
      }
      // An admin can.
      const hidden = await moderate({
        actor: admin,
        input: { action: "hide", targetType: "post", targetId: post.id, reason: "x" } as never,
      });
      expect(hidden.ok).toBe(true);
    }
  });

  it("restores a deleted post: deletion has its reverse, recorded in the log", async () => {
    const { topic, post } = await topicWithPost();
    const mod = await moderator();
    const act = (action: "delete" | "restore") =>
      moderate({ actor: mod, input: { action, targetType: "post", targetId: post.id, reason: "Reviewed" } as never });
    expect((await act("restore")).ok).toBe(false); // not deleted
    expect((await act("delete")).ok).toBe(true);
    expect((await listPosts({ topicId: topic.id, postCount: 1, page: 1 })).posts).toHaveLength(0);
    expect(await act("restore")).toMatchObject({ ok: true, message: "Post restored." });
    expect((await listPosts({ topicId: topic.id, postCount: 1, page: 1 })).posts[0]!.content).toBe(post.content);
    expect((await logOf("post", post.id)).map((e) => e.action)).toEqual(["delete", "restore"]);
  });

  it("makes admins of ADMIN_USERNAMES only accounts that exist when it is read, never a later registration", async () => {
    const existing = await member();
    const later = `later_${unique()}`;
    const granted = await grantConfiguredAdmins(`${existing.username}, ${later}`);
    expect(granted).toEqual([existing.username]);
    expect((await getUserById(existing.id))!.role).toBe("admin");
    // Someone registers the other name afterwards: the setting, read again at the next boot, does not grant it.
    const squatter = await createUser({ username: later, email: null, password: "Passw0rd!x" });
    expect(await grantConfiguredAdmins(`${existing.username},${later}`)).toEqual([]);
    expect((await getUserById(squatter.id))!.role).toBe("member");
    expect(isAdminUser({ role: "member" })).toBe(false);
  });
});

describe("flags", () => {
  it("hides a post at once when three different members flag it; others see the notice, the author the text", async () => {
    const { author, topic, post } = await topicWithPost();
    const flaggers = await Promise.all([seasoned(), seasoned(), seasoned()]);
    const flag = (userId: number, reason: "spam" | "abuse" = "spam") =>
      flagItem({ flaggerId: userId, input: { targetType: "post", targetId: post.id, reason, note: "Selling things" } });

    expect(await flag(flaggers[0]!.id)).toEqual({ ok: true, hidden: false });
    expect(await flag(flaggers[0]!.id, "abuse")).toEqual({ ok: false, status: 409, error: ALREADY_FLAGGED });
    expect(await flag(flaggers[1]!.id)).toEqual({ ok: true, hidden: false });
    expect((await listPosts({ topicId: topic.id, postCount: 1, page: 1 })).posts[0]!.content).toBe(post.content);
    expect(await flag(flaggers[2]!.id)).toEqual({ ok: true, hidden: true });

    const visitorView = await answerOf(
      await topicPage.loader({
        ...ctx,
        params: { id: String(topic.id) },
        request: await jsonRequest(`/forum/topic/${topic.id}`),
      }),
    );
    // The reader who may not see it gets no text (decisions 313, 340: the page's text comes as HTML).
    expect(visitorView.body.posts[0]).toMatchObject({ number: 1, html: null, hidden: { reason: null } });
    expect(JSON.stringify(visitorView.body)).not.toContain(post.content);
    const authorView = await answerOf(
      await topicPage.loader({
        ...ctx,
        params: { id: String(topic.id) },
        request: await jsonRequest(`/forum/topic/${topic.id}`, { userId: author.id }),
      }),
    );
    expect(authorView.body.posts[0].html).toContain(post.content);
    expect(authorView.body.posts[0].hidden.reason).toMatch(/pending/);

    const [autoHide] = await logOf("post", post.id);
    expect(autoHide).toMatchObject({ action: "auto-hide", actorName: "system", subjectUserId: author.id });

    // The queue shows it with its three flags and notes; "keep" clears them and shows the post again.
    const mod = await moderator();
    const queue = await answerOf(
      await queuePage.loader({
        ...ctx,
        params: {},
        request: await jsonRequest("/admin/moderation", { userId: mod.id }),
      }),
    );
    const entry = queue.body.items.find(
      (i: { targetId: number; targetType: string }) => i.targetType === "post" && i.targetId === post.id,
    );
    expect(entry.flags).toHaveLength(3);
    expect(entry.flags[0].note).toBe("Selling things");
    expect(entry.hidden.pendingReview).toBe(true);
    expect(entry.history.posts[0].excerpt).toBe(post.content);
    const kept = await queuePost(
      { action: "keep", targetType: "post", targetId: String(post.id), reason: "Not spam, a fair offer" },
      mod.id,
    );
    expect(kept.status).toBe(302);
    expect((await listPosts({ topicId: topic.id, postCount: 1, page: 1 })).posts[0]!.hidden).toBeNull();
    const after = await answerOf(
      await queuePage.loader({
        ...ctx,
        params: {},
        request: await jsonRequest("/admin/moderation", { userId: mod.id }),
      }),
    );
    expect(
      after.body.items.some(
        (i: { targetId: number; targetType: string }) => i.targetType === "post" && i.targetId === post.id,
      ),
    ).toBe(false);
  });

  it("limits members on their first day to a few flags and checks the note's length", async () => {
    const newcomer = await member();
    const posts = await Promise.all([1, 2, 3, 4].map(() => topicWithPost()));
    for (const { post } of posts.slice(0, 3)) {
      expect(
        (
          await flagItem({
            flaggerId: newcomer.id,
            input: { targetType: "post", targetId: post.id, reason: "off-topic", note: null },
          })
        ).ok,
      ).toBe(true);
    }
    const fourth = await flagItem({
      flaggerId: newcomer.id,
      input: { targetType: "post", targetId: posts[3]!.post.id, reason: "off-topic", note: null },
    });
    expect(fourth).toEqual({ ok: false, status: 429, error: newMemberLimitMessage(3) });

    const { topic, post } = posts[3]!;
    const veteran = await seasoned();
    const long = await topicPost(
      topic.id,
      { intent: "flag", targetType: "post", targetId: String(post.id), reason: "other", note: "n".repeat(501) },
      veteran.id,
    );
    expect(long.status).toBe(400);
    const noReason = await topicPost(
      topic.id,
      { intent: "flag", targetType: "post", targetId: String(post.id) },
      veteran.id,
    );
    expect(noReason.status).toBe(400);
    const ok = await topicPost(
      topic.id,
      { intent: "flag", targetType: "topic", targetId: String(topic.id), reason: "other", note: "Wrong place" },
      veteran.id,
    );
    expect(ok.status).toBe(302);
  });
});

describe("moderator actions", () => {
  it("locks a topic (no replies, the page says so) and unlocks it", async () => {
    const { author, topic } = await topicWithPost("Opening words");
    const mod = await moderator();
    const lock = await topicPost(
      topic.id,
      { intent: "moderate", action: "lock", targetType: "topic", targetId: String(topic.id), reason: "Heated" },
      mod.id,
    );
    expect(lock.status).toBe(302);
    await expect(createPost({ topicId: topic.id, authorId: author.id, content: "one more" })).rejects.toThrow(
      TOPIC_LOCKED,
    );
    const reply = await topicPost(topic.id, { intent: "reply", content: "Let me in" }, author.id);
    expect(reply.status).toBe(409);
    expect(reply.body.toast.description).toBe(TOPIC_LOCKED);
    const page = await answerOf(
      await topicPage.loader({
        ...ctx,
        params: { id: String(topic.id) },
        request: await jsonRequest(`/forum/topic/${topic.id}`),
      }),
    );
    expect(page.body.topic.locked).toBe(true);
    // the page's links, dates and meta tags come from its loader (decision 430): a visitor gets no confirm link, a
    // moderator Unlock; each post's date as the forum writes it; the title and canonical address
    expect(page.body.topic.confirmLinks).toEqual([]);
    expect(page.body.posts[0].confirmLinks).toEqual([]);
    expect(page.body.posts[0].when).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
    expect(page.body.meta).toContainEqual({ title: `${topic.title} | ${SITE_NAME}` });
    expect(page.body.meta).toContainEqual(
      expect.objectContaining({
        tagName: "link",
        rel: "canonical",
        href: expect.stringMatching(`/forum/topic/${topic.id}$`),
      }),
    );
    const modView = await answerOf(
      await topicPage.loader({
        ...ctx,
        params: { id: String(topic.id) },
        request: await jsonRequest(`/forum/topic/${topic.id}`, { userId: mod.id }),
      }),
    );
    expect(modView.body.topic.confirmLinks.map((link: { label: string }) => link.label)).toEqual([
      "Flag topic",
      "Unlock topic",
      "Move topic",
      "Hide topic",
    ]);

    const noReason = await topicPost(
      topic.id,
      { intent: "moderate", action: "unlock", targetType: "topic", targetId: String(topic.id), reason: " " },
      mod.id,
    );
    expect(noReason.status).toBe(400);
    await topicPost(
      topic.id,
      { intent: "moderate", action: "unlock", targetType: "topic", targetId: String(topic.id), reason: "Calm again" },
      mod.id,
    );
    expect((await topicPost(topic.id, { intent: "reply", content: "Back in" }, author.id)).status).toBe(302);
    expect((await logOf("topic", topic.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ["lock", { locked: false }, { locked: true }],
      ["unlock", { locked: true }, { locked: false }],
    ]);
  });

  it("hides a post for a reason, mails its author, and moves a topic", async () => {
    registerModerationJobs();
    const { author, topic, post } = await topicWithPost();
    const mod = await moderator();
    const hide = await topicPost(
      topic.id,
      { intent: "moderate", action: "hide", targetType: "post", targetId: String(post.id), reason: "Advertising" },
      mod.id,
    );
    expect(hide.status).toBe(302);
    const visitor = (await listPosts({ topicId: topic.id, postCount: 1, page: 1 })).posts[0]!;
    expect(visitor.content).toBe(HIDDEN_POST_NOTICE);
    const own = (
      await listPosts({ topicId: topic.id, postCount: 1, page: 1, reader: { id: author.id, canModerate: false } })
    ).posts[0]!;
    expect(own).toMatchObject({ content: post.content, hidden: { reason: "Advertising" } });
    await drainJobs(["moderation/notice"]);
    const mail = (await listOutbox(200)).find((m) => m.to === author.email && m.subject.includes("hidden"));
    expect(mail?.text).toContain("The moderator's reason: Advertising");

    const move = await topicPost(
      topic.id,
      {
        intent: "moderate",
        action: "move",
        targetType: "topic",
        targetId: String(topic.id),
        reason: "Belongs there",
        category: "technology",
      },
      mod.id,
    );
    expect(move.status).toBe(302);
    const page = await answerOf(
      await topicPage.loader({
        ...ctx,
        params: { id: String(topic.id) },
        request: await jsonRequest(`/forum/topic/${topic.id}`),
      }),
    );
    expect(page.body.topic.category).toBe("technology");

    // Deleting keeps the row for the record but takes the post out of the forum; its number stays taken.
    await moderate({
      actor: mod,
      input: { action: "delete", targetType: "post", targetId: post.id, reason: "Repeated spam" },
    });
    expect((await listPosts({ topicId: topic.id, postCount: 1, page: 1 })).posts).toHaveLength(0);
    expect((await logOf("post", post.id)).map((e) => e.action)).toEqual(["hide", "delete"]);
  });

  it("silences an author (cannot post) until the period ends", async () => {
    const { author, topic, post } = await topicWithPost();
    const mod = await moderator();
    const silence = await queuePost(
      { action: "silence", targetType: "post", targetId: String(post.id), reason: "Cool down", periodHours: "24" },
      mod.id,
    );
    expect(silence.status).toBe(302);
    const refused = await topicPost(topic.id, { intent: "reply", content: "Still here" }, author.id);
    expect(refused.status).toBe(403);
    expect(refused.body.toast.description).toMatch(/^You have been silenced by a moderator until/);
    await expect(
      createTopic({ authorId: author.id, title: `Sneaky ${unique()}`, description: null, category: "general" }),
    ).rejects.toBeInstanceOf(ForumWriteRefusedError);
    const noPeriod = await queuePost(
      { action: "silence", targetType: "post", targetId: String(post.id), reason: "again" },
      mod.id,
    );
    expect(noPeriod.status).toBe(400);

    await db
      .update(users)
      .set({ silencedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, author.id));
    expect((await topicPost(topic.id, { intent: "reply", content: "Back again" }, author.id)).status).toBe(302);
    const [entry] = (await logOf("user", author.id)).filter((e) => e.action === "silence");
    expect(entry).toMatchObject({
      actorName: mod.username,
      reason: "Cool down",
      before: { postId: post.id, silencedUntil: null },
    });
    expect((entry!.after as { period: string }).period).toBe("1 day");
  });

  it("suspends an author: every session ends, sign-in is refused with a clear message, lifted when the period ends", async () => {
    const { author, post } = await topicWithPost();
    const mod = await moderator();
    const cookie = await cookieFor(author.id);
    const signedIn = () => getUser(routeRequest("/forum", { cookie }));
    expect((await signedIn())?.id).toBe(author.id);

    // Moderators cannot suspend each other; an admin can. Nobody can suspend themselves.
    const otherMod = await moderator();
    const { post: modPost } = await topicWithPost().then(async (t) => ({
      post: (await createPost({ topicId: t.topic.id, authorId: otherMod.id, content: `mod words ${unique()}` }))!.post,
    }));
    expect(
      (
        await moderate({
          actor: mod,
          input: { action: "suspend", targetType: "post", targetId: modPost.id, reason: "x", periodHours: 1 },
        })
      ).ok,
    ).toBe(false);

    const suspend = await queuePost(
      { action: "suspend", targetType: "post", targetId: String(post.id), reason: "Abuse", periodHours: "72" },
      mod.id,
    );
    expect(suspend.status).toBe(302);
    expect(await signedIn()).toBeNull();
    const login = await verifyLogin({
      login: author.username,
      password: "Passw0rd!x",
      ip: `10.9.${Math.floor(Math.random() * 250)}.1`,
    });
    expect(login.ok).toBe(false);
    expect(login).toMatchObject({ status: 403 });
    expect((login as { error: string }).error).toMatch(
      /^Your account is suspended until .+ UTC\. You can sign in again after that\.$/,
    );
    // A wrong password still says only "Invalid username or password" (no hint that the account exists).
    const wrong = await verifyLogin({ login: author.username, password: "Wrong0password", ip: "10.8.0.1" });
    expect(wrong).toMatchObject({ status: 401 });

    await db
      .update(users)
      .set({ suspendedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, author.id));
    const lifted = await verifyLogin({ login: author.username, password: "Passw0rd!x", ip: "10.7.0.1" });
    expect(lifted.ok).toBe(true);
    // The sessions the suspension ended stay ended; a new sign-in works.
    expect(await signedIn()).toBeNull();
    const fresh = await cookieFor(author.id);
    expect((await getUser(routeRequest("/forum", { cookie: fresh })))?.id).toBe(author.id);
  });

  it("lifts a silence and a suspension before their periods end, recorded and told by e-mail", async () => {
    const { author, topic, post } = await topicWithPost();
    const mod = await moderator();
    const act = (action: string, extra: Record<string, string> = {}) =>
      queuePost({ action, targetType: "post", targetId: String(post.id), reason: `${action} now`, ...extra }, mod.id);
    const login = () =>
      verifyLogin({ login: author.username, password: "Passw0rd!x", ip: `10.6.${Math.floor(Math.random() * 250)}.1` });

    // Nothing to lift yet: a clear 409, and nothing recorded.
    const nothing = await moderate({
      actor: mod,
      input: { action: "unsilence", targetType: "post", targetId: post.id, reason: "early" },
    });
    expect(nothing).toMatchObject({ ok: false, status: 409, error: `${author.username} is not silenced.` });

    expect((await act("silence", { periodHours: "168" })).status).toBe(302);
    expect((await topicPost(topic.id, { intent: "reply", content: "Muted" }, author.id)).status).toBe(403);
    expect((await act("unsilence")).status).toBe(302);
    expect((await topicPost(topic.id, { intent: "reply", content: "Heard again" }, author.id)).status).toBe(302);

    expect((await act("suspend", { periodHours: "8760" })).status).toBe(302);
    expect((await login()).ok).toBe(false);
    // The author cannot lift their own suspension (nor could they sign in to try).
    expect(
      (
        await moderate({
          actor: author,
          input: { action: "unsuspend", targetType: "post", targetId: post.id, reason: "me" },
        })
      ).ok,
    ).toBe(false);
    expect((await act("unsuspend")).status).toBe(302);
    expect((await login()).ok).toBe(true);
    expect((await act("unsuspend")).status).toBe(409);

    const log = (await logOf("user", author.id)).filter((e) => e.action.startsWith("un"));
    expect(log.map((e) => e.action).sort()).toEqual(["unsilence", "unsuspend"]);
    expect(log.find((e) => e.action === "unsilence")).toMatchObject({
      actorName: mod.username,
      reason: "unsilence now",
      before: { postId: post.id },
      after: { silencedUntil: null },
    });
    expect(
      new Date(
        (log.find((e) => e.action === "unsuspend")!.before as { suspendedUntil: string }).suspendedUntil,
      ).getTime(),
    ).toBeGreaterThan(Date.now());
    registerModerationJobs();
    await drainJobs(["moderation/notice"]);
    const mails = (await listOutbox(200)).filter((m) => m.to === author.email);
    expect(mails.find((m) => m.subject === "You can post in the forum again")?.text).toContain(
      "A moderator lifted your silence: you can write topics and replies again.",
    );
    expect(mails.find((m) => m.subject.endsWith("account is no longer suspended"))?.text).toContain(
      "The moderator's reason: unsuspend now",
    );
  });
});

describe("audit log", () => {
  it("lists every action for admins and downloads it as formula-safe CSV", async () => {
    const { topic, post } = await topicWithPost();
    const mod = await moderator();
    const admin = { ...(await member({ admin: true })), role: "admin" as const };
    const reason = `=HYPERLINK("http://evil.test","click") ${unique()}`;
    await moderate({ actor: mod, input: { action: "hide", targetType: "post", targetId: post.id, reason } });
    expect(
      (
        await moderate({
          actor: admin,
          input: { action: "lock", targetType: "topic", targetId: topic.id, reason: "Done, thanks" },
        })
      ).ok,
    ).toBe(true);

    const page = await answerOf(
      await logPage.loader({
        ...ctx,
        params: {},
        request: await jsonRequest("/admin/moderation/log", { userId: admin.id }),
      }),
    );
    // Newest first (other tests may write entries at the same time: find ours).
    type Entry = { id: number; action: string; targetId: number; createdAt: string };
    const entries: Entry[] = page.body.entries;
    const lock = entries.find((e) => e.action === "lock" && e.targetId === topic.id)!;
    const hide = entries.find((e) => e.action === "hide" && e.targetId === post.id)!;
    expect(entries.indexOf(lock)).toBeLessThan(entries.indexOf(hide));
    expect(lock).toMatchObject({
      actorName: admin.username,
      action: "lock",
      targetType: "topic",
      targetId: topic.id,
      reason: "Done, thanks",
    });
    expect(hide).toMatchObject({
      actorName: mod.username,
      action: "hide",
      targetType: "post",
      targetId: post.id,
      reason,
      after: { hidden: true, reason },
    });
    expect(new Date(hide.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const csv = (await logCsv.loader({
      ...ctx,
      params: {},
      request: await jsonRequest("/admin/moderation/log.csv", { userId: admin.id }),
    })) as Response;
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("moderation-log.csv");
    const text = await csv.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("id,when,who,action,target_type,target_id,member,reason,before,after");
    const hideLine = lines.find((l) => l.startsWith(`${hide.id},`))!;
    expect(hideLine).toContain(`"'=HYPERLINK(""http://evil.test"",""click"") `);
    expect(hideLine).toContain(`,${mod.username},hide,post,${post.id},`);

    const forbidden = await settle(async () =>
      logCsv.loader({
        ...ctx,
        params: {},
        request: await jsonRequest("/admin/moderation/log.csv", { userId: mod.id }),
      }),
    );
    expect((forbidden as Response).status).toBe(403);
  });
});

describe("JSON API", () => {
  it("flags and moderates with the pages' permissions and the project's error shape", async () => {
    const flagsApi = await import("~/routes/api.moderation.flags");
    const actionsApi = await import("~/routes/api.moderation.actions");
    const queueApi = await import("~/routes/api.moderation.queue");
    const logApi = await import("~/routes/api.moderation.log");
    const rolesApi = await import("~/routes/api.moderation.roles");
    const { author, post } = await topicWithPost();
    const plain = await seasoned();
    const mod = await moderator();
    const admin = await member({ admin: true });
    const send = async (
      route: { action: (a: never) => Promise<Response> },
      path: string,
      body: unknown,
      userId?: number,
    ) =>
      statusAndBody(
        await answerOf(
          await settle(async () =>
            route.action({
              ...ctx,
              params: {},
              request: await jsonRequest(path, { method: "POST", body, userId }),
            } as never),
          ),
        ),
      );
    const get = async (route: { loader: (a: never) => Promise<Response> }, path: string, userId?: number) =>
      answerOf(
        await settle(async () =>
          route.loader({ ...ctx, params: {}, request: await jsonRequest(path, { userId }) } as never),
        ),
      );

    const flag = { targetType: "post", targetId: post.id, reason: "spam" };
    expect(await send(flagsApi, "/api/moderation/flags", flag)).toEqual({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await send(flagsApi, "/api/moderation/flags", flag, author.id)).toEqual({
      status: 403,
      body: { error: OWN_ITEM },
    });
    expect((await send(flagsApi, "/api/moderation/flags", { ...flag, reason: "boring" }, plain.id)).status).toBe(400);
    expect(await send(flagsApi, "/api/moderation/flags", flag, plain.id)).toEqual({
      status: 201,
      body: { flagged: true, hidden: false },
    });
    expect(await send(flagsApi, "/api/moderation/flags", flag, plain.id)).toEqual({
      status: 409,
      body: { error: ALREADY_FLAGGED },
    });

    const hide = { action: "hide", targetType: "post", targetId: post.id, reason: "Spam" };
    expect((await send(actionsApi, "/api/moderation/actions", hide, plain.id)).status).toBe(403);
    expect((await get(queueApi, "/api/moderation/queue", plain.id)).status).toBe(403);
    const queue = await get(queueApi, "/api/moderation/queue", mod.id);
    expect(queue.body.items.some((i: { targetId: number }) => i.targetId === post.id)).toBe(true);
    expect((await send(actionsApi, "/api/moderation/actions", { ...hide, reason: "" }, mod.id)).body).toEqual({
      error: "Give a reason for this action",
    });
    const done = await send(actionsApi, "/api/moderation/actions", hide, mod.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ok: true, message: "Post hidden." });
    expect((await send(actionsApi, "/api/moderation/actions", hide, mod.id)).status).toBe(409);

    // The forum API shows the hidden post's notice to others and the text to its author.
    const postApi = await import("~/routes/api.forum.posts.$postId");
    const seen = async (userId?: number) =>
      answerOf(
        await postApi.loader({
          ...ctx,
          params: { postId: String(post.id) },
          request: await jsonRequest(`/api/forum/posts/${post.id}`, { userId }),
        }),
      );
    expect((await seen()).body.content).toBe(HIDDEN_POST_NOTICE);
    expect((await seen(author.id)).body.content).toBe(post.content);

    expect((await get(logApi, "/api/moderation/log", mod.id)).status).toBe(403);
    const log = await get(logApi, "/api/moderation/log", admin.id);
    expect(
      log.body.entries.some((e: { action: string; targetId: number }) => e.action === "hide" && e.targetId === post.id),
    ).toBe(true);
    expect(
      (
        await send(
          rolesApi,
          "/api/moderation/roles",
          { username: plain.username, role: "moderator", reason: "x" },
          mod.id,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await send(
          rolesApi,
          "/api/moderation/roles",
          { username: plain.username, role: "moderator", reason: "Helps" },
          admin.id,
        )
      ).status,
    ).toBe(200);
  });
});
