import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server";
import { angelReadings, preferences } from "#db/schema";
import { recordSnapshot } from "~/astrology/snapshots.server";
import { createTopic } from "~/forum/topics.server";
import { toastHeaders } from "~/utils/toast.server";
import { startAppServer } from "../../scripts/app-server";
import { cookieFor, member } from "./forum-helpers";
import { angelReadingRow } from "./helpers/angel";

/**
 * The page cache over every public page (decision 100), through the real server: what is kept, for whom, and
 * when it goes. Per-visitor data (a member's page, a flash toast, a visitor's saved preferences, a form's result)
 * never reaches another visitor; each change (forum, a new sky) shows on the next view; every response, kept or
 * not, carries its own CSP nonce; kept pages answer If-None-Match with 304. Needs a build (npm test makes one).
 */
const PUBLIC_URL = "http://site.example";
let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
let base = "";

beforeAll(async () => {
  expect(existsSync(path.resolve(import.meta.dirname, "../../build/index.js")), "run `npm run build` first").toBe(true);
  // A recorded sky, fresh: the astrology pages are kept only when they show one.
  await recordSnapshot({ at: new Date(Date.now() - 5 * 60_000) });
  server = await startAppServer({ PAGE_CACHE_SECONDS: "30", PUBLIC_URL }, { stderr: "inherit" });
  base = server.base;
});

afterAll(async () => {
  await server?.stop();
});

type Page = { status: number; cached: boolean; body: string; nonce: string; setCookie: string[]; headers: Headers };

async function visit(pathname: string, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<Page> {
  const response = await fetch(`${base}${pathname}`, { headers, redirect: "manual", ...init });
  const csp = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    cached: response.headers.get("x-page-cache") === "hit",
    body: await response.text(),
    nonce: /'nonce-([^']+)'/.exec(csp)?.[1] ?? "",
    setCookie: response.headers.getSetCookie(),
    headers: response.headers,
  };
}

