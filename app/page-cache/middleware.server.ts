import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { COOKIES } from "~/utils/cookies";
import { publicOrigin } from "~/utils/env.server";
import { createHoles } from "./holes.server";
import { createMemberTemplates, PRIVATE_CACHE_CONTROL, type Answer } from "./member-templates.server";
import { writerOf } from "./memo.server";
import { assemble, etagOf, filledEtag, piecesOf } from "./pieces.server";
import { asksUncached, type DocumentRenderer, type PageSection, type PageTicket } from "./section";
import { cookieName, createPageStore, keepable, type RenderedPage } from "./store.server";

export { PRIVATE_CACHE_CONTROL };
/** How long a CDN may keep a shared page, and serve it stale while it asks again. */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";

export type PageCacheOptions = {
  sections: PageSection[];
  ttlSeconds: number;
  /** cookies a signed-out visitor's request may carry (the visitor id; the astrology tab) */
  neutralCookies?: string[];
  /** neutral cookies a kept page sets and replays (a function of the key) */
  replayCookies?: string[];
  maxEntries?: number;
  maxEntryBytes?: number;
};

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * The page cache's middleware (decisions 025, 100): a memory cache of whole rendered pages, served before Remix
 * runs. The path picks a section; a visitor with only neutral cookies gets the kept page for the key (the section,
 * PUBLIC_URL with the path and query, the variant) with this response's nonce and holes put in, or a ticket through
 * the load context for `finish` to keep what Remix renders; a member whose other cookies the section's `members`
 * allows gets a member template. Anyone else, an address naming one of the section's `uncachedBy` parameters, and
 * every other method pass on to Remix. A kept page carries a weak ETag of its text without the nonce and answers a
 * matching If-None-Match with 304.
 */
