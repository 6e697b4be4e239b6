import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTopic } from "~/forum/topics.server";
import { readManifest } from "../../scripts/bundle-size";
import { randomAddress, send, type Answer } from "./edge-client";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * The request methods the site serves (decision 127), through the real production server: route discovery's
 * `/__manifest` (decision 126) takes GET and HEAD alone, a method no address serves is 405 with that address's
 * methods in `Allow` (never Remix's odd answers or a 500), and everything the site serves still reaches its
 * handler. Needs a build (npm test makes one).
 */
const root = path.resolve(import.meta.dirname, "../..");
const site = serveBuildForFile();

const { manifest } = readManifest(path.join(root, "public/build"));
const manifestPath = () => `/__manifest?p=/blog&p=/privacy&version=${manifest.version}`;

/** A 405 of the request edge: the address's methods, a short answer never stored, helmet's headers on it. */
function expectRefused(answer: Answer, allow: string, label: string) {
  expect(answer.status, label).toBe(405);
  expect(answer.headers.allow, label).toBe(allow);
  expect(answer.headers["cache-control"], label).toBe("no-store");
  expect(answer.headers["content-security-policy"], label).toContain("default-src 'self'");
  expect(answer.headers["x-content-type-options"], label).toBe("nosniff");
  expect(answer.headers["x-request-id"], label).toMatch(/^[0-9a-f]{12}$/);
}

describe("route discovery's /__manifest", () => {
  it("takes GET and HEAD alone: POST, PUT, DELETE, PATCH and OPTIONS are 405 with Allow: GET, HEAD", async () => {
    const writes: Array<[string, Record<string, string>, string?]> = [
      ["POST", { Origin: "http://evil.example", "Content-Type": "application/json" }, "{}"],
      ["POST", { "Content-Type": "application/x-www-form-urlencoded" }, "p=/forum"],
      ["PUT", { "Content-Type": "application/json" }, '{"routes":{}}'],
      ["DELETE", {}],
      ["PATCH", { "Content-Type": "application/json" }, "{}"],
      ["OPTIONS", { Origin: "http://evil.example", "Access-Control-Request-Method": "PUT" }],
    ];
    for (const [method, headers, body] of writes) {
      const answer = await send(site.base, manifestPath(), { method, headers, body });
      expectRefused(answer, "GET, HEAD", `${method} ${JSON.stringify(headers)}`);
      expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(answer.text).toBe(`This address does not accept ${method} requests. It accepts GET, HEAD.`);
    }
  });

  it("still answers GET and HEAD with the routes asked for, cacheable for good", async () => {
    const get = await send(site.base, manifestPath());
    expect(get.status).toBe(200);
    expect(get.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Object.keys(get.json() as Record<string, unknown>)).toEqual(
      expect.arrayContaining(["root", "routes/blog._index", "routes/privacy"]),
    );
    const head = await send(site.base, manifestPath(), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(head.text).toBe("");
  });

  it("answers a 10 MB PUT with 405 before reading its body, and the server answers on", async () => {
    const total = 10 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered: () => void = () => {};
    const answer = new Promise<void>((resolve) => (answered = resolve));
    // A quarter of a megabyte goes out, then the rest waits for the answer (5 s at most): a server that read the
    // whole body before answering would answer only after that wait, with everything sent.
    const body = () =>
      (async function* () {
        while (sent < total) {
          if (sent === 256 * 1024) await Promise.race([answer, new Promise((r) => setTimeout(r, 5_000))]);
          sent += chunk.length;
          yield chunk;
        }
      })();
    const put = await send(site.base, manifestPath(), {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(total) },
      body,
    });
    const sentWhenAnswered = sent;
    answered();
    expectRefused(put, "GET, HEAD", "10 MB PUT");
    expect(sentWhenAnswered).toBeLessThanOrEqual(256 * 1024);
    expect((await send(site.base, manifestPath())).status).toBe(200);
    expect((await send(site.base, "/healthz")).status).toBe(200);
  });
});

describe("methods the site serves nowhere", () => {
  it("are 405 on every kind of address, with that address's own methods in Allow, never a 500", async () => {
    const addresses: Array<[string, string]> = [
      ["/about", "GET, HEAD"], // a page without a form
      ["/auth", "GET, HEAD, POST"], // a page with a form action
      ["/auth.data", "GET, HEAD, POST"], // the same page's single-fetch address
      ["/api/forum/posts/1", "GET, HEAD, PATCH"], // the API's one PATCH
      ["/api/login", "POST"], // an API action without a loader
      [manifest.entry.module, "GET, HEAD"], // a static file
      ["/healthz", "GET, HEAD"],
      ["/no-such-page", "GET, HEAD"],
    ];
    for (const [pathname, allow] of addresses) {
      for (const method of ["TRACE", "OPTIONS", "PUT", "DELETE", "PROPFIND"]) {
        const answer = await send(site.base, pathname, { method, headers: { "X-Forwarded-For": randomAddress() } });
        expectRefused(answer, allow, `${method} ${pathname}`);
        const message = `This address does not accept ${method} requests. It accepts ${allow}.`;
        if (pathname.startsWith("/api/")) expect(answer.json()).toEqual({ error: message });
        else expect(answer.text).toBe(message);
      }
    }
    // A page's action takes the site's forms, which are POSTs: a PATCH does not run it.
    const patch = await send(site.base, "/auth", {
      method: "PATCH",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=login&username=nobody_here&password=wrong-password",
    });
    expectRefused(patch, "GET, HEAD, POST", "PATCH /auth");
  });

  it("the JSON API answers every method in its own shape: 405 for a read of an action, 404 for no such API", async () => {
    // An action-only route (sign in, register, decode a number) is not read: Remix would answer 400 "Unexpected
    // Server Error" in another shape.
    for (const pathname of ["/api/login", "/api/register", "/api/angel-numbers"]) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await send(site.base, pathname, { method, headers: { "X-Forwarded-For": randomAddress() } });
        expectRefused(answer, "POST", `${method} ${pathname}`);
        if (method === "GET") {
          expect(answer.json()).toEqual({
            error: `This address does not accept ${method} requests. It accepts POST.`,
          });
        }
      }
    }
    // No API route has this address: the API's 404, not the site's HTML page, whatever the method.
    for (const method of ["GET", "POST", "PUT"]) {
      const answer = await send(site.base, "/api/no-such-thing", {
        method,
        headers: { "Content-Type": "application/json", "X-Forwarded-For": randomAddress() },
        body: method === "GET" ? undefined : "{}",
      });
      expect(answer.status, method).toBe(404);
      expect(answer.headers["content-type"], method).toMatch(/^application\/json/);
      expect(answer.json(), method).toEqual({ error: "There is no API at this address." });
    }
    // A site page under the same words is not the API: the site's own not-found page.
    const page = await send(site.base, "/no-such-thing");
    expect(page.status).toBe(404);
    expect(page.text).toContain("<!DOCTYPE html>");
  });

  it("an unknown verb is refused by Node's parser with 400 before the app sees it, and the server answers on", async () => {
    const answer = await send(site.base, "/about", { method: "FOO" });
    expect(answer.status).toBe(400);
    expect((await send(site.base, "/about")).status).toBe(200);
  });
});

