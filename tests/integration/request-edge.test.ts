import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawSql } from "#db/client.server";
import { limits } from "~/accounts/limits.server";
import { FORUM_LIMITS } from "~/forum/limits.server";
import { env } from "~/utils/env.server";
import { hashIp } from "~/utils/http.server";
import { hitRateLimit, type RateLimit } from "~/utils/rate-limit.server";
import { startAppServer } from "../../scripts/app-server";
import { cookiesOf, mailsTo, randomAddress, send, type Answer } from "./edge-client";
import { cookieFor, member } from "./forum-helpers";

/**
 * The request edge (issue 13, decisions 081-084) through the real production server and database: each hostile
 * request next to the normal one. Two servers: one with PUBLIC_URL unset (the default, as the browser tests run
 * it) and one with PUBLIC_URL=https://site.example. Needs a build (npm test makes one).
 */
type Server = Awaited<ReturnType<typeof startAppServer>> & { dataDir: string; log: () => string };
let plain: Server;
let configured: Server;

async function start(extra: Record<string, string>): Promise<Server> {
  // Account mail goes out from the job queue, whose workers (both servers', and other tests') share the database:
  // one outbox for all of them, so a mail is found whichever worker sent it (the link's origin travels in the job).
  const dataDir = env.DATA_DIR;
  const server = await startAppServer(
    {
      DATA_DIR: dataDir,
      // The test process computes limiter keys with the same hash key as the server.
      IP_HASH_SECRET: env.IP_HASH_SECRET,
      RUN_JOBS: "true",
      LOG_REQUESTS: "true",
      TTS_RATE_LIMIT: "1",
      ...extra,
    },
    { stdout: "pipe", startTimeoutMs: 90_000 },
  );
  let output = "";
  server.child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return { ...server, dataDir, log: () => output };
}

beforeAll(async () => {
  expect(existsSync(path.resolve(import.meta.dirname, "../../build/index.js")), "run `npm run build` first").toBe(true);
  [plain, configured] = await Promise.all([start({}), start({ PUBLIC_URL: "https://site.example" })]);
}, 120_000);

afterAll(async () => {
  await Promise.all([plain?.stop(), configured?.stop()]);
});

const own = () => `http://127.0.0.1:${plain.port}`;
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Forwarded-For": randomAddress(), ...headers },
  body: JSON.stringify(body),
});
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomAddress(), ...headers },
  body: new URLSearchParams(fields).toString(),
});

async function topicsBy(userId: number): Promise<number> {
  const [row] = await rawSql()<
    { n: number }[]
  >`select count(*)::int as n from forum_topics where author_id = ${userId}`;
  return row!.n;
}

