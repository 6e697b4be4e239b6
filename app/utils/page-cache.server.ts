import { createHash } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isDatabaseUnavailable, listenForNotifications } from "#db/client.server";
import { COOKIES } from "~/utils/cookies";
import { publicOrigin } from "~/utils/env.server";
import { pageHoleTags } from "~/utils/page-hole";
import { cspNonce } from "~/utils/random-pool.server";

/**
 * A memory cache of whole pages for signed-out visitors (what Discourse calls its anonymous cache, decisions 025
 * and 100): a page is rendered once and then served as it was, until the data it shows changes, for at most
 * `ttlSeconds`. The site's public pages are grouped in sections (content, forum, astrology, numerology); each
 * section says which addresses it holds, how it is invalidated and what of the visitor its pages depend on:
 *
 * - `channel`: a PostgreSQL NOTIFY channel; a notification (sent at commit, by whichever process made the
 *   change) clears this section in every server process. Without a channel the pages change only with the
 *   build, and a new build is a new process (the cache is made once, in app/assembly/page-sections.server.ts).
 * - `vary`: what of the visitor the page shows (their saved preferences, say), resolved before rendering. Its
 *   `key` joins the cache key; its `context` reaches the loaders through the load context, so the page is
 *   rendered from exactly what the key says. `null`: this request is rendered and not kept.
 * - `shared`: the page is the same for every signed-out visitor, so a CDN may keep it briefly too
 *   (`Cache-Control: public, s-maxage`); other sections' pages are `private`.
 * - `holes` (decision 112): parts of the page that are the visitor's own, each rendered per request by the
 *   section's renderer from that request's visitor and put into the kept page's empty `<PageHole name>` element.
 *   The page is rendered once as a template: the load context's ticket names the holes (`rendersPageHole`), the
 *   loader leaves their data out and the component renders the empty element in their place. Every response of
 *   such a page, the miss that rendered it included, is filled the same way; its ETag hashes the template's with
 *   the fills, so a 304 answers only when the whole filled page is unchanged.
 * - `members` (decision 120): a signed-in member's page, kept as a template rendered as a made-up member (the
 *   template member), with that member's id and name found in it and each member's own put in per response. The
 *   section says which members (and which of their pages) a template stands for and what else of the member the
 *   page shows (a key); every other member's page is rendered for them, as is a member's page whose template is
 *   not kept yet (the template is then rendered beside it, from a request of its own that carries no cookie).
 *   The member's e-mail address is put in as their name is, and a member template may have holes too (decision
 *   122): the member's own parts of the page, each rendered per request by the section's `resolve`.
 *
 * Only a GET from a visitor without cookies other than `neutralCookies`, rendered with status 200, setting no
 * cookie but the visitor id (dropped) or a `replayCookies` one (kept: it is a function of the key), is kept, and
 * only if no loader called `doNotCache`. The CSP nonce, the one per-request value in a page, is replaced by the
 * request's own on a hit. Keys are the public origin (PUBLIC_URL, never a request's Host header), the path and
 * query, and the variant.
 * Kept pages carry a weak ETag of their text without the nonce and answer a matching If-None-Match with 304.
 */
export type Variant = { key: string; context?: Partial<AppLoadContext> };

/** Renders a hole's HTML for the visitor of this request (escaped as React escapes; "" leaves the hole empty). */
export type PageHoleRenderer = (request: ExpressRequest) => Promise<string>;

/** A member as a member template holds them: their id, name and (a page showing it) e-mail address. */
export type TemplatedMember = { id: number; name: string; email?: string | null };

/** A signed-in member's page as a section's member template stands for it (decisions 120, 122). */
export type MemberVariant = {
  /** what of the member the page shows besides their id, name, e-mail address and holes: joins the cache key */
  key: string;
  /** whose page this is: put in where the template member's id, name and e-mail address are */
  member: TemplatedMember;
  /** reaches the template's loaders through the load context, so it is rendered from exactly what the key says */
  context?: Partial<AppLoadContext>;
  /** this member's part for each of the section's member holes (`MemberTemplates.holes`), as HTML escaped by React */
  holes?: Record<string, string>;
};

