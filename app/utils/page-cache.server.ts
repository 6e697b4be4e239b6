import { createHash } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isDatabaseUnavailable, listenForNotifications } from "#db/client.server";
import { COOKIES } from "~/utils/cookies";
import { publicOrigin } from "~/utils/env.server";

/**
 * A memory cache of whole pages for signed-out visitors (what Discourse calls its anonymous cache, decisions 025
 * and 100): a page is rendered once and then served as it was, until the data it shows changes, for at most
 * `ttlSeconds`. The site's public pages are grouped in sections (content, forum, astrology, numerology); each
 * section says which addresses it holds, how it is invalidated and what of the visitor its pages depend on:
 *
 * - `channel`: a PostgreSQL NOTIFY channel; a notification (sent at commit, by whichever process made the
 *   change) clears this section in every server process. Without a channel the pages change only with the
 *   build, and a new build is a new process (the cache is made once, in app/utils/page-sections.server.ts).
 * - `vary`: what of the visitor the page shows (their saved preferences, say), resolved before rendering. Its
 *   `key` joins the cache key; its `context` reaches the loaders through the load context, so the page is
 *   rendered from exactly what the key says. `null`: this request is rendered and not kept.
 * - `shared`: the page is the same for every signed-out visitor, so a CDN may keep it briefly too
 *   (`Cache-Control: public, s-maxage`); other sections' pages are `private`.
 *
 * Only a GET from a visitor without cookies other than `neutralCookies`, rendered with status 200, setting no
 * cookie but the visitor id (dropped) or a `replayCookies` one (kept: it is a function of the key), is kept, and
 * only if no loader called `doNotCache`. The CSP nonce, the one per-request value in a page, is replaced by the
 * request's own on a hit. Keys are the public origin (PUBLIC_URL, never a request's Host header), the path and
 * query, and the variant.
 * Kept pages carry a weak ETag of their text without the nonce and answer a matching If-None-Match with 304.
 */
export type Variant = { key: string; context?: Partial<AppLoadContext> };

export type PageSection = {
  name: string;
  paths: RegExp[];
  channel?: string;
  shared?: boolean;
  vary?: (request: ExpressRequest) => Promise<Variant | null>;
};

export type PageCacheOptions = {
  sections: PageSection[];
  ttlSeconds: number;
  neutralCookies?: string[];
  replayCookies?: string[];
  maxEntries?: number;
  maxEntryBytes?: number;
};

/** What a request that may be kept carries through the load context to `finish`. */
export type PageTicket = { key: string; section: string; generation: number; origin: string; refused: boolean };

type Entry = { storedAt: number; status: number; headers: [string, string][]; parts: Buffer[]; etag: string };

export type PageCache = ReturnType<typeof createPageCache>;

/** How long a CDN may keep a shared page, and serve it stale while it asks again. */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

/** A loader that put this visitor's own data in the page (a generated reading, a live value) keeps it out. */
export function doNotCache(context: AppLoadContext) {
  if (context.pageCache) context.pageCache.refused = true;
}

