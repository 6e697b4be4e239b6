import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createPost, createTopic } from "~/forum/topics.server";
import { answer, apiError, NOT_AN_OBJECT_MESSAGE, NOT_JSON_MESSAGE, readBody } from "~/utils/api.server";
import { idField, invalidIdMessage, MAX_ID, parseId } from "~/utils/ids";
import { TOO_LARGE_MESSAGE } from "~/utils/request-guard.server";
import { send } from "./edge-client";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * The JSON API's one helper set and the one id parser (decision 250), through the real production server: every
 * address that names a row refuses what is not an id with a 400 before SQL, every API error is `{ error }`, the
 * body reader answers 400/413/415 in words, and the method is checked once, at the edge, with `Allow`.
 */
const site = serveBuildForFile();

/** Ids as they appear in an address (percent-encoded where a raw request line could not carry them). */
const NOT_IDS: Array<[string, string]> = [
  ["%00", "NUL"],
  ["-1", "a sign"],
  ["%2B1", "a plus sign"],
  ["0", "zero"],
  ["1e3", "an exponent"],
  ["1.0", "a fraction"],
  ["99999999999999999999", "beyond any column"],
  ["2147483648", "one past the integer column"],
  ["%201", "a leading space"],
  ["1%20", "a trailing space"],
  ["01", "a leading zero"],
  ["abc", "letters"],
  ["%EF%BC%91", "a full-width digit"],
];

describe("the id parser", () => {
  it("takes the canonical spelling of 1 to 2,147,483,647 and nothing else", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    expect(parseId(7)).toBe(7);
    for (const text of ["\0", "1\0", "-1", "+1", "0", "1e3", "1.0", "99999999999999999999", "2147483648", " 1", "1 "]) {
      expect(parseId(text), JSON.stringify(text)).toBeNull();
    }
    for (const bad of [null, undefined, "", 0, -1, 1.5, MAX_ID + 1, Number.NaN]) expect(parseId(bad)).toBeNull();
  });

  it("checks body fields with the same rule and the field's own message", () => {
    const schema = z.object({ targetId: idField("The item is missing") });
    expect(schema.parse({ targetId: "12" })).toEqual({ targetId: 12 });
    expect(schema.parse({ targetId: 12 })).toEqual({ targetId: 12 });
    for (const bad of ["1e3", " 1", -1, 1.5, "99999999999999999999", undefined]) {
      const parsed = schema.safeParse({ targetId: bad });
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("The item is missing");
    }
  });
});