export type MemberTemplates = {
  /** cookies besides the neutral ones that a member's request may carry and still be served from a template */
  cookies: string[];
  /** the template member's id, name and e-mail address: nothing else in a page may contain them */
  templateMember: TemplatedMember;
  /**
   * the member's own parts of the page (decision 122): the template leaves each empty (`rendersPageHole`) and every
   * response fills it with what `resolve` rendered for that member (`MemberVariant.holes`)
   */
  holes?: string[];
  /** the member of this request and what of them the page shows; null: this page is rendered for them */
  resolve: (request: ExpressRequest) => Promise<MemberVariant | null>;
  /** runs a template's render as the template member (every session read in it gets that member) as `variant` says */
  asTemplateMember: <T>(render: () => Promise<T>, variant: MemberVariant) => Promise<T>;
};

/** Renders a document as Remix does for a request (the page cache's own requests: member templates). */
export type DocumentRenderer = (request: Request, context: AppLoadContext) => Promise<Response>;

export type PageSection = {
  name: string;
  paths: RegExp[];
  channel?: string;
  shared?: boolean;
  vary?: (request: ExpressRequest) => Promise<Variant | null>;
  holes?: Record<string, PageHoleRenderer>;
  members?: MemberTemplates;
};

export type PageCacheOptions = {
  sections: PageSection[];
  ttlSeconds: number;
  neutralCookies?: string[];
  replayCookies?: string[];
  maxEntries?: number;
  maxEntryBytes?: number;
};

/**
 * What a request that may be kept carries through the load context to `finish`. `holes`: the section's holes, which
 * this render leaves empty for the cache to fill (a loader asks with `rendersPageHole`).
 */
export type PageTicket = {
  key: string;
  section: string;
  generation: number;
  origin: string;
  refused: boolean;
  holes: string[];
  /** a member template (decision 120), rendered as the template member by the cache's own request */
  member?: boolean;
};

/**
 * A kept page as pieces: its text, the places of the CSP nonce (NONCE), of each hole (its index in `holes`) and, in
 * a member template, of the template member's name and e-mail address in the page's text (MEMBER_NAME,
 * MEMBER_EMAIL), in its data (MEMBER_NAME_DATA, MEMBER_EMAIL_DATA: a string of the turbo-stream that Remix writes
 * into a script as a JavaScript string) and of its id (MEMBER_ID).
 */
type Piece = Buffer | number;
const NONCE = -1;
const MEMBER_NAME = -2;
const MEMBER_NAME_DATA = -3;
const MEMBER_ID = -4;
const MEMBER_EMAIL = -5;
const MEMBER_EMAIL_DATA = -6;
type MemberPiece =
  typeof MEMBER_NAME | typeof MEMBER_NAME_DATA | typeof MEMBER_ID | typeof MEMBER_EMAIL | typeof MEMBER_EMAIL_DATA;
/** A member's own for each member piece (the e-mail address's only when they have one). */
type MemberFills = Record<Exclude<MemberPiece, typeof MEMBER_EMAIL | typeof MEMBER_EMAIL_DATA>, Buffer> &
  Partial<Record<typeof MEMBER_EMAIL | typeof MEMBER_EMAIL_DATA, Buffer>>;

type Entry = {
  storedAt: number;
  status: number;
  headers: [string, string][];
  pieces: Piece[];
  /** the ETag of the page as kept (of its holes' fills too, per response, when `holed`) */
  etag: string;
  /** whether the kept page has a hole to fill */
  holed: boolean;
  /** whether it is a member template */
  member: boolean;
};

export type PageCache = ReturnType<typeof createPageCache>;

/** How long a CDN may keep a shared page, and serve it stale while it asks again. */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

/** A loader that put this visitor's own data in the page (a generated reading, a live value) keeps it out. */
export function doNotCache(context: AppLoadContext) {
  if (context.pageCache) context.pageCache.refused = true;
}

/**
 * Whether this render is the template of a kept page whose part `name` the cache fills per request (decision 112):
 * the loader then leaves that part's data out, and the component renders `<PageHole name>` in its place.
 */