async function cachedVisit(pathname: string, headers: Record<string, string> = {}): Promise<Page> {
  for (let i = 0; i < 50; i++) {
    const page = await visit(pathname, headers);
    if (page.cached) return page;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${pathname} was never served from the cache`);
}

function scriptNonces(body: string): Set<string> {
  return new Set([...body.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((m) => m[1]!));
}

/** A new visitor's signed id cookie, as the server gives it (a POST that saves preferences makes one). */
async function visitorWithPreferences(keywords: string, style = "scientific", composition = "brief"): Promise<string> {
  const saved = await fetch(`${base}/astrology`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "preferences", style, composition, keywords }).toString(),
  });
  expect(saved.status).toBe(302);
  const cookie = saved.headers.getSetCookie().find((c) => c.startsWith("visitor="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

async function savePreferencesAs(cookie: string, keywords: string) {
  const saved = await fetch(`${base}/astrology`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({
      intent: "preferences",
      style: "practical",
      composition: "simple",
      keywords,
    }).toString(),
  });
  expect(saved.status).toBe(302);
}

/** Decodes an angel number through the form as this visitor (a new one without a cookie); returns their cookie. */
async function decodeAngel(number: string, cookie?: string): Promise<string> {
  const decoded = await fetch(`${base}/angel`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ number, style: "spiritual", composition: "brief", keywords: "" }).toString(),
  });
  expect(decoded.status).toBe(302);
  if (cookie) return cookie;
  const visitor = decoded.headers.getSetCookie().find((c) => c.startsWith("visitor="));
  expect(visitor).toBeDefined();
  return visitor!.split(";")[0]!;
}

/** The angel page's list of saved readings, as sent, or null when it shows none. */
function savedList(body: string): string | null {
  return /<section aria-labelledby="history-title"[\s\S]*?<\/section>/.exec(body)?.[0] ?? null;
}
const listedNumbers = (body: string) =>
  [...(savedList(body) ?? "").matchAll(/<span class="block [^"]*font-bold[^"]*">([^<]*)<\/span>/g)].map((m) => m[1]);
const readingIds = (body: string) => [...(savedList(body) ?? "").matchAll(/reading=(\d+)"/g)].map((m) => m[1]);
const withoutList = (page: Page) => page.body.replace(savedList(page.body) ?? "", "");

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/numbers",
  "/blog",
  "/emotions",
  "/palindrome",
  "/birth-date",
  "/angel",
  "/astrology",
  "/astrology/Mars",
  "/forum",
];

describe("every public page", () => {
  it("is served from memory to signed-out visitors, each time with that response's own nonce", async () => {
    for (const pathname of PUBLIC_PAGES) {
      const first = await visit(pathname);
      expect(first.status, pathname).toBe(200);
      const hit = await cachedVisit(pathname);
      const again = await cachedVisit(pathname);
      for (const page of [first, hit, again]) {
        expect(page.nonce, pathname).not.toBe("");
        expect(scriptNonces(page.body), pathname).toEqual(new Set([page.nonce]));
      }
      expect(new Set([first.nonce, hit.nonce, again.nonce]).size, pathname).toBe(3);
      expect(hit.body, pathname).not.toContain(first.nonce);
      // Nobody's visitor id is handed out with a kept page.
      expect(
        hit.setCookie.filter((c) => c.startsWith("visitor=")),
        pathname,
      ).toEqual([]);
      expect(hit.headers.get("etag"), pathname).toMatch(/^W\/"/);
    }
  });

  it("answers a matching If-None-Match with 304 and no new CSP, and says who may keep it", async () => {
    const page = await cachedVisit("/about");
    const etag = page.headers.get("etag")!;
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=30");
    expect(page.headers.get("vary")).toMatch(/Cookie/);
    const notModified = await visit("/about", { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    // A 304 updates the browser's stored headers: a new nonce there would block its stored page's scripts.
    expect(notModified.headers.get("content-security-policy")).toBeNull();
    expect((await visit("/about", { "If-None-Match": 'W/"something-else"' })).status).toBe(200);

    // Pages that depend on the visitor's preferences are for the browser only; members' pages are private.
    expect((await cachedVisit("/astrology")).headers.get("cache-control")).toBe("private, no-cache");
    const reader = await member();
    const memberPage = await visit("/about", { Cookie: await cookieFor(reader.id) });
    expect(memberPage.headers.get("cache-control")).toBe("no-store");
    expect(memberPage.headers.get("etag")).toBeNull();
  });

  it("is keyed by the public origin, never by the Host header of a request", async () => {
    await cachedVisit("/blog");
    const other = await visit("/blog", { Host: "attacker.example" });
    expect(other.cached).toBe(true);
    expect(other.body).not.toContain("attacker.example");
    expect(other.body).toContain(PUBLIC_URL);
  });
});

describe("what is never kept for another visitor", () => {
  it("a member's page", async () => {
    const reader = await member();
    const cookie = await cookieFor(reader.id);
    for (const pathname of ["/about", "/astrology", "/"]) {
      await cachedVisit(pathname);
      const page = await visit(pathname, { Cookie: cookie });
      expect(page.cached, pathname).toBe(false);
      expect(page.body, pathname).toContain(reader.username);
      expect((await cachedVisit(pathname)).body, pathname).not.toContain(reader.username);
    }
  });

  it("a flash toast", async () => {
    const title = `Toast for one visitor ${Date.now()}`;
    const toast = (await toastHeaders({ title, type: "success" })).get("Set-Cookie")!.split(";")[0]!;
    await cachedVisit("/numbers");
    const page = await visit("/numbers", { Cookie: toast });
    expect(page.cached).toBe(false);
    expect(page.body).toContain(title);
    expect((await visit("/numbers")).body).not.toContain(title);
    expect((await cachedVisit("/numbers")).body).not.toContain(title);
  });

  it("a visitor's saved preferences: kept per preference set, and a change shows on the next view", async () => {
    const mine = `myown${Date.now()}`;
    const cookie = await visitorWithPreferences(mine);
    const visitorId = JSON.parse(
      Buffer.from(decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!, "base64").toString(),
    ) as string;

    const planet = await visit("/astrology/Mars", { Cookie: cookie });
    expect(planet.status).toBe(200);
    expect(planet.body).toContain(mine);
    const myHit = await cachedVisit("/astrology/Mars", { Cookie: cookie });
    expect(myHit.body).toContain(mine);
    // The page holds no visitor id (the reading's API call is identified by the cookie).
    expect(myHit.body).not.toContain(visitorId);
    // The angel page, kept per preference set too (its key and list read in one statement, decision 124).
    await visit("/angel", { Cookie: cookie });
    expect((await cachedVisit("/angel", { Cookie: cookie })).body).toContain(mine);
    for (const pathname of ["/astrology/Mars", "/astrology", "/", "/angel"]) {
      expect((await visit(pathname)).body, pathname).not.toContain(mine);
      expect((await visit(pathname, { Cookie: await visitorWithPreferences("other") })).body, pathname).not.toContain(
        mine,
      );
    }
    // The home page shows the same preferences.
    expect((await visit("/", { Cookie: cookie })).body).toContain(mine);

    const changed = `changed${Date.now()}`;
    await savePreferencesAs(cookie, changed);
    const next = await visit("/astrology/Mars", { Cookie: cookie });
    expect(next.body).toContain(changed);
    expect(next.body).not.toContain(mine);
    expect((await visit("/", { Cookie: cookie })).body).toContain(changed);
    const angel = await visit("/angel", { Cookie: cookie });
    expect(angel.body).toContain(changed);
    expect(angel.body).not.toContain(mine);
  });

  it("a visitor served a kept page, who has no id yet, is given the one their preferences are saved under", async () => {
    const kept = await cachedVisit("/");
    expect(kept.setCookie).toEqual([]);
    const saved = await fetch(`${base}/?index`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "preferences",
        style: "spiritual",
        composition: "brief",
        keywords: "kept page",
      }).toString(),
    });
    expect(saved.status).toBe(302);
    const cookie = saved.headers
      .getSetCookie()
      .find((c) => c.startsWith("visitor="))
      ?.split(";")[0];
    expect(cookie).toBeDefined();
    expect((await visit("/", { Cookie: cookie! })).body).toContain("kept page");
  });

  it("a form's submitted values and result", async () => {
    await cachedVisit("/birth-date");
    const posted = await visit(
      "/birth-date",
      { "Content-Type": "application/x-www-form-urlencoded" },
      {
        method: "POST",
        body: new URLSearchParams({ birthDate: "07/23/1987" }).toString(),
      },
    );
    expect(posted.status).toBe(200);
    expect(posted.cached).toBe(false);
    expect(posted.body).toContain("Life path number");
    expect(posted.body).toContain("07/23/1987");
    const after = await cachedVisit("/birth-date");
    expect(after.body).not.toContain("Life path number");
    expect(after.body).not.toContain("07/23/1987");

    const invalid = await visit(
      "/astrology",
      { "Content-Type": "application/x-www-form-urlencoded" },
      {
        method: "POST",
        body: new URLSearchParams({ intent: "preferences", style: "shouting", keywords: "submitted words" }).toString(),
      },
    );
    expect(invalid.status).toBe(400);
    expect((await visit("/astrology")).body).not.toContain("Choose one of the styles");
  });

  it("an angel page's own readings: each visitor sees only theirs in the kept page (decision 112)", async () => {
    // Two visitors with the same preferences share one kept page; each response carries that visitor's list.
    const mine = await decodeAngel("1212");
    await decodeAngel("3434", mine);
    const theirs = await decodeAngel("5656");
    await visit("/angel", { Cookie: mine });
    const myPage = await cachedVisit("/angel", { Cookie: mine });
    const theirPage = await cachedVisit("/angel", { Cookie: theirs });
    expect(listedNumbers(myPage.body)).toEqual(["3434", "1212"]);
    expect(listedNumbers(theirPage.body)).toEqual(["5656"]);
    for (const id of readingIds(myPage.body)) expect(theirPage.body).not.toContain(`reading=${id}`);
    for (const id of readingIds(theirPage.body)) expect(myPage.body).not.toContain(`reading=${id}`);
    // Everything but the list is the one kept page (it holds nobody's readings), with each response's own nonce.
    expect(withoutList(myPage).replaceAll(myPage.nonce, "N")).toBe(
      withoutList(theirPage).replaceAll(theirPage.nonce, "N"),
    );
    for (const page of [myPage, theirPage]) expect(scriptNonces(page.body)).toEqual(new Set([page.nonce]));
    expect(myPage.nonce).not.toBe(theirPage.nonce);
    expect((await cachedVisit("/angel", { Cookie: mine })).nonce).not.toBe(myPage.nonce);
    // Nobody's visitor id or readings reach a visitor without an id, or one without readings.
    for (const page of [
      await cachedVisit("/angel"),
      await cachedVisit("/angel", { Cookie: await visitorWithPreferences("angelic") }),
    ]) {
      expect(savedList(page.body)).toBeNull();
      expect(page.body).toContain('<div data-page-hole="saved-readings"></div>');
      expect(page.setCookie.filter((c) => c.startsWith("visitor="))).toEqual([]);
    }
  });

  it("an angel page's kept list is the list the page renders uncached, byte for byte", async () => {
    const cookie = await decodeAngel("4321");
    await decodeAngel("8", cookie);
    await decodeAngel("909", cookie);
    const kept = await cachedVisit("/angel", { Cookie: cookie });
    // Another cookie: rendered whole, the list by the page's loader and component.
    const rendered = await visit("/angel", { Cookie: `${cookie}; unrelated=1` });
    expect(rendered.cached).toBe(false);
    expect(rendered.body).not.toContain("data-page-hole");
    expect(savedList(rendered.body)).not.toBeNull();
    expect(savedList(kept.body)).toBe(savedList(rendered.body));
  });

  it("an angel page's new reading shows on the next view, with a new ETag; a 304 only for the same list", async () => {
    const cookie = await decodeAngel("2468");
    await visit("/angel", { Cookie: cookie });
    const before = await cachedVisit("/angel", { Cookie: cookie });
    const etag = before.headers.get("etag")!;
    expect(etag).toMatch(/^W\//);
    expect((await visit("/angel", { Cookie: cookie, "If-None-Match": etag })).status).toBe(304);
    // The same kept page with another visitor's list (here: none) is another page.
    const noReadings = await visitorWithPreferences("", "spiritual", "brief");
    const empty = await cachedVisit("/angel", { Cookie: noReadings });
    expect(withoutList(empty).replaceAll(empty.nonce, "N")).toBe(withoutList(before).replaceAll(before.nonce, "N"));
    expect(empty.headers.get("etag")).not.toBe(etag);
    expect((await visit("/angel", { Cookie: noReadings, "If-None-Match": etag })).status).toBe(200);
    const other = await decodeAngel("2468");
    const otherPage = await cachedVisit("/angel", { Cookie: other });
    expect(otherPage.headers.get("etag")).not.toBe(etag);
    expect((await visit("/angel", { Cookie: other, "If-None-Match": etag })).status).toBe(200);

    await decodeAngel("1357", cookie);
    const after = await visit("/angel", { Cookie: cookie, "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.cached).toBe(true);
    expect(listedNumbers(after.body)).toEqual(["1357", "2468"]);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await visit("/angel", { Cookie: cookie, "If-None-Match": after.headers.get("etag")! })).status).toBe(304);
  });

  it("a returning visitor's data changed by another process shows once its change is announced (decision 128)", async () => {
    // The server remembers what it read of a returning visitor; this test's process writes as another server would.
    const sessionId = randomUUID();
    const as = { "x-session-id": sessionId };
    await db.insert(preferences).values({ sessionId, style: "practical", composition: "simple", keywords: "tide" });
    const reading = (number: string) =>
      angelReadingRow(sessionId, number, { style: "practical", composition: "simple" });
    await db.insert(angelReadings).values(reading("8080"));
    expect(listedNumbers((await cachedVisit("/angel", as)).body)).toEqual(["8080"]);
    expect((await cachedVisit("/", as)).body).toContain('value="tide"');

    await db.insert(angelReadings).values(reading("9090"));
    await db.update(preferences).set({ keywords: "ebb" }).where(eq(preferences.sessionId, sessionId));
    await vi.waitFor(async () => expect(listedNumbers((await visit("/angel", as)).body)).toEqual(["9090", "8080"]));
    await vi.waitFor(async () => expect((await visit("/", as)).body).toContain('value="ebb"'));
    const angel = await cachedVisit("/angel", as);
    expect(angel.body).toContain('value="ebb"');
    expect(angel.body).not.toContain('value="tide"');

    await db.delete(angelReadings).where(eq(angelReadings.sessionId, sessionId));
    await vi.waitFor(async () => expect(savedList((await visit("/angel", as)).body)).toBeNull());
  });

  it("an angel page showing a reading or a number is rendered each time", async () => {
    const cookie = await decodeAngel("6060");
    const [id] = readingIds((await cachedVisit("/angel", { Cookie: cookie })).body);
    for (const pathname of [`/angel?reading=${id}`, `/angel?%72eading=${id}`, "/angel?number=44"]) {
      for (const headers of [{ Cookie: cookie }, {}] as Record<string, string>[]) {
        expect((await visit(pathname, headers)).cached, pathname).toBe(false);
        expect((await visit(pathname, headers)).cached, pathname).toBe(false);
      }
    }
    const shown = await visit(`/angel?reading=${id}`, { Cookie: cookie });
    const showsTheReading = (body: string) => /<h2 id="reading-title"[^>]*>Angel Number <!-- -->6060</.test(body);
    expect(showsTheReading(shown.body)).toBe(true);
    expect(listedNumbers(shown.body)).toEqual(["6060"]);
    expect(showsTheReading((await visit(`/angel?reading=${id}`)).body)).toBe(false);
  });

  it("a rendered page gives a visitor without an id one id, however many loaders ask (decision 111)", async () => {
    // Another cookie means a fresh render; the root's loader and the angel page's both read the visitor.
    const page = await visit("/angel", { Cookie: "unrelated=1" });
    expect(page.cached).toBe(false);
    const ids = new Set(page.setCookie.filter((c) => c.startsWith("visitor=")).map((c) => c.split(";")[0]));
    expect(ids.size).toBe(1);
  });
});

describe("invalidation", () => {
  it("a new sky recorded by the monitor shows on the next view of the astrology pages", async () => {
    await cachedVisit("/astrology");
    await cachedVisit("/astrology/Venus");
    const snapshot = await recordSnapshot({ at: new Date() });
    for (const pathname of ["/astrology", "/astrology/Venus"]) {
      await expect
        .poll(async () => (await visit(pathname)).body.includes(snapshot.takenAt), { timeout: 5_000 })
        .toBe(true);
    }
    expect((await cachedVisit("/astrology")).body).toContain(snapshot.takenAt);
  });

  it("a forum change shows on the next view, and leaves the other sections kept", async () => {
    await cachedVisit("/about");
    await cachedVisit("/forum");
    const author = await member();
    const { topic } = await createTopic({
      authorId: author.id,
      title: `Kept until now ${Date.now()}`,
      description: null,
      category: "general",
    });
    await expect.poll(async () => (await visit("/forum")).body.includes(topic.title), { timeout: 5_000 }).toBe(true);
    expect((await visit("/about")).cached).toBe(true);
  });

  it("content pages go with the build: a new server process (a new build) renders them anew", async () => {
    const kept = await cachedVisit("/emotions");
    const second = await startAppServer({ PAGE_CACHE_SECONDS: "30", PUBLIC_URL }, { stderr: "inherit" });
    try {
      const fresh = await fetch(`${second.base}/emotions`);
      expect(fresh.headers.get("x-page-cache")).toBeNull();
      expect(fresh.headers.get("etag")).toBe(kept.headers.get("etag"));
    } finally {
      await second.stop();
    }
  });
});