describe("ids in addresses, through the server", () => {
  it("answers 400 with the API's message before SQL for anything but an id, 404 for a missing row", async () => {
    const writer = await member();
    const cookie = await cookieFor(writer.id);
    for (const [id, what] of NOT_IDS) {
      for (const [pathname, noun] of [
        [`/api/forum/topics/${id}`, "topic"],
        [`/api/forum/topics/${id}/posts`, "topic"],
        [`/api/forum/posts/${id}`, "post"],
      ] as const) {
        const read = await send(site.base, pathname);
        expect(read.status, `${pathname} (${what})`).toBe(400);
        expect(read.json(), `${pathname} (${what})`).toEqual({ error: invalidIdMessage(noun) });
      }
      const edit = await send(site.base, `/api/forum/posts/${id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ content: "edited" }),
      });
      expect(edit.status, `PATCH (${what})`).toBe(400);
      expect(edit.json()).toEqual({ error: invalidIdMessage("post") });
      const reply = await send(site.base, `/api/forum/topics/${id}/posts`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ content: "a reply" }),
      });
      expect(reply.status, `POST reply (${what})`).toBe(400);
      const page = await send(site.base, `/forum/topic/${id}`);
      expect(page.status, `page (${what})`).toBe(400);
      expect(page.text).toContain("Topic Not Found");
    }
    expect((await send(site.base, "/api/forum/topics/2000000000")).json()).toEqual({ error: "Topic not found" });
    expect((await send(site.base, "/api/forum/topics/2000000000")).status).toBe(404);
    expect((await send(site.base, "/api/forum/posts/2147483647")).status).toBe(404);
    expect((await send(site.base, "/forum/topic/2000000000")).status).toBe(404);
  });

  it("shows a page without the visitor's reading for a reading or content id past the integer column", async () => {
    // the home page's `?content=` and /angel's `?reading=` name a visitor's own row; what is not an id names none
    // (the page as without the parameter, never the database's "out of range for type integer" as a 500)
    for (const pathname of ["/angel?reading=3000000000", "/?content=3000000000", "/angel?reading=1e3"]) {
      const page = await send(site.base, pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.text, pathname).not.toContain("Something went wrong");
    }
  });

  it("answers a 4xx in words, never a 500, for every other id past the integer column", async () => {
    const admin = await member({ admin: true });
    const headers = { Cookie: await cookieFor(admin.id) };
    const log = await send(site.base, "/admin/moderation/log?before=3000000000", { headers });
    expect(log.status).toBe(400);
    expect(log.text).toContain(invalidIdMessage("log entry").replace(/'/g, "&#x27;"));
    expect((await send(site.base, "/admin/moderation/log?before=5", { headers })).status).toBe(200);
    const feed = await send(site.base, "/astrology/calendar.ics?member=3000000000&key=abc");
    expect([feed.status, feed.json()]).toEqual([404, { error: "No personal calendar at this address." }]);
    const person = await send(site.base, "/compatibility?a_person=3000000000", { headers });
    expect(person.status).toBe(404);
    expect(person.text).toContain("That person is not on your list.");
    const cursor = Buffer.from("2026-01-01 00:00:00+00|3000000000").toString("base64url");
    expect((await send(site.base, `/api/forum/topics?cursor=${cursor}`)).status).toBe(200);
  });

  it("refuses a moderation log cursor that is not an id, and reads one that is", async () => {
    const admin = await member({ admin: true });
    const headers = { Cookie: await cookieFor(admin.id) };
    const bad = await send(site.base, "/api/moderation/log?before=1e3", { headers });
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ error: invalidIdMessage("log entry") });
    expect((await send(site.base, "/api/moderation/log?before=5", { headers })).status).toBe(200);
  });
});

describe("answers and errors", () => {
  it("answer: JSON in UTF-8, never stored unless the route says so; apiError: { error } and its details", async () => {
    const ok = answer({ a: 1 });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(answer({}, 200, { "Cache-Control": "public, max-age=60" }).headers.get("cache-control")).toBe(
      "public, max-age=60",
    );
    const refused = apiError(429, "Slow down.", { code: "RATE_LIMITED", title: undefined }, { "Retry-After": "7" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("7");
    expect(await refused.json()).toEqual({ error: "Slow down.", code: "RATE_LIMITED" });
  });

  it("the role guards answer 401 signed out and 403 for a member, in the API's shape", async () => {
    const plain = await member();
    for (const pathname of ["/api/moderation/queue", "/api/moderation/log"]) {
      const signedOut = await send(site.base, pathname);
      expect(signedOut.status, pathname).toBe(401);
      expect(signedOut.json()).toEqual({ error: "Authentication required" });
      const forbidden = await send(site.base, pathname, { headers: { Cookie: await cookieFor(plain.id) } });
      expect(forbidden.status, pathname).toBe(403);
      expect(forbidden.json()).toEqual({ error: expect.stringMatching(/^Forbidden: /) });
    }
    const moderator = await member({ moderator: true });
    const queue = await send(site.base, "/api/moderation/queue", {
      headers: { Cookie: await cookieFor(moderator.id) },
    });
    expect(queue.status).toBe(200);
    expect(queue.headers["cache-control"]).toBe("no-store");
    const log = await send(site.base, "/api/moderation/log", { headers: { Cookie: await cookieFor(moderator.id) } });
    expect(log.status).toBe(403);
  });
});

describe("the body reader", () => {
  const schema = z.object({ content: z.string({ error: "content is required." }).min(1) });
  const post = (body: BodyInit | null, type: string | null = "application/json", extra: HeadersInit = {}) => {
    const headers = new Headers(extra);
    if (type) headers.set("Content-Type", type);
    return new Request("http://localhost/api/forum/topics/1/posts", { method: "POST", headers, body });
  };
  const refusal = async (request: Request) => {
    try {
      await readBody(request, schema);
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() };
      throw thrown;
    }
    throw new Error("the body was accepted");
  };

  it("reads a JSON object checked by the schema; null and empty strings count as not given", async () => {
    expect(await readBody(post('{"content":"hi"}'), schema)).toEqual({ content: "hi" });
    expect(await refusal(post('{"content":null}'))).toEqual({ status: 400, body: { error: "content is required." } });
    expect(await refusal(post(""))).toEqual({ status: 400, body: { error: "content is required." } });
  });

  it("answers 400 for malformed JSON or a non-object, 415 for another type, 413 past the limit", async () => {
    expect(await refusal(post("{not json"))).toEqual({ status: 400, body: { error: NOT_JSON_MESSAGE } });
    expect(await refusal(post("[1]"))).toEqual({ status: 400, body: { error: NOT_AN_OBJECT_MESSAGE } });
    expect(await refusal(post("content=hi", "application/x-www-form-urlencoded"))).toMatchObject({ status: 415 });
    const big = JSON.stringify({ content: "x".repeat(70 * 1024) });
    expect(await refusal(post(big))).toEqual({ status: 413, body: { error: TOO_LARGE_MESSAGE } });
    expect(await refusal(post("{}", "application/json", { "Content-Length": String(70 * 1024) }))).toEqual({
      status: 413,
      body: { error: TOO_LARGE_MESSAGE },
    });
  });

  it("through the server: the same words for a real route, and the first validation message", async () => {
    const writer = await member();
    const { topic } = await createTopic({
      authorId: writer.id,
      title: "Body reader",
      description: null,
      category: "general",
    });
    const headers = { "Content-Type": "application/json", Cookie: await cookieFor(writer.id) };
    const reply = (body: string, more: Record<string, string> = {}) =>
      send(site.base, `/api/forum/topics/${topic.id}/posts`, {
        method: "POST",
        headers: { ...headers, ...more },
        body,
      });
    const malformed = await reply("{not json");
    expect([malformed.status, malformed.json()]).toEqual([400, { error: NOT_JSON_MESSAGE }]);
    const list = await reply("[]");
    expect([list.status, list.json()]).toEqual([400, { error: NOT_AN_OBJECT_MESSAGE }]);
    const empty = await reply(JSON.stringify({ content: "   " }));
    expect([empty.status, empty.json()]).toEqual([400, { error: "Post content cannot be empty." }]);
    const form = await reply("content=hi", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(form.json()).toEqual({ error: expect.stringContaining("application/json") });
    const ok = await reply(JSON.stringify({ content: "a real reply" }));
    expect(ok.status).toBe(201);
    expect(ok.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(ok.json()).toMatchObject({ content: "a real reply" });
  });
});

describe("the request method, checked once at the edge", () => {
  it("405 with Allow for what an API address does not take; the route's own method reaches it", async () => {
    const writer = await member();
    const { topic } = await createTopic({
      authorId: writer.id,
      title: "Methods",
      description: null,
      category: "general",
    });
    const { post } = (await createPost({ topicId: topic.id, authorId: writer.id, content: "first" }))!;
    for (const [method, pathname, allow] of [
      ["PUT", "/api/forum/topics", "GET, HEAD, POST"],
      ["POST", `/api/forum/posts/${post.id}`, "GET, HEAD, PATCH"],
      ["GET", "/api/tts/generate", "POST"],
      ["GET", "/api/generate-personalized-reading", "POST"],
      ["GET", "/api/3d/upload", "POST"],
      ["DELETE", "/api/logout", "POST"],
    ] as const) {
      const refused = await send(site.base, pathname, {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      expect(refused.status, `${method} ${pathname}`).toBe(405);
      expect(refused.headers.allow, `${method} ${pathname}`).toBe(allow);
      expect(refused.json()).toEqual({
        error: `This address does not accept ${method} requests. It accepts ${allow}.`,
      });
    }
    const edit = await send(site.base, `/api/forum/posts/${post.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Cookie: await cookieFor(writer.id) },
      body: JSON.stringify({ content: "edited" }),
    });
    expect(edit.status).toBe(200);
    expect(edit.json()).toMatchObject({ id: post.id, content: "edited" });
  });
});
