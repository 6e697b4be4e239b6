import type { IncomingMessage, ServerResponse } from "node:http";
import { isDatabaseUnavailable, listenForNotifications } from "#db/client.server";

/**
 * A memory cache of whole pages for signed-out visitors (what Discourse calls its anonymous cache): the page is
 * rendered once and then served as it was, for up to `ttlSeconds`, until the data it shows changes. A change is
 * announced by PostgreSQL (a trigger's NOTIFY on `channel` at commit, whichever process or script made it), and
 * clears the cache of every server process. The TTL bounds what a lost notification could leave stale.
 *
 * Only a GET for one of `paths`, from a visitor without cookies other than `neutralCookies`, rendered with status
 * 200 and no cookie of its own, is kept. The page carries no per-visitor data (the root loader keeps the visitor
 * id in its cookie only); the CSP nonce, the one per-request value, is replaced by the request's own on a hit.
 * Keys include the Host (links and meta tags are built from it when PUBLIC_URL is unset).
 */
export type PageCacheOptions = {
  paths: RegExp[];
  channel: string;
  ttlSeconds: number;
  neutralCookies?: string[];
  maxEntries?: number;
  maxEntryBytes?: number;
};

type Entry = { storedAt: number; status: number; headers: [string, string][]; parts: Buffer[] };

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache({
  paths,
  channel,
  ttlSeconds,
  neutralCookies = ["visitor"],
  maxEntries = 500,
  maxEntryBytes = 1024 * 1024,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const enabled = ttlSeconds > 0;
  let listeningOn = false;
  let listening = false;
  const stats = { hits: 0, stores: 0, clears: 0 };
  /** Bumped by every clear: a page whose rendering began before a clear may show what changed, and is not kept. */
  let generation = 0;

  function clear() {
    entries.clear();
    generation += 1;
    stats.clears += 1;
  }

  /**
   * LISTEN on the channel (a connection of its own, re-established after an outage); nothing is served before.
   * While the database is unreachable no change can be made, so the pages kept stay valid and are served.
   */
  function ensureListening() {
    if (listeningOn) return;
    listeningOn = true;
    listening = false;
    clear();
    listenForNotifications(channel, () => clear(), {
      onListen: () => {
        // (Re)connected: whatever happened while not listening is unknown.
        clear();
        listening = true;
      },
      onLost: () => {
        listeningOn = false;
        listening = false;
      },
    }).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) console.error(`[page-cache] cannot listen on ${channel}:`, error);
      listeningOn = false;
    });
  }

  function cacheablePath(pathname: string): boolean {
    return paths.some((pattern) => pattern.test(pathname));
  }

  function anonymous(cookieHeader: string | null | undefined): boolean {
    if (!cookieHeader) return true;
    return cookieHeader.split(";").every((pair) => {
      const name = pair.split("=", 1)[0]!.trim();
      return !name || neutralCookies.includes(name);
    });
  }

  function fresh(entry: Entry | undefined): entry is Entry {
    return !!entry && Date.now() - entry.storedAt < ttlSeconds * 1000;
  }

  return {
    stats,
    clear,
    /** Read when a request starts rendering (the load context), handed back to `offer`. */
    get generation() {
      return generation;
    },

    /**
     * Express-style middleware: answers a cached page, or passes the request on. `nonce` is this request's CSP
     * nonce (already in its Content-Security-Policy header).
     */
    serve(req: IncomingMessage, res: ServerResponse, next: () => void, nonce: string) {
      if (!enabled || req.method !== "GET" || !req.url) return next();
      const pathname = req.url.split("?", 1)[0]!;
      if (!cacheablePath(pathname) || !anonymous(req.headers.cookie)) return next();
      ensureListening();
      const key = `${req.headers.host ?? ""}${req.url}`;
      const entry = entries.get(key);
      if (!listening || !fresh(entry)) {
        if (entry) entries.delete(key);
        return next();
      }
      const body = Buffer.concat(joinWith(entry.parts, Buffer.from(nonce)));
      res.statusCode = entry.status;
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      res.setHeader("Content-Length", body.byteLength);
      res.setHeader("Age", Math.floor((Date.now() - entry.storedAt) / 1000));
      res.setHeader("X-Page-Cache", "hit");
      stats.hits += 1;
      res.end(body);
    },

    /**
     * Keeps a page just rendered for `request`, when it may be served to every signed-out visitor and nothing
     * changed since its rendering began (`startedAt`, the generation then).
     */
    offer(request: Request, page: { status: number; headers: Headers; body: Buffer; nonce: string; startedAt: number }) {
      const { status, headers, body, nonce, startedAt } = page;
      if (!enabled || !listening || startedAt !== generation) return;
      if (request.method !== "GET" || status !== 200 || !nonce) return;
      const url = new URL(request.url);
      if (!cacheablePath(url.pathname) || !anonymous(request.headers.get("Cookie"))) return;
      if (body.byteLength > maxEntryBytes) return;
      const ownCookies = headers.getSetCookie().map((cookie) => cookie.split("=", 1)[0]!.trim());
      if (ownCookies.some((name) => !neutralCookies.includes(name))) return;
      const kept: [string, string][] = [];
      headers.forEach((value, name) => {
        if (name !== "set-cookie" && name !== "content-length") kept.push([name, value]);
      });
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(`${url.host}${url.pathname}${url.search}`, {
        storedAt: Date.now(),
        status,
        headers: kept,
        parts: splitOn(body, Buffer.from(nonce)),
      });
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