/** What no error answer may show: a stack frame, a server path, SQL. */
function expectNoDetail(answer: Answer) {
  // The page's inlined stylesheet is ours, not an error's detail (CSS has words such as "select" and "from").
  expect(answer.text.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")).not.toMatch(
    /\bat [\w.<>]+ \(|node_modules|\/work\/|\.server\.ts|\bselect\b.+\bfrom\b|\binsert into\b/i,
  );
}

describe("links come from the configured origin, never from the request", () => {
  it("POST /api/forgot-password with a forged Host or X-Forwarded-Host mails a link to PUBLIC_URL", async () => {
    const forgeries: Array<Record<string, string>> = [
      { Host: "evil.example" },
      { "X-Forwarded-Host": "evil.example" },
      {},
    ];
    for (const forged of forgeries) {
      const m = await member();
      const answer = await send(configured.base, "/api/forgot-password", json({ email: m.email }, forged));
      expect(answer.status).toBe(200);
      const [mail] = await mailsTo(configured.dataDir, m.email!, 1, 30_000);
      expect(mail?.text).toMatch(/https:\/\/site\.example\/reset-password\?token=/);
      expect(mail?.text).not.toContain("evil.example");
    }
  });

  it("without PUBLIC_URL the links use http://localhost:PORT, whatever Host says", async () => {
    const m = await member();
    const answer = await send(
      plain.base,
      "/api/forgot-password",
      json({ email: m.email }, { Host: "evil.example", "X-Forwarded-Host": "evil.example" }),
    );
    expect(answer.status).toBe(200);
    const [mail] = await mailsTo(plain.dataDir, m.email!, 1, 30_000);
    expect(mail?.text).toContain(`http://localhost:${plain.port}/reset-password?token=`);
    expect(mail?.text).not.toContain("evil.example");
  });

  it("canonical URLs, the sitemap, RSS and robots.txt ignore a forged Host", async () => {
    for (const pathname of ["/about", "/sitemap.xml", "/blog/rss.xml", "/robots.txt"]) {
      const answer = await send(configured.base, pathname, {
        headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
      });
      expect(answer.status, pathname).toBe(200);
      expect(answer.text, pathname).toContain("https://site.example");
      expect(answer.text, pathname).not.toContain("evil.example");
    }
  });
});

describe("writes only from the site's own pages", () => {
  it("a cross-site post to an API route is 403 {error} and writes nothing; the site's own and a script's are served", async () => {
    const m = await member();
    const cookie = await cookieFor(m.id);
    const body = { title: "A topic sent from elsewhere", description: "x" };
    const foreigners: Array<Record<string, string>> = [
      { Origin: "http://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: `http://localhost:${plain.port}.evil.example` },
    ];
    for (const foreign of foreigners) {
      const answer = await send(plain.base, "/api/forum/topics", json(body, { Cookie: cookie, ...foreign }));
      expect(answer.status, JSON.stringify(foreign)).toBe(403);
      expect(answer.json().error).toMatch(/another site/);
    }
    expect(await topicsBy(m.id)).toBe(0);

    const fromPage = await send(
      plain.base,
      "/api/forum/topics",
      json(
        { ...body, title: "A topic from the site" },
        { Cookie: cookie, Origin: own(), "Sec-Fetch-Site": "same-origin" },
      ),
    );
    expect(fromPage.status).toBe(201);
    const fromScript = await send(
      plain.base,
      "/api/forum/topics",
      json({ ...body, title: "A topic from a script" }, { Cookie: cookie }),
    );
    expect(fromScript.status).toBe(201);
    expect(await topicsBy(m.id)).toBe(2);
  });

  it("a cross-site form post is 403 with the site's own page and writes nothing; the site's own form works", async () => {
    const m = await member();
    const cookie = await cookieFor(m.id);
    const fields = { intent: "create-topic", title: "A form topic from elsewhere", category: "general" };
    const refused = await send(plain.base, "/forum", form(fields, { Cookie: cookie, Origin: "https://evil.example" }));
    expect(refused.status).toBe(403);
    expect(refused.headers["content-type"]).toMatch(/text\/html/);
    expect(refused.text).toContain("Access Denied");
    expect(refused.text).toContain("sent from another site");
    expect(refused.text).toMatch(/<header/); // the shell: the site's header and navigation
    expectNoDetail(refused);
    expect(await topicsBy(m.id)).toBe(0);

    const accepted = await send(
      plain.base,
      "/forum",
      form({ ...fields, title: "A form topic from the site" }, { Cookie: cookie, Origin: own() }),
    );
    expect(accepted.status).toBe(302);
    expect(accepted.headers.location).toMatch(/^\/forum\/topic\/\d+$/);
    expect(await topicsBy(m.id)).toBe(1);
  });

  it("Remix's own origin check, unpatched, lets the site answer: a page's form behind a proxy works, a foreign or unreadable Origin is the site's 403 page", async () => {
    // Decision 270: server.ts gives Remix the host each write names in its Origin; the site's check decides. Without
    // it, Remix compares Origin with Host and answers an empty 500 before any action runs (both cases below).
    const m = await member();
    const cookie = (await cookieFor(m.id)).replace(/^__session=/, "__Host-session=");
    const fields = { intent: "create-topic", category: "general" };
    const behindProxy = await send(
      configured.base,
      "/forum",
      form(
        { ...fields, title: "A form topic through the proxy" },
        { Cookie: cookie, Origin: "https://site.example", Host: "internal:1234" },
      ),
    );
    expect(behindProxy.status).toBe(302);
    expect(behindProxy.headers.location).toMatch(/^\/forum\/topic\/\d+$/);
    expect(await topicsBy(m.id)).toBe(1);
    for (const origin of ["null", "not a url", "https://evil.example"]) {
      const refused = await send(
        configured.base,
        "/forum",
        form(
          { ...fields, title: "A form topic from elsewhere" },
          { Cookie: cookie, Origin: origin, Host: "internal:1234" },
        ),
      );
      expect(refused.status, origin).toBe(403);
      expect(refused.text, origin).toContain("sent from another site");
      expect(refused.text, origin).toMatch(/<header/);
    }
    expect(await topicsBy(m.id)).toBe(1);
  });

  it("a cross-site /api/login signs nobody in (login CSRF); the site's own does", async () => {
    const m = await member();
    const credentials = { username: m.username, password: "Passw0rd!x" };
    const refused = await send(plain.base, "/api/login", json(credentials, { Origin: "http://evil.example" }));
    expect(refused.status).toBe(403);
    expect(String(refused.headers["set-cookie"])).not.toContain("__session");
    const textPlain = await send(plain.base, "/api/login", {
      ...json(credentials, { Origin: "http://evil.example" }),
      headers: { "Content-Type": "text/plain", Origin: "http://evil.example" },
    });
    expect(textPlain.status).toBe(403);
    const accepted = await send(plain.base, "/api/login", json(credentials, { Origin: own() }));
    expect(accepted.status).toBe(200);
    expect(cookiesOf(accepted)).toMatch(/__session=/);
  });

  it("a cross-site /logout signs nobody out; the site's own does", async () => {
    const m = await member();
    const cookie = await cookieFor(m.id);
    const refused = await send(plain.base, "/logout", form({}, { Cookie: cookie, Origin: "http://evil.example" }));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("sent from another site");
    expect(String(refused.headers["set-cookie"])).not.toContain("__session");
    const apiRefused = await send(plain.base, "/api/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://evil.example" },
    });
    expect(apiRefused.status).toBe(403);
    expect(String(apiRefused.headers["set-cookie"])).not.toContain("__session");
    expect((await send(plain.base, "/api/user", { headers: { Cookie: cookie } })).status).toBe(200);

    const accepted = await send(plain.base, "/logout", form({}, { Cookie: cookie, Origin: own() }));
    expect(accepted.status).toBe(302);
    expect(accepted.headers["set-cookie"]?.join(";")).toMatch(/__session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("with PUBLIC_URL set, only its origin is the site's own (not the loopback address the server listens on)", async () => {
    const m = await member();
    // Over https the session cookie is __Host-session (same signed value).
    const cookie = (await cookieFor(m.id)).replace(/^__session=/, "__Host-session=");
    const loopback = await send(
      configured.base,
      "/api/forum/topics",
      json({ title: "Loopback origin topic" }, { Cookie: cookie, Origin: `http://127.0.0.1:${configured.port}` }),
    );
    expect(loopback.status).toBe(403);
    const site = await send(
      configured.base,
      "/api/forum/topics",
      json({ title: "Site origin topic" }, { Cookie: cookie, Origin: "https://site.example", Host: "internal:1234" }),
    );
    expect(site.status).toBe(201);
  });
});

describe("bodies and content types are checked before parsing", () => {
  it("text/plain is 415 for a JSON API and for forms, never a 500", async () => {
    const m = await member();
    const cookie = await cookieFor(m.id);
    const api = await send(plain.base, "/api/forum/topics", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "text/plain" },
      body: '{"title":"Plain text topic"}',
    });
    expect(api.status).toBe(415);
    expect(api.json().error).toMatch(/application\/json/);
    const urlencodedToApi = await send(plain.base, "/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "username=a&password=b",
    });
    expect(urlencodedToApi.status).toBe(415);
    for (const [pathname, type] of [
      ["/auth", "text/plain"],
      ["/forum", "text/plain"],
      ["/auth", "application/json"],
      ["/logout", "text/plain"],
    ] as const) {
      const page = await send(plain.base, pathname, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": type },
        body: "intent=login",
      });
      expect(page.status, `${pathname} ${type}`).toBe(415);
      expect(page.text).toContain("Unsupported Content Type");
      expectNoDetail(page);
    }
    const noType = await send(plain.base, "/auth", { method: "POST", body: "intent=login" });
    expect(noType.status).toBe(415);
    const brokenMultipart = await send(plain.base, "/auth", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nope" },
      body: "garbage",
    });
    expect(brokenMultipart.status).toBe(400);
    expectNoDetail(brokenMultipart);
    expect(await topicsBy(m.id)).toBe(0);
  });

  it("10 MB JSON and form bodies are 413, declared or chunked; 60 KB ones are read", async () => {
    const tenMegabytes = Buffer.alloc(10 * 1024 * 1024, "a");
    const chunked = () =>
      (async function* () {
        for (let i = 0; i < 160; i++) yield Buffer.alloc(64 * 1024, "a");
      })();
    const cases: Array<[string, string, Parameters<typeof send>[2]]> = [
      [
        "JSON, Content-Length",
        "/api/login",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: tenMegabytes },
      ],
      [
        "JSON, chunked",
        "/api/login",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: chunked },
      ],
      [
        "form, Content-Length",
        "/auth",
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: tenMegabytes },
      ],
      [
        "form, chunked",
        "/auth",
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: chunked },
      ],
    ];
    for (const [label, pathname, options] of cases) {
      const answer = await send(plain.base, pathname, options);
      expect(answer.status, label).toBe(413);
      expect(answer.text, label).toContain("64 KB");
    }
    const justUnder = JSON.stringify({ username: "nobody_here", password: "x".repeat(60 * 1024) });
    const small = await send(plain.base, "/api/login", json(JSON.parse(justUnder)));
    expect(small.status).toBe(400); // read and validated: the password is too long, not too large
    const smallChunked = await send(plain.base, "/auth", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: () =>
        (async function* () {
          yield Buffer.from("intent=login&username=nobody_here&password=wrong-password");
        })(),
    });
    expect(smallChunked.status).toBe(401);
    expect((await send(plain.base, "/healthz")).status).toBe(200);
  });
});