describe("what the site serves", () => {
  it("still reaches its handlers: a page's form action, static files, and the API's GET, POST and PATCH", async () => {
    const formPost = await send(site.base, "/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomAddress() },
      body: "intent=login&username=nobody_here&password=wrong-password",
    });
    expect(formPost.status).toBe(401); // the sign-in action ran and refused the credentials
    expect(formPost.text).toContain("<!DOCTYPE html>");

    const asset = await send(site.base, manifest.entry.module);
    expect(asset.status).toBe(200);
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect((await send(site.base, manifest.entry.module, { method: "HEAD" })).status).toBe(200);

    const astrology = await send(site.base, "/api/astrology");
    expect(astrology.status).toBe(200);
    expect(astrology.json()).toHaveProperty("planets");

    const author = await member();
    const cookie = await cookieFor(author.id);
    const { topic } = await createTopic({
      authorId: author.id,
      title: "Methods of the request edge",
      description: null,
      category: "general",
    });
    const created = await send(site.base, `/api/forum/topics/${topic.id}/posts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, "X-Forwarded-For": randomAddress() },
      body: JSON.stringify({ content: "The first version of this reply." }),
    });
    expect(created.status).toBe(201);
    const postId = (created.json() as { id: number }).id;
    const edited = await send(site.base, `/api/forum/posts/${postId}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Cookie: cookie, "X-Forwarded-For": randomAddress() },
      body: JSON.stringify({ content: "The edited version of this reply." }),
    });
    expect(edited.status).toBe(200);
    expect((edited.json() as { content: string }).content).toBe("The edited version of this reply.");
  });
});