export function rendersPageHole(context: AppLoadContext, name: string): boolean {
  return context.pageCache?.holes.includes(name) ?? false;
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
  /** Each section's holes: names, renderers and the empty element each is found by in a rendered page. */
  const holesOf = new Map(
    sections.map((s) => [
      s.name,
      Object.entries(s.holes ?? {}).map(([name, render]) => ({ ...holeTags(name), render })),
    ]),
  );
  /** Each section's member holes (decision 122), found alike in a member template. */
  const memberHolesOf = new Map(sections.map((s) => [s.name, (s.members?.holes ?? []).map(holeTags)]));
  /** The fills started for a page being rendered (a miss), by its ticket: `finish` puts them in. */
  const pendingFills = new WeakMap<PageTicket, Promise<Buffer[]>>();
  /** How the cache renders member templates (server.ts gives it Remix's handler); none: members' pages are rendered. */
  let renderDocument: DocumentRenderer | null = null;
  /** Member templates being rendered, and those that cannot stand for a member's page (until their section changes). */
  const building = new Set<string>();
  const unusable = new Set<string>();

  function clear(section?: string) {
    for (const s of sections) {
      if (section && s.name !== section) continue;
      generations.set(s.name, generations.get(s.name)! + 1);
      for (const key of entries.keys()) if (key.startsWith(`${s.name}\n`)) entries.delete(key);
      for (const key of unusable) if (key.startsWith(`${s.name}\n`)) unusable.delete(key);
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

  function anonymous(cookieHeader: string | null | undefined, allowed: string[] = []): boolean {
    return cookieNames(cookieHeader).every((name) => neutralCookies.includes(name) || allowed.includes(name));
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

  /** This request's part for each of the section's holes, rendered now (in parallel). */
  function renderHoles(section: PageSection, req: ExpressRequest): Promise<Buffer[]> {
    return Promise.all(holesOf.get(section.name)!.map(async (hole) => Buffer.from(await hole.render(req))));
  }

  /**
   * A rendered page as pieces: cut at each place of its nonce, inside each hole's empty element (its first in the
   * page) and, for a member template, at each place of the template member's id and name. Null when the template
   * member's name is somewhere the cache cannot put another name in (a script other than the page's data).
   */
  function piecesOf(body: Buffer, nonce: Buffer, holes: HoleTags[], member?: MemberTemplates): Piece[] | null {
    const cuts: { at: number; length: number; piece: number }[] = [];
    for (const at of placesOf(body, nonce)) cuts.push({ at, length: nonce.byteLength, piece: NONCE });
    holes.forEach((hole, index) => {
      const at = body.indexOf(hole.empty);
      if (at !== -1) cuts.push({ at: at + hole.open.byteLength, length: 0, piece: index });
    });
    if (member) {
      const memberCuts = memberCutsOf(body, member.templateMember);
      if (!memberCuts) return null;
      cuts.push(...memberCuts);
    }
    cuts.sort((a, b) => a.at - b.at);
    const pieces: Piece[] = [];
    let start = 0;
    for (const cut of cuts) {
      if (cut.at < start) return null;
      pieces.push(body.subarray(start, cut.at), cut.piece);
      start = cut.at + cut.length;
    }
    pieces.push(body.subarray(start));
    return pieces;
  }

  /** A kept page's ETag: a hash of its text without the nonce (with its holes empty). */
  function etagOf(pieces: Piece[]): string {
    const hash = createHash("sha256");
    for (const piece of pieces) {
      if (typeof piece !== "number") hash.update(piece);
      else hash.update(piece === NONCE ? "\0" : `\0hole ${piece}\0`);
    }
    return `W/"${hash.digest("base64url").slice(0, 27)}"`;
  }

  /** A filled page's ETag: the kept page's, hashed with what each hole holds in this response. */
  function filledEtag(etag: string, fills: Buffer[]): string {
    const hash = createHash("sha256").update(etag);
    for (const fill of fills) hash.update(`\0${fill.byteLength}\0`).update(fill);
    return `W/"${hash.digest("base64url").slice(0, 27)}"`;
  }

  function assemble(pieces: Piece[], nonce: Buffer, fills: Buffer[], member?: MemberFills): Buffer<ArrayBuffer> {
    return Buffer.concat(
      pieces.map((piece) =>
        typeof piece !== "number"
          ? piece
          : piece === NONCE
            ? nonce
            : piece >= 0
              ? fills[piece]!
              : member![piece as MemberPiece]!,
      ),
    );
  }

  /**
   * Keeps a page under `key` (the least recently used goes when the cache is full), with its headers but those of
   * each response (its length, its ETag: a filled page's is this visitor's) and its cookies but the replayed ones
   * (a visitor's page: a member template sets none).
   */
  function store(key: string, page: Omit<Entry, "storedAt" | "headers"> & { headers: Headers }) {
    const kept: [string, string][] = [];
    page.headers.forEach((value, name) => {
      if (name !== "set-cookie" && name !== "content-length" && name !== "etag") kept.push([name, value]);
    });
    if (!page.member) {
      for (const cookie of page.headers.getSetCookie()) {
        if (replayCookies.includes(cookie.split("=", 1)[0]!.trim())) kept.push(["set-cookie", cookie]);
      }
    }
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { ...page, storedAt: Date.now(), headers: kept });
    stats.stores += 1;
  }

  /** Answers a kept page (or 304): its stored headers, this response's ETag and body. */
  function answer(
    req: ExpressRequest,
    res: ExpressResponse,
    entry: Entry,
    etag: string,
    body: () => Buffer<ArrayBuffer>,
  ) {
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
      stats.notModified += 1;
      return res.end();
    }
    const sent = body();
    res.statusCode = entry.status;
    res.setHeader("Content-Length", sent.byteLength);
    stats.hits += 1;
    res.end(sent);
  }

  /**
   * A signed-in member's page from the section's member template (decision 120), or rendered for them (passed on)
   * when none stands for it; a missing template is rendered beside, by a request of the cache's own.
   */
  async function serveMember(
    section: PageSection & { members: MemberTemplates },
    req: ExpressRequest,
    res: ExpressResponse,
    next: (error?: unknown) => void,
    nonce: string,
  ) {
    ensureListening();
    if (!renderDocument || !ready(section)) return next();
    const variant = await section.members.resolve(req).catch(() => null);
    if (!variant) return next();
    // A hole the member's variant has no part for: the page is rendered for them (as when `resolve` fails).
    const holeFills = (section.members.holes ?? []).map((name) => variant.holes?.[name]);
    if (holeFills.some((fill) => fill === undefined)) return next();
    const origin = publicOrigin();
    const key = `${section.name}\n${origin}${req.url}\nmember ${variant.key}`;
    const entry = entries.get(key);
    if (!fresh(entry)) {
      if (entry) entries.delete(key);
      if (!unusable.has(key) && !building.has(key)) renderMemberTemplate(section, key, req.url, origin, variant);
      return next();
    }
    const member = memberFillsOf(variant.member);
    // A template showing the member's e-mail address stands only for a member who has one.
    if (entry.pieces.some((piece) => typeof piece === "number" && piece < NONCE && !member[piece as MemberPiece])) {
      return next();
    }
    entries.delete(key);
    entries.set(key, entry);
    const holes = holeFills.map((fill) => Buffer.from(fill!));
    const etag = filledEtag(entry.etag, [
      member[MEMBER_ID],
      member[MEMBER_NAME],
      member[MEMBER_EMAIL] ?? Buffer.alloc(0),
      ...holes,
    ]);
    answer(req, res, entry, etag, () => assemble(entry.pieces, Buffer.from(nonce), holes, member));
  }

  /** Renders a member template as the template member, from a request without cookies; `finish` keeps it. */
  function renderMemberTemplate(
    section: PageSection & { members: MemberTemplates },
    key: string,
    url: string,
    origin: string,
    variant: MemberVariant,
  ) {
    building.add(key);
    const ticket: PageTicket = {
      key,
      section: section.name,
      generation: generations.get(section.name)!,
      origin,
      refused: false,
      holes: section.members.holes ?? [],
      member: true,
    };
    const context: AppLoadContext = {
      ...variant.context,
      cspNonce: cspNonce(),
      requestId: "member-template",
      clientIp: "127.0.0.1",
      pageCache: ticket,
    };
    const request = new Request(`${origin}${url}`, { headers: { Accept: "text/html" } });
    section.members
      .asTemplateMember(async () => {
        const response = await renderDocument!(request, context);
        await response.arrayBuffer();
        // Not kept (a redirect, an error, a refusal): members get this page rendered for them until it changes.
        if (!entries.has(key) && ticket.generation === generations.get(section.name)) unusable.add(key);
      }, variant)
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) console.error(`[page-cache] member template of ${url}:`, error);
      })
      .finally(() => building.delete(key));
  }

  /**
   * Keeps a member template rendered by `renderMemberTemplate` (its body goes nowhere else): only a page that could
   * be kept for a visitor (a 200, no cookie of its own), whose template member is found only where the cache can put
   * a member's own in.
   */
  function keepMemberTemplate(
    ticket: PageTicket,
    section: PageSection,
    page: { status: number; headers: Headers; body: Buffer<ArrayBuffer>; nonce: string },
  ): Buffer<ArrayBuffer> {
    const { status, headers, body, nonce } = page;
    const keepable =
      !ticket.refused &&
      status === 200 &&
      !!nonce &&
      body.byteLength <= maxEntryBytes &&
      headers.getSetCookie().every((cookie) => neutralCookies.includes(cookie.split("=", 1)[0]!.trim()));
    const holes = memberHolesOf.get(section.name)!;
    const pieces = keepable ? piecesOf(body, Buffer.from(nonce), holes, section.members) : null;
    // Each member hole must be in the template, empty: a part left in it would be the template member's.
    const holed = holes.every((_, index) => pieces?.includes(index));
    if (!pieces || !holed || ticket.generation !== generations.get(section.name)) return body;
    headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    store(ticket.key, { status, headers, pieces, etag: etagOf(pieces), holed: holes.length > 0, member: true });
    return body;
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
        if (!section) return next();
        if (!anonymous(req.headers.cookie)) {
          const { members } = section;
          if (members && anonymous(req.headers.cookie, members.cookies)) {
            return await serveMember({ ...section, members }, req, res, next, nonce);
          }
          return next();
        }
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
            const holes = holesOf.get(section.name)!;
            const ticket: PageTicket = {
              key,
              section: section.name,
              generation: generations.get(section.name)!,
              origin,
              refused: false,
              holes: holes.map((hole) => hole.name),
            };
            if (holes.length > 0) {
              // Rendered while the template is; `finish` waits for them (a page that is never finished, a
              // redirect say, drops them: the catch only keeps an unused failure from being unhandled).
              const fills = renderHoles(section, req);
              fills.catch(() => {});
              pendingFills.set(ticket, fills);
            }
            res.locals.pageCache = ticket;
          }
          return next();
        }
        // This visitor's parts of the page; if one cannot be rendered the page is rendered whole, as without the cache.
        const fills = entry.holed ? await renderHoles(section, req).catch(() => null) : [];
        if (!fills) return next();
        // Least recently used goes first when the cache is full.
        entries.delete(key);
        entries.set(key, entry);
        const etag = entry.holed ? filledEtag(entry.etag, fills) : entry.etag;
        answer(req, res, entry, etag, () => assemble(entry.pieces, Buffer.from(nonce), fills));
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
     * Called with every document just rendered: fills its holes (a template, decision 112) and returns the body to
     * send; sets its Cache-Control (and ETag when it may be kept), and keeps it when it may be served to every
     * signed-out visitor with the same key and nothing changed since its rendering began.
     */
    async finish(
      request: Request,
      ticket: PageTicket | null | undefined,
      page: { status: number; headers: Headers; body: Buffer<ArrayBuffer>; nonce: string },
    ): Promise<Buffer<ArrayBuffer>> {
      const { status, headers, body, nonce } = page;
      if (!ticket) {
        if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        return body;
      }
      const section = sections.find((s) => s.name === ticket.section)!;
      if (ticket.member) return keepMemberTemplate(ticket, section, page);
      const pieces = piecesOf(body, Buffer.from(nonce), holesOf.get(section.name)!)!;
      const holed = pieces.some((piece) => typeof piece === "number" && piece >= 0);
      // A template is filled whether it is kept or not: its loader left this visitor's parts out of it.
      const fills = holed ? await pendingFills.get(ticket)! : [];
      const sent = holed ? assemble(pieces, Buffer.from(nonce), fills) : body;
      const keepable =
        !ticket.refused &&
        request.method === "GET" &&
        status === 200 &&
        !!nonce &&
        body.byteLength <= maxEntryBytes &&
        headers.getSetCookie().every((cookie) => {
          const name = cookie.split("=", 1)[0]!.trim();
          return neutralCookies.includes(name) || replayCookies.includes(name);
        });
      if (!keepable) {
        if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
        return sent;
      }
      const etag = etagOf(pieces);
      headers.set("ETag", holed ? filledEtag(etag, fills) : etag);
      headers.set("Cache-Control", section.shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      headers.append("Vary", "Cookie");
      if (ticket.generation !== generations.get(section.name)) return sent;
      store(ticket.key, { status, headers, pieces, etag, holed, member: false });
      return sent;
    },

    /** Gives the cache Remix's document handler, with which it renders member templates (decision 120). */
    renderMemberTemplatesWith(renderer: DocumentRenderer) {
      renderDocument = renderer;
    },
  };
}