describe("redirect targets", () => {
  const HOSTILE = [
    "https://evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d%0aSet-Cookie:%20x=1",
    "/%2F%2Fevil.example",
    "/%5C%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/%2509/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    "%2F%2Fevil.example",
    "/%00",
  ];

  it.each(HOSTILE)("a signed-in visit to /auth?redirectTo=%s lands on /forum", async (target) => {
    const m = await member();
    const answer = await send(plain.base, `/auth?redirectTo=${encodeURIComponent(target)}`, {
      headers: { Cookie: await cookieFor(m.id) },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/forum");
  });

  it("a local path is kept, and a hostile one after signing in falls back", async () => {
    const m = await member();
    const kept = await send(plain.base, `/auth?redirectTo=${encodeURIComponent("/forum/topic/1?page=2#post-3")}`, {
      headers: { Cookie: await cookieFor(m.id) },
    });
    expect(kept.headers.location).toBe("/forum/topic/1?page=2#post-3");
    const signIn = await send(
      plain.base,
      "/auth",
      form(
        { intent: "login", username: m.username, password: "Passw0rd!x", redirectTo: "/\t/evil.example" },
        { Origin: own() },
      ),
    );
    expect(signIn.status).toBe(302);
    expect(signIn.headers.location).toBe("/forum");
    const newline = await send(
      plain.base,
      "/auth",
      form(
        { intent: "login", username: m.username, password: "Passw0rd!x", redirectTo: "/\n/evil.example" },
        { Origin: own() },
      ),
    );
    expect(newline.headers.location).toBe("/forum");
  });
});

describe("every 429 carries Retry-After", () => {
  async function exhaust(limit: RateLimit) {
    for (let i = 0; i < limit.limit; i++) await hitRateLimit(limit);
  }
  function expectRetryAfter(answer: Answer, label: string) {
    expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBe(429);
    const seconds = Number(answer.headers["retry-after"]);
    expect(Number.isInteger(seconds) && seconds > 0, `${label} Retry-After ${answer.headers["retry-after"]}`).toBe(
      true,
    );
  }

  it("sign-in lockout, on the page and in the API", async () => {
    const m = await member();
    // the lockout is of this account from this address (decision 294)
    const address = randomAddress();
    await exhaust(limits.loginAccount(m.username, address));
    const from = { "X-Forwarded-For": address };
    expectRetryAfter(
      await send(plain.base, "/api/login", json({ username: m.username, password: "Passw0rd!x" }, from)),
      "/api/login",
    );
    expectRetryAfter(
      await send(plain.base, "/auth", form({ intent: "login", username: m.username, password: "Passw0rd!x" }, from)),
      "/auth login",
    );
  });

  it("recovery and registration, on the page and in the API", async () => {
    const m = await member();
    await exhaust(limits.recoveryTarget(m.email!));
    expectRetryAfter(await send(plain.base, "/api/forgot-password", json({ email: m.email })), "/api/forgot-password");
    expectRetryAfter(
      await send(plain.base, "/auth", form({ intent: "forgot-password", method: "email", email: m.email! })),
      "/auth forgot-password",
    );
    const ip = randomAddress();
    await exhaust(limits.register(ip));
    const name = `edge_${Math.random().toString(36).slice(2, 9)}`;
    expectRetryAfter(
      await send(
        plain.base,
        "/api/register",
        json({ username: name, email: `${name}@example.test`, password: "Passw0rd!x" }, { "X-Forwarded-For": ip }),
      ),
      "/api/register",
    );
  });

  it("the forum, on the page and in the API", async () => {
    const m = await member();
    const cookie = await cookieFor(m.id);
    await exhaust({
      key: `forum:topic:${m.id}`,
      limit: FORUM_LIMITS.topic.perWindow,
      windowSeconds: FORUM_LIMITS.topic.windowSeconds,
    });
    expectRetryAfter(
      await send(plain.base, "/api/forum/topics", json({ title: "One topic too many" }, { Cookie: cookie })),
      "/api/forum/topics",
    );
    expectRetryAfter(
      await send(
        plain.base,
        "/forum",
        form({ intent: "create-topic", title: "One topic too many" }, { Cookie: cookie }),
      ),
      "/forum",
    );
  });

  it("speech, in the API and the read-aloud link", async () => {
    const visitor = randomUUID();
    const first = await send(
      plain.base,
      "/api/tts/generate",
      json({ text: `First words ${visitor}`, voiceId: "en-US-natalie" }, { "x-session-id": visitor }),
    );
    expect(first.status).toBe(200);
    expectRetryAfter(
      await send(
        plain.base,
        "/api/tts/generate",
        json({ text: `Second words ${visitor}`, voiceId: "en-US-natalie" }, { "x-session-id": visitor }),
      ),
      "/api/tts/generate",
    );
    expectRetryAfter(
      await send(plain.base, "/read-aloud?path=/about", { headers: { "x-session-id": visitor } }),
      "/read-aloud",
    );
  });

  it("uploads, generation and astrology readings", async () => {
    const ip = randomAddress();
    await exhaust({ key: `models3d-upload:ip:${hashIp(ip)}`, limit: 60, windowSeconds: 3600 });
    const boundary = "edge-boundary";
    const upload = `--${boundary}\r\nContent-Disposition: form-data; name="model"; filename="cube.obj"\r\nContent-Type: text/plain\r\n\r\nv 0 0 0\r\n--${boundary}--\r\n`;
    expectRetryAfter(
      await send(plain.base, "/api/3d/upload", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "X-Forwarded-For": ip },
        body: upload,
      }),
      "/api/3d/upload",
    );
    await exhaust({ key: `numerology:ip:${hashIp(ip)}`, limit: 120, windowSeconds: 60 });
    expectRetryAfter(
      await send(
        plain.base,
        "/api/generate-content",
        json(
          { number: 7, preferences: { style: "poetic", composition: "brief", keywords: "" } },
          { "X-Forwarded-For": ip },
        ),
      ),
      "/api/generate-content",
    );
    await exhaust({ key: `astrology-reading:ip:${hashIp(ip)}`, limit: 60, windowSeconds: 60 });
    expectRetryAfter(
      await send(
        plain.base,
        "/api/generate-personalized-reading",
        // keywords of its own: the sky monitor may already have written (and cached) today's Moon in Cancer reading
        json({ planet: "Moon", constellation: "Cancer", keywords: "retry after" }, { "X-Forwarded-For": ip }),
      ),
      "/api/generate-personalized-reading",
    );
  });
});