export function createPageCache({
  sections,
  ttlSeconds,
  neutralCookies = [COOKIES.visitor.name],
  replayCookies = [],
  maxEntries = 500,
  maxEntryBytes = 1024 * 1024,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const enabled = ttlSeconds > 0;
  const stats = { hits: 0, stores: 0, clears: 0, notModified: 0 };
  /** Bumped by each clear of a section: a page whose rendering began before a clear is not kept. */
  const generations = new Map(sections.map((s) => [s.name, 0]));
  const channels = [...new Set(sections.flatMap((s) => (s.channel ? [s.channel] : [])))];
  const listening = new Map<string, boolean>();
  const subscribed = new Set<string>();

  function clear(section?: string) {
    for (const s of sections) {
      if (section && s.name !== section) continue;
      generations.set(s.name, generations.get(s.name)! + 1);
      for (const key of entries.keys()) if (key.startsWith(`${s.name}\n`)) entries.delete(key);
    }
    stats.clears += 1;
  }

  function clearChannel(channel: string) {
    for (const s of sections) if (s.channel === channel) clear(s.name);
  }

  /**
   * LISTEN on every channel (a connection of its own, re-established after an outage); a section is served from
   * memory only while its channel is listened to. While the database is unreachable no change can be made, so the
   * pages kept stay valid and are served.
   */
  function ensureListening() {
    for (const channel of channels) {
      if (subscribed.has(channel)) continue;
      subscribed.add(channel);
      listening.set(channel, false);
      clearChannel(channel);
      listenForNotifications(channel, () => clearChannel(channel), {
        onListen: () => {
          // (Re)connected: whatever happened while not listening is unknown.
          clearChannel(channel);
          listening.set(channel, true);
        },
        onLost: () => {
          subscribed.delete(channel);
          listening.set(channel, false);
        },
      }).catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) console.error(`[page-cache] cannot listen on ${channel}:`, error);
        subscribed.delete(channel);
      });
    }
  }

  function sectionFor(pathname: string): PageSection | undefined {
    return sections.find((s) => s.paths.some((pattern) => pattern.test(pathname)));
  }

  function cookieNames(cookieHeader: string | null | undefined): string[] {
    if (!cookieHeader) return [];
    return cookieHeader.split(";").flatMap((pair) => {
      const name = pair.split("=", 1)[0]!.trim();
      return name ? [name] : [];
    });
  }

  function anonymous(cookieHeader: string | null | undefined): boolean {
    return cookieNames(cookieHeader).every((name) => neutralCookies.includes(name));
  }

  function fresh(entry: Entry | undefined): entry is Entry {
    return !!entry && Date.now() - entry.storedAt < ttlSeconds * 1000;
  }

  function ready(section: PageSection) {
    return !section.channel || listening.get(section.channel) === true;
  }

  function matches(ifNoneMatch: string | null | undefined, etag: string): boolean {
    if (!ifNoneMatch) return false;
    const bare = etag.replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t.replace(/^W\//, "") === bare;
    });
  }

  return {
    stats,
    clear,
    sections,

    /**
     * Express middleware: answers a kept page (or 304), or passes the request on with a ticket for `finish`
     * in `res.locals.pageCache` (and the variant's load context in `res.locals.pageCacheContext`). `nonce` is
     * this request's CSP nonce (already in its Content-Security-Policy header).
     */
    async serve(req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void, nonce: string) {
      try {
        if (!enabled || req.method !== "GET" || !req.url) return next();
        const pathname = req.url.split("?", 1)[0]!;
        const section = sectionFor(pathname);
        if (!section || !anonymous(req.headers.cookie)) return next();
        ensureListening();
        // A variant that cannot be resolved (the database is down, say) leaves the page to be rendered, uncached.
        const variant = section.vary ? await section.vary(req).catch(() => null) : { key: "" };
        if (!variant) return next();
        const origin = publicOrigin();
        const key = `${section.name}\n${origin}${req.url}\n${variant.key}`;
        res.locals.pageCacheContext = variant.context ?? {};
        const entry = entries.get(key);
        if (!ready(section) || !fresh(entry)) {
          if (entry) entries.delete(key);
          if (ready(section)) {
            const ticket: PageTicket = {
              key,
              section: section.name,
              generation: generations.get(section.name)!,
              origin,
              refused: false,
            };
            res.locals.pageCache = ticket;
          }
          return next();
        }
        // Least recently used goes first when the cache is full.
        entries.delete(key);
        entries.set(key, entry);
        for (const [name, value] of entry.headers) if (name !== "set-cookie") res.setHeader(name, value);
        const cookies = entry.headers.filter(([name]) => name === "set-cookie").map(([, value]) => value);
        if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
        res.setHeader("Age", Math.floor((Date.now() - entry.storedAt) / 1000));
        res.setHeader("X-Page-Cache", "hit");
        if (matches(req.headers["if-none-match"], entry.etag)) {
          // The browser keeps its copy, with the nonce that copy's own CSP header names: a 304 must not bring a
          // new Content-Security-Policy (it would replace the stored one and block the stored page's scripts).
          res.removeHeader("Content-Security-Policy");
          res.removeHeader("Content-Type");
          res.statusCode = 304;
          stats.notModified += 1;
          return res.end();
        }
        const body = Buffer.concat(joinWith(entry.parts, Buffer.from(nonce)));
        res.statusCode = entry.status;
        res.setHeader("Content-Length", body.byteLength);
        stats.hits += 1;
        res.end(body);
      } catch (error) {
        next(error);
      }
    },

    /** The load context's share: the ticket and what the section's `vary` resolved. */
    loadContext(res: ExpressResponse): Pick<AppLoadContext, "pageCache"> & Partial<AppLoadContext> {
      return {
        ...(res.locals.pageCacheContext as Partial<AppLoadContext> | undefined),
        pageCache: (res.locals.pageCache as PageTicket | undefined) ?? null,
      };
    },

    /**
     * Called with every document just rendered: sets its Cache-Control (and ETag when it may be kept), and keeps
     * it when it may be served to every signed-out visitor with the same key and nothing changed since its
     * rendering began.
     */
    finish(
      request: Request,
      ticket: PageTicket | null | undefined,
      page: { status: number; headers: Headers; body: Buffer; nonce: string },
    ) {
      const { status, headers, body, nonce } = page;
      const keepable =
        !!ticket &&
        !ticket.refused &&
        request.method === "GET" &&
        status === 200 &&
        !!nonce &&
        body.byteLength <= maxEntryBytes &&
        headers.getSetCookie().every((cookie) => {
          const name = cookie.split("=", 1)[0]!.trim();
          return neutralCookies.includes(name) || replayCookies.includes(name);
        });
      if (!keepable || !ticket) {
        if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        return;
      }
      const section = sections.find((s) => s.name === ticket.section)!;
      const parts = splitOn(body, Buffer.from(nonce));
      const hash = createHash("sha256");
      for (const part of parts) hash.update(part).update("\0");
      const etag = `W/"${hash.digest("base64url").slice(0, 27)}"`;
      headers.set("ETag", etag);
      headers.set("Cache-Control", section.shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      headers.append("Vary", "Cookie");
      if (ticket.generation !== generations.get(section.name)) return;
      const kept: [string, string][] = [];
      headers.forEach((value, name) => {
        if (name !== "set-cookie" && name !== "content-length") kept.push([name, value]);
      });
      for (const cookie of headers.getSetCookie()) {
        if (replayCookies.includes(cookie.split("=", 1)[0]!.trim())) kept.push(["set-cookie", cookie]);
      }
      entries.delete(ticket.key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(ticket.key, { storedAt: Date.now(), status, headers: kept, parts, etag });
      stats.stores += 1;
    },
  };
}

function splitOn(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.byteLength;
  }
  parts.push(body.subarray(start));
  return parts;
}

function joinWith(parts: Buffer[], separator: Buffer): Buffer[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [separator, part]));
}
