import { isDatabaseUnavailable, listenForNotifications } from "#db/client.server";
import type { Piece } from "./pieces.server";
import type { PageSection, PageTicket } from "./section";

/** A kept page: its pieces (app/page-cache/pieces.server.ts), status, headers and ETag. */
export type Entry = {
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

/**
 * The store: kept pages by key (`section`, the public origin with the path and query, the variant), the least
 * recently used going first past `maxEntries`, none older than `ttlSeconds`; each section's generation, bumped by
 * each clear (a page whose rendering began before a clear is not kept); and the LISTEN on each section's channel,
 * without which the section is not served from memory. While the database is unreachable nothing can change, so
 * kept pages stay valid and are served.
 */
export function createPageStore({
  sections,
  ttlSeconds,
  maxEntries,
  replayCookies,
}: {
  sections: PageSection[];
  ttlSeconds: number;
  maxEntries: number;
  replayCookies: string[];
}) {
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, stores: 0, clears: 0, notModified: 0 };
  const generations = new Map(sections.map((s) => [s.name, 0]));
  const channels = [...new Set(sections.flatMap((s) => (s.channel ? [s.channel] : [])))];
  const listening = new Map<string, boolean>();
  const subscribed = new Set<string>();
  /** Member templates that cannot stand for a member's page (until their section changes). */
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

  return {
    stats,
    clear,
    unusable,

    /** LISTEN on every channel (a connection of its own, re-established after an outage). */
    ensureListening() {
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
    },

    /** Whether the section may be served from memory: it has no channel, or its channel is listened to. */
    ready(section: PageSection) {
      return !section.channel || listening.get(section.channel) === true;
    },

    generation(section: string) {
      return generations.get(section)!;
    },

    /** The kept page under `key` if it is young enough (an old one is dropped), made the most recently used. */
    fresh(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (Date.now() - entry.storedAt >= ttlSeconds * 1000) return undefined;
      entries.set(key, entry);
      return entry;
    },

    has: (key: string) => entries.has(key),

    /**
     * Keeps a page under `key`, with its headers but those of each response (its length, its ETag: a filled page's
     * is this visitor's) and its cookies but the replayed ones (a visitor's page: a member template sets none).
     */
    keep(key: string, page: Omit<Entry, "storedAt" | "headers"> & { headers: Headers }) {
      const kept: [string, string][] = [];
      page.headers.forEach((value, name) => {
        if (name !== "set-cookie" && name !== "content-length" && name !== "etag") kept.push([name, value]);
      });
      if (!page.member) {
        for (const cookie of page.headers.getSetCookie()) {
          if (replayCookies.includes(cookieName(cookie))) kept.push(["set-cookie", cookie]);
        }
      }
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { ...page, storedAt: Date.now(), headers: kept });
      stats.stores += 1;
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;

/** A Set-Cookie header's (or a Cookie pair's) name. */
export const cookieName = (cookie: string) => cookie.split("=", 1)[0]!.trim();

/** A document as Remix rendered it, with the nonce it was rendered with. */
export type RenderedPage = { status: number; headers: Headers; body: Buffer<ArrayBuffer>; nonce: string };

/** Whether a rendered page may be kept: not refused, a 200 with a nonce, not too big, setting only `cookies`. */
export const keepable = (ticket: PageTicket, page: RenderedPage, cookies: string[], maxBytes: number) =>
  !ticket.refused &&
  page.status === 200 &&
  !!page.nonce &&
  page.body.byteLength <= maxBytes &&
  page.headers.getSetCookie().every((cookie) => cookies.includes(cookieName(cookie)));