describe("the visitor id", () => {
  it("x-session-id: aaaaaaaa is ignored and a fresh id issued; a UUID is honoured", async () => {
    const prefs = { style: "scientific", composition: "brief", keywords: "edge" };
    const ignored = await send(plain.base, "/api/preferences", json(prefs, { "x-session-id": "aaaaaaaa" }));
    expect(ignored.status).toBe(200);
    expect(cookiesOf(ignored)).toMatch(/visitor=/);
    const [row] = await rawSql()<
      { n: number }[]
    >`select count(*)::int as n from preferences where session_id = 'aaaaaaaa'`;
    expect(row!.n).toBe(0);

    const visitor = randomUUID();
    const honoured = await send(plain.base, "/api/preferences", json(prefs, { "x-session-id": visitor }));
    expect(honoured.status).toBe(200);
    expect(honoured.headers["set-cookie"]).toBeUndefined();
    const read = await send(plain.base, "/api/preferences", { headers: { "x-session-id": visitor } });
    expect(read.json()).toMatchObject({ style: "scientific", composition: "brief" });
  });
});

describe("the request log", () => {
  it("blanks tokens, codes and keys in URLs and writes no client address", async () => {
    await send(plain.base, "/reset-password?token=SECRET-TOKEN-123&code=SECRET-CODE&api_key=SECRET-KEY&page=2", {
      headers: { "X-Forwarded-For": "203.0.113.77" },
    });
    await expect
      .poll(() => plain.log().includes("/reset-password?token=[redacted]&code=[redacted]&api_key=[redacted]&page=2"), {
        timeout: 5_000,
      })
      .toBe(true);
    expect(plain.log()).not.toMatch(/SECRET-(TOKEN|CODE|KEY)/);
    expect(plain.log()).not.toContain("203.0.113.77");
    expect(plain.log()).not.toContain("127.0.0.1 - ");
  });
});

