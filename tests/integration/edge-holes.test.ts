import net from "node:net";
import { describe, expect, it } from "vitest";
import { randomAddress, send, type Answer } from "./edge-client";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Issue 46's smaller holes at the request edge, through the production server (decisions 296, 297): private answers
 * are never stored, no answer that sets a cookie may be kept by a shared cache, request targets other than a path
 * are 400, and multipart form bodies are held to the same text rules as other forms. Needs a build.
 */
const site = serveBuildForFile({ PAGE_CACHE_SECONDS: "30" });

describe("no-store on every private page and data answer (decision 296)", () => {
  it("a member's pages, their .data answers and the member templates are no-store; a visitor's are not", async () => {
    const reader = await member({ verified: true });
    const cookie = await cookieFor(reader.id);
    for (const pathname of ["/user-profile", "/user-profile.data", "/forum", "/forum.data", "/about", "/api/user"]) {
      const answer = await send(site.base, pathname, { headers: { Cookie: cookie } });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers["cache-control"], pathname).toBe("no-store");
    }
    // the second factor's page (for staff) and the address export, where the private data is
    const admin = await member({ admin: true, verified: true });
    const adminCookie = await cookieFor(admin.id);
    for (const pathname of ["/user-profile/two-factor", "/admin/emails", "/api/admin/email-list"]) {
      const answer = await send(site.base, pathname, { headers: { Cookie: adminCookie } });
      expect(answer.status, pathname).toBeLessThan(500);
      expect(answer.headers["cache-control"], pathname).toBe("no-store");
    }
    // A link holding a token is private too, signed in or not.
    const link = await send(site.base, "/reset-password?token=not-a-real-token");
    expect(link.headers["cache-control"]).toBe("no-store");
    // A signed-out visitor's public page keeps its caching.
    const visitor = await send(site.base, "/about", { headers: { Cookie: "" } });
    expect(visitor.headers["cache-control"]).not.toBe("no-store");
    // Static files keep theirs for members too.
    const favicon = await send(site.base, "/favicon.svg", { headers: { Cookie: cookie } });
    expect(favicon.headers["cache-control"]).toMatch(/max-age=3600/);
  });
});

describe("no Set-Cookie on an answer a shared cache may keep (decision 296)", () => {
  it("a first cookie-less /blog or /forum answer that sets the visitor cookie is private", async () => {
    for (const pathname of ["/blog", "/forum"]) {
      // Until a kept page is served (the forum's section is served from memory once its LISTEN is up).
      const answers: Answer[] = [];
      for (let i = 0; i < 40 && !answers.some((a) => a.headers["x-page-cache"] === "hit"); i++) {
        answers.push(await send(site.base, pathname));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const setting = answers.filter((a) => (a.headers["set-cookie"] ?? []).length > 0);
      const shared = answers.filter((a) => /public|s-maxage/.test(a.headers["cache-control"] ?? ""));
      // The first answer sets a visitor id; kept answers after it are shared: both cases are exercised.
      expect(setting.length, pathname).toBeGreaterThan(0);
      expect(shared.length, pathname).toBeGreaterThan(0);
      for (const answer of setting) {
        expect(answer.headers["set-cookie"]!.join(";"), pathname).toMatch(/visitor=/);
        expect(answer.headers["cache-control"], pathname).toBe("private, no-cache");
      }
      for (const answer of shared) expect(answer.headers["set-cookie"], pathname).toBeUndefined();
    }
  });
});

/** Sends `head` as the whole request on a raw socket and resolves with the answer's status line and body. */
function rawRequest(port: number, head: string): Promise<{ statusLine: string; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(head));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve({ statusLine: text.split("\r\n", 1)[0]!, text });
    });
  });
}

describe("request targets other than a path (decision 297)", () => {
  it("answers an absolute-form target and the asterisk with 400, never 500", async () => {
    const { host, port } = new URL(site.base);
    const ending = `Host: ${host}\r\nConnection: close\r\n\r\n`;
    for (const line of [
      `GET http://${host}/forum HTTP/1.1`,
      `GET http://attacker.example/forum HTTP/1.1`,
      "GET * HTTP/1.1",
      "OPTIONS * HTTP/1.1",
      "HEAD * HTTP/1.1",
    ]) {
      const answer = await rawRequest(Number(port), `${line}\r\n${ending}`);
      expect(answer.statusLine, line).toBe("HTTP/1.1 400 Bad Request");
      if (!line.startsWith("HEAD")) expect(answer.text, line).toContain("the request target must be a path");
    }
    // The origin form still works on the same server.
    const normal = await rawRequest(Number(port), `GET /forum HTTP/1.1\r\n${ending}`);
    expect(normal.statusLine).toBe("HTTP/1.1 200 OK");
  });
});

/** A multipart/form-data body with these text fields (raw bytes, so a malformed one can be sent). */
function multipart(fields: Array<[string, Buffer | string]>): { body: Buffer; type: string } {
  const boundary = `----edge${Math.random().toString(36).slice(2)}`;
  const parts = fields.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from("\r\n"),
    ]),
  );
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe("multipart form bodies are held to the rules of other forms (decision 297)", () => {
  const post = (pathname: string, form: { body: Buffer; type: string }) =>
    send(site.base, pathname, {
      method: "POST",
      headers: { "Content-Type": form.type, "X-Forwarded-For": randomAddress() },
      body: form.body,
    });

  it("refuses a text field that is not UTF-8 (a lone surrogate) with 400 naming the field", async () => {
    const surrogate = Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]); // "a", U+D800 as CESU bytes, "b"
    const refused = await post(
      "/auth",
      multipart([
        ["intent", "login"],
        ["username", surrogate],
        ["password", "x"],
      ]),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toBe(
      'The field "username" is not valid text: it contains bytes that are not UTF-8 (such as a lone surrogate).',
    );
    // The same to the JSON API's single-fetch address answers the API's shape.
    const data = await post(
      "/auth.data",
      multipart([
        ["intent", "login"],
        ["username", surrogate],
      ]),
    );
    expect(data.status).toBe(400);
    expect(data.json()).toEqual({ error: expect.stringContaining('The field "username" is not valid text') });
  });

  it("refuses a field sent twice with two values, and a malformed body; a good body reaches the page", async () => {
    const twice = await post(
      "/auth",
      multipart([
        ["username", "one"],
        ["username", "two"],
      ]),
    );
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('The field "username" was sent more than once.');
    const broken = multipart([["username", "one"]]);
    const cut = await post("/auth", { body: broken.body.subarray(0, broken.body.length - 10), type: broken.type });
    expect(cut.status).toBe(400);
    expect(cut.text).toContain("multipart/form-data body is malformed");
    // Valid text (accents, emoji) passes the check and the page answers its own way.
    const good = await post(
      "/auth",
      multipart([
        ["intent", "login"],
        ["username", "Zoë 🌙"],
        ["password", "not-the-password"],
      ]),
    );
    expect(good.text).not.toContain("is not valid text");
    expect(good.text).not.toContain("malformed");
    expect(good.headers["content-type"]).toMatch(/text\/html/);
  });
});