/** A hole's name and the empty element it is found by in a rendered page (its fill goes after `open`). */
type HoleTags = { name: string; open: Buffer; empty: Buffer };

function holeTags(name: string): HoleTags {
  const { open, close } = pageHoleTags(name);
  return { name, open: Buffer.from(open), empty: Buffer.from(open + close) };
}

function placesOf(body: Buffer, text: Buffer): number[] {
  const places: number[] = [];
  if (text.byteLength === 0) return places;
  for (let at = body.indexOf(text); at !== -1; at = body.indexOf(text, at + text.byteLength)) places.push(at);
  return places;
}

/** A JavaScript string's escaped quote, around each string of the turbo-stream in the page's data script. */
const DATA_QUOTE = Buffer.from('\\"');

/**
 * Where a member template holds its template member (decisions 120, 122): the id, as digits wherever it is (the
 * page's data), and the name and e-mail address, each in the page's text (escaped as React escapes: they hold no
 * character React escapes, so as is) or in the page's data, as a whole turbo-stream string inside Remix's script.
 * Null when one is anywhere else.
 */
function memberCutsOf(body: Buffer, templateMember: TemplatedMember) {
  const cuts: { at: number; length: number; piece: number }[] = [];
  const id = Buffer.from(String(templateMember.id));
  const isDigit = (at: number) => at >= 0 && at < body.byteLength && body[at]! >= 0x30 && body[at]! <= 0x39;
  for (const at of placesOf(body, id)) {
    if (isDigit(at - 1) || isDigit(at + id.byteLength)) return null;
    cuts.push({ at, length: id.byteLength, piece: MEMBER_ID });
  }
  const texts: [string, number, number][] = [[templateMember.name, MEMBER_NAME, MEMBER_NAME_DATA]];
  if (templateMember.email) texts.push([templateMember.email, MEMBER_EMAIL, MEMBER_EMAIL_DATA]);
  for (const [value, inText, inData] of texts) {
    const text = Buffer.from(value);
    for (const at of placesOf(body, text)) {
      const inScript = body.lastIndexOf("<script", at) > body.lastIndexOf("</script>", at);
      if (!inScript) {
        cuts.push({ at, length: text.byteLength, piece: inText });
        continue;
      }
      const quoted =
        body.subarray(at - DATA_QUOTE.byteLength, at).equals(DATA_QUOTE) &&
        body.subarray(at + text.byteLength, at + text.byteLength + DATA_QUOTE.byteLength).equals(DATA_QUOTE);
      if (!quoted) return null;
      cuts.push({ at: at - DATA_QUOTE.byteLength, length: text.byteLength + 2 * DATA_QUOTE.byteLength, piece: inData });
    }
  }
  return cuts;
}

/** React's escaping of text and attribute values. */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** Remix's escaping of the page's data script (`escapeHtml` of @remix-run/react's markup). */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * A member's id, name and e-mail address as their page holds them: the name and address in the page's text as
 * React writes them, and in the page's data as turbo-stream writes a string (JSON), which Remix writes into a script
 * as a JavaScript string (JSON again, then escaped for HTML), quotes included (the template's cut takes the template
 * member's quotes). A member without an address has no fills for it.
 */
function memberFillsOf(member: TemplatedMember): MemberFills {
  const inText = (value: string) => Buffer.from(value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!));
  const inData = (value: string) =>
    Buffer.from(
      JSON.stringify(JSON.stringify(value))
        .slice(1, -1)
        .replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!),
    );
  const fills: MemberFills = {
    [MEMBER_ID]: Buffer.from(String(member.id)),
    [MEMBER_NAME]: inText(member.name),
    [MEMBER_NAME_DATA]: inData(member.name),
  };
  if (member.email) {
    fills[MEMBER_EMAIL] = inText(member.email);
    fills[MEMBER_EMAIL_DATA] = inData(member.email);
  }
  return fills;
}
