import { describe, expect, it } from "vitest";
import { routeRequest } from "../support/routes";
import { readMail, smtpForFile } from "../support/smtp";

/**
 * The reply notification end to end: a reply enqueues a job, drainJobs() runs it, nodemailer talks SMTP to a real
 * server on loopback, and the mail's one-click unsubscribe link turns further notifications off.
 */
const smtp = smtpForFile();
const mailsTo = (address: string) => smtp.mailsTo(address);

describe("reply notifications", () => {
  it("mails the topic author through SMTP with a working one-click unsubscribe", async () => {
    const { member } = await import("./forum-helpers");
    const { createPost, createTopic } = await import("~/forum/topics.server");
    const { NOTIFICATION_MAIL_QUEUE } = await import("~/forum/member-notifications.server");
    const { drainJobs } = await import("~/jobs/queue.server");
    const { registerDomainJobs } = await import("~/assembly/registry.server");
    const unsubscribe = await import("~/routes/unsubscribe");
    const { mailSettingsOf } = await import("~/forum/mail-settings.server");
    registerDomainJobs();
    const replyMail = async () => (await mailSettingsOf({ memberId: author.id })).reply;

    const author = await member({ verified: true });
    const replier = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Mail me ${Math.random()}`,
      description: null,
      category: "general",
    });

    // Replying to one's own topic sends nothing.
    await createPost({ topicId: topic.id, authorId: author.id, content: "my own follow-up" });
    await createPost({
      topicId: topic.id,
      authorId: replier.id,
      content: "A reply with <b>tags</b>, **strong** words and a [link](https://example.org/x)\n\n- one _item_",
    });
    await drainJobs([NOTIFICATION_MAIL_QUEUE]);
    const mails = mailsTo(author.email!);
    expect(mails).toHaveLength(1);

    const parsed = await readMail(mails[0]!.raw);
    expect(parsed.subject).toBe(`New reply to "${topic.title}"`);
    expect(parsed.text).toContain(`${replier.username} replied to your topic`);
    // the reply's words, not its Markdown (decision 340): raw HTML was text in the post and stays text
    expect(parsed.text).toContain("A reply with <b>tags</b>, strong words and a link (https://example.org/x)");
    expect(parsed.text).toContain("- one item");
    expect(parsed.text).not.toMatch(/\*\*|\]\(|_item_/);
    expect(parsed.text).toContain(`/forum/topic/${topic.id}?page=1#post-2`);
    expect(parsed.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const header = parsed.headers.get("list-unsubscribe")?.match(/^<([^>]+)>$/)?.[1];
    const link = parsed.text.match(/(https?:\/\/\S+\/unsubscribe\?token=\S+)/)![1]!;
    expect(header).toBe(link);
    // The link stops this kind of mail (decision 351): replies to the member's topics.
    expect(new URL(link).searchParams.get("kind")).toBe("reply");

    // Opening the link changes nothing (mail scanners open links): the page asks to confirm.
    const page = (await unsubscribe.loader({ request: routeRequest(link), params: {}, context: {} } as never)) as {
      status: string;
    };
    expect(page.status).toBe("subscribed");
    expect(await replyMail()).toBe("now");
    // Confirming (the page's button) turns notifications off.
    const confirmed = (await unsubscribe.action({
      request: routeRequest(link, { form: { intent: "unsubscribe" } }),
      params: {},
      context: {},
    } as never)) as { status: string };
    expect(confirmed.status).toBe("unsubscribed");
    expect(await replyMail()).toBe("never");

    await createPost({ topicId: topic.id, authorId: replier.id, content: "another reply" });
    await drainJobs([NOTIFICATION_MAIL_QUEUE]);
    expect(mailsTo(author.email!)).toHaveLength(1);

    // The One-Click POST of a mail client works too, and the page can turn them back on.
    const resubscribed = (await unsubscribe.action({
      request: routeRequest(link, { form: { intent: "resubscribe" } }),
      params: {},
      context: {},
    } as never)) as { status: string };
    expect(resubscribed.status).toBe("resubscribed");
    expect(await replyMail()).toBe("now");
    const oneClick = (await unsubscribe.action({
      request: routeRequest(link, { form: { "List-Unsubscribe": "One-Click" } }),
      params: {},
      context: {},
    } as never)) as { status: string };
    expect(oneClick.status).toBe("unsubscribed");
    expect(await replyMail()).toBe("never");

    const bad = await unsubscribe.loader({
      request: routeRequest("/unsubscribe?token=nope"),
      params: {},
      context: {},
    } as never);
    expect((bad as { init?: { status?: number } }).init?.status).toBe(400);
  });
});
