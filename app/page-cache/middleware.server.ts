import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { pageHoleTags } from "~/components/page-hole";
import { COOKIES } from "~/utils/cookies";
import { createMemberTemplates, PRIVATE_CACHE_CONTROL, type Hit } from "./member-templates.server";
import { writerOf } from "./memo.server";
import { assemble, etagOf, filledEtag, fillsOf, parts, piecesOf } from "./pieces.server";
import { asksUncached, type PageSection, type PageTicket } from "./section";
import { cookieName, createPageStore, keepable, type RenderedPage } from "./store.server";

type LoadShare = Pick<AppLoadContext, "pageCache"> & Partial<AppLoadContext>;

/** How long a CDN may keep a shared page, and serve it stale while it asks again. */
const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";

/**
 * The page cache's middleware (decisions 025, 100; docs/page-cache.md, "One request"): `serve` answers a kept page
 * before Remix runs, or passes the request on, with a ticket through the load context when `finish` may keep what
 * Remix renders. `neutralCookies`: those a signed-out visitor's request may carry (the visitor id; the astrology
 * tab); `replayCookies`: the neutral ones a kept page sets and replays (a function of the key).
 */
export function createPageCache({
  sections,
  ttlSeconds,
  neutralCookies = [COOKIES.visitor.name],
  replayCookies = [],
}: {
  sections: PageSection[];
  ttlSeconds: number;
  neutralCookies?: string[];
  replayCookies?: string[];
}) {
  const store = createPageStore(sections, ttlSeconds);
  const members = createMemberTemplates(store, neutralCookies);
  // Every hole's name is checked now, when the server starts.
  for (const s of sections) [...(s.holes ?? []), ...(s.members?.holes ?? [])].forEach(pageHoleTags);

  const sectionFor = (pathname: string) => sections.find((s) => s.paths.some((pattern) => pattern.test(pathname)));

  function anonymous(cookieHeader: string | null | undefined, allowed: string[] = []): boolean {
    if (!cookieHeader) return true;
    return cookieHeader.split(";").every((pair) => {
      const name = cookieName(pair);
      return !name || neutralCookies.includes(name) || allowed.includes(name);
    });
  }

  /** A signed-out visitor's kept page; null: passed on, with a ticket when the page may be kept. */
  async function serveVisitor(section: PageSection, req: ExpressRequest, res: ExpressResponse, nonce: string) {
    // A variant that cannot be resolved (the database is down, say) leaves the page to be rendered, uncached.
    const variant = section.vary ? await section.vary(req).catch(() => null) : { key: "" };
    if (!variant) return null;
    const context: LoadShare = (res.locals.pageCache = { ...variant.context, pageCache: null });
    const fills = fillsOf(section.holes, variant);
    if (!fills || !store.ready(section)) return null;
    const key = store.keyOf(section, req.url, variant.key);
    const entry = store.fresh(key);
    if (!entry) {
      context.pageCache = store.ticket(key, section, section.holes ?? [], fills);
      return null;
    }
    const etag = entry.holed ? filledEtag(entry.etag, fills) : entry.etag;
    return { entry, etag, body: () => parts(entry.pieces, Buffer.from(nonce), fills) };
  }

  return {
    /**
     * Express middleware: answers a kept page (or 304), or passes the request on with the variant's load context
     * and a ticket for `finish` in `res.locals.pageCache`. `nonce` is this request's CSP nonce (already in its
     * Content-Security-Policy header).
     */
    async serve(req: ExpressRequest, res: ExpressResponse, next: Next, nonce: string) {
      try {
        if (ttlSeconds <= 0 || !req.url) return next();
        if (req.method !== "GET") return forgetWriter(req, res, next);
        const section = sectionFor(req.url.split("?", 1)[0]!);
        if (!section || asksUncached(section, req.url)) return next();
        store.ensureListening();
        const hit = anonymous(req.headers.cookie)
          ? await serveVisitor(section, req, res, nonce)
          : section.members && anonymous(req.headers.cookie, section.members.cookies)
            ? await members.serve(section, req, nonce)
            : null;
        if (hit) answer(req, res, hit);
        else next();
      } catch (error) {
        next(error);
      }
    },

    /** The load context's share: the ticket and what the section's `vary` resolved. */
    loadContext: (res: ExpressResponse) => (res.locals.pageCache as LoadShare | undefined) ?? { pageCache: null },

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
      const section = sections.find((s) => s.name === ticket?.section);
      if (ticket?.member) return members.keep(ticket, section!, page);
      // A template is filled whether it is kept or not: its loader left this visitor's parts out of it.
      const pieces = ticket ? piecesOf(body, Buffer.from(nonce), ticket.holes)! : [];
      const holed = pieces.some((piece) => typeof piece === "number" && piece >= 0);
      const sent = holed ? assemble(pieces, Buffer.from(nonce), ticket!.fills) : body;
      if (!ticket || !keepable(ticket, page, [...neutralCookies, ...replayCookies])) {
        if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        return sent;
      }
      const etag = etagOf(pieces);
      headers.set("ETag", holed ? filledEtag(etag, ticket.fills) : etag);
      headers.set("Cache-Control", section!.shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      headers.append("Vary", "Cookie");
      store.keep(ticket, { status, headers, pieces, etag, holed }, replayCookies);
      return sent;
    },

    /** Gives the cache Remix's document handler, with which it renders member templates (decision 120). */
    renderMemberTemplatesWith: members.renderWith,
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
  // Who writes is known before the action runs (a session's read: a write's only), so they are forgotten as the head
  // is written, before the browser can ask for the page the answer names (a forget still on its way could lose).
  void writerOf(req).then((forgetThem) => {
    const writeHead = res.writeHead;
    res.writeHead = function forgetting(this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
      forgetThem();
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });
}

/** Whether If-None-Match names the (weak) ETag, compared weakly, or is `*`. */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch?.split(",").some((tag) => ["*", etag.slice(2)].includes(tag.trim().replace(/^W\//, "")));

/** Answers a kept page (or 304): its stored headers, this response's ETag and body. */
function answer(req: ExpressRequest, res: ExpressResponse, { entry, etag, body }: Hit) {
  res.setHeaders(entry.headers);
  res.setHeader("ETag", etag);
  res.setHeader("Age", Math.floor((Date.now() - entry.storedAt) / 1000));
  res.setHeader("X-Page-Cache", "hit");
  if (matches(req.headers["if-none-match"], etag)) {
    // The browser keeps its copy, with the nonce that copy's own CSP header names: a 304 must not bring a
    // new Content-Security-Policy (it would replace the stored one and block the stored page's scripts).
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    return res.end();
  }
  const sent = body();
  res.statusCode = entry.status;
  res.setHeader(
    "Content-Length",
    sent.reduce((length, part) => length + part.byteLength, 0),
  );
  // One write each, corked: sent together (writev) without joining a copy of the whole page per response.
  res.cork();
  for (const part of sent) res.write(part);
  res.end();
}