export function createPageCache({
  sections,
  ttlSeconds,
  neutralCookies = [COOKIES.visitor.name],
  replayCookies = [],
  maxEntries = 500,
  maxEntryBytes = 1024 * 1024,
}: PageCacheOptions) {
  const enabled = ttlSeconds > 0;
  const store = createPageStore({ sections, ttlSeconds, maxEntries, replayCookies });
  const holes = createHoles(sections);
  const members = createMemberTemplates({ store, holes, answer, neutralCookies, maxEntryBytes });

  const sectionFor = (pathname: string) => sections.find((s) => s.paths.some((pattern) => pattern.test(pathname)));

  function anonymous(cookieHeader: string | null | undefined, allowed: string[] = []): boolean {
    if (!cookieHeader) return true;
    return cookieHeader.split(";").every((pair) => {
      const name = cookieName(pair);
      return !name || neutralCookies.includes(name) || allowed.includes(name);
    });
  }

  /** Answers a kept page (or 304): its stored headers, this response's ETag and body. */
  function answer(...[req, res, entry, etag, body]: Parameters<Answer>) {
    for (const [name, value] of entry.headers) if (name !== "set-cookie") res.setHeader(name, value);
    const cookies = entry.headers.filter(([name]) => name === "set-cookie").map(([, value]) => value);
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
    res.setHeader("ETag", etag);
    res.setHeader("Age", Math.floor((Date.now() - entry.storedAt) / 1000));
    res.setHeader("X-Page-Cache", "hit");
    if (matches(req.headers["if-none-match"], etag)) {
      // The browser keeps its copy, with the nonce that copy's own CSP header names: a 304 must not bring a
      // new Content-Security-Policy (it would replace the stored one and block the stored page's scripts).
      res.removeHeader("Content-Security-Policy");
      res.removeHeader("Content-Type");
      res.statusCode = 304;
      store.stats.notModified += 1;
      return res.end();
    }
    const sent = body();
    res.statusCode = entry.status;
    res.setHeader("Content-Length", sent.byteLength);
    store.stats.hits += 1;
    res.end(sent);
  }

  async function serveVisitor(
    section: PageSection,
    req: ExpressRequest,
    res: ExpressResponse,
    next: Next,
    nonce: string,
  ) {
    store.ensureListening();
    // A variant that cannot be resolved (the database is down, say) leaves the page to be rendered, uncached.
    const variant = section.vary ? await section.vary(req).catch(() => null) : { key: "" };
    if (!variant) return next();
    const origin = publicOrigin();
    const key = `${section.name}\n${origin}${req.url}\n${variant.key}`;
    res.locals.pageCacheContext = variant.context ?? {};
    if (!store.ready(section)) return next();
    const entry = store.fresh(key);
    if (!entry) {
      const ticket: PageTicket = {
        key,
        section: section.name,
        generation: store.generation(section.name),
        origin,
        refused: false,
        holes: holes.ofVisitors(section.name).map((hole) => hole.name),
      };
      if (ticket.holes.length > 0) holes.startFor(ticket, section, req);
      res.locals.pageCache = ticket;
      return next();
    }
    // This visitor's parts of the page; if one cannot be rendered the page is rendered whole, as without the cache.
    const fills = entry.holed ? await holes.render(section, req).catch(() => null) : [];
    if (!fills) return next();
    const etag = entry.holed ? filledEtag(entry.etag, fills) : entry.etag;
    answer(req, res, entry, etag, () => assemble(entry.pieces, Buffer.from(nonce), fills));
  }

  return {
    stats: store.stats,
    clear: store.clear,
    sections,

    /**
     * Express middleware: answers a kept page (or 304), or passes the request on with a ticket for `finish` in
     * `res.locals.pageCache` (and the variant's load context in `res.locals.pageCacheContext`). `nonce` is this
     * request's CSP nonce (already in its Content-Security-Policy header).
     */
    async serve(req: ExpressRequest, res: ExpressResponse, next: Next, nonce: string) {
      try {
        if (!enabled || !req.url) return next();
        if (req.method !== "GET") return forgetWriter(req, res, next);
        const section = sectionFor(req.url.split("?", 1)[0]!);
        if (!section || asksUncached(section, req.url)) return next();
        if (anonymous(req.headers.cookie)) return await serveVisitor(section, req, res, next, nonce);
        const { members: templates } = section;
        if (templates && anonymous(req.headers.cookie, templates.cookies)) {
          return await members.serve({ ...section, members: templates }, req, res, next, nonce);
        }
        return next();
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
     * Called with every document just rendered: fills its holes (a template) and returns the body to send; sets its
     * Cache-Control (and ETag when it may be kept), and keeps it when it may be served to every signed-out visitor
     * with the same key and nothing changed since its rendering began.
     */
    async finish(
      request: Request,
      ticket: PageTicket | null | undefined,
      page: RenderedPage,
    ): Promise<Buffer<ArrayBuffer>> {
      const { status, headers, body, nonce } = page;
      if (!ticket) {
        if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        return body;
      }
      const section = sections.find((s) => s.name === ticket.section)!;
      if (ticket.member) return members.keep(ticket, section, page);
      const pieces = piecesOf(body, Buffer.from(nonce), holes.ofVisitors(section.name))!;
      const holed = pieces.some((piece) => typeof piece === "number" && piece >= 0);
      // A template is filled whether it is kept or not: its loader left this visitor's parts out of it.
      const fills = holed ? await holes.fillsFor(ticket) : [];
      const sent = holed ? assemble(pieces, Buffer.from(nonce), fills) : body;
      if (!keepable(ticket, page, [...neutralCookies, ...replayCookies], maxEntryBytes)) {
        if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        return sent;
      }
      const etag = etagOf(pieces);
      headers.set("ETag", holed ? filledEtag(etag, fills) : etag);
      headers.set("Cache-Control", section.shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      headers.append("Vary", "Cookie");
      if (ticket.generation !== store.generation(section.name)) return sent;
      store.keep(ticket.key, { status, headers, pieces, etag, holed, member: false });
      return sent;
    },

    /** Gives the cache Remix's document handler, with which it renders member templates (decision 120). */
    renderMemberTemplatesWith(renderer: DocumentRenderer) {
      members.renderWith(renderer);
    },
  };
}

type Next = (error?: unknown) => void;

/**
 * A request that may change what the visitor or member saved (any method but GET): once its answer's head is
 * written, its action has committed, and this process forgets what its memos remembered of them (decisions 128,
 * 460), so the page the answer redirects to shows the change; the other processes forget when the tables' triggers
 * are heard.
 */
function forgetWriter(req: ExpressRequest, res: ExpressResponse, next: Next) {
  if (req.method === "HEAD" || req.method === "OPTIONS") return next();
  // Read now: by the time the head is written it is known, and the writer is forgotten before another request runs.
  const forget = writerOf(req);
  const writeHead = res.writeHead;
  res.writeHead = function forgetting(this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    void forget.then((forgetThem) => forgetThem());
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
}

function matches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}