describe("error answers", () => {
  it("never show a stack, a path or SQL, and a 500 names its request id", async () => {
    for (const [pathname, status] of [
      ["/api/3d/status/x%00y", 400],
      ["/api/3d/model/x%00y", 400],
      ["/3d-viewer/%00", 400],
      ["/forum/topic/abc", 400],
      ["/forum/topic/2000000000", 404],
      ["/api/forum/topics/%00", 400],
    ] as const) {
      const answer = await send(plain.base, pathname);
      expect(answer.status, pathname).toBe(status);
      expectNoDetail(answer);
      if (answer.status >= 500) expect(answer.text, pathname).toContain(String(answer.headers["x-request-id"]));
    }
    const malformed = await send(plain.base, "/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toEqual({ error: expect.any(String) });
  });
});

describe("an early answer on a keep-alive connection (issue 33)", () => {
  it("says Connection: close on a 413, so the client's next request succeeds, every time", async () => {
    const http = await import("node:http");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = http.request(
          `${plain.base}${path}`,
          {
            method,
            agent,
            headers: body
              ? { "Content-Type": "application/json", "Content-Length": body.length, Origin: plain.base }
              : {},
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    for (let i = 0; i < 5; i++) {
      const refused = await request("POST", "/api/login", Buffer.alloc(2 * 1024 * 1024, 0x20));
      expect(refused).toEqual({ status: 413, connection: "close" });
      expect((await request("GET", "/healthz")).status).toBe(200);
    }
    agent.destroy();
  });
});
