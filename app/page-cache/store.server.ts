import { isDatabaseUnavailable, listenForNotifications } from "#db/client.server";
import { publicOrigin } from "~/utils/env.server";
import type { Piece } from "./pieces.server";
import type { PageSection, PageTicket } from "./section";

/** A kept page: its pieces (app/page-cache/pieces.server.ts), status, headers and ETag. */
export type Entry = {
  storedAt: number;
  status: number;
  headers: Headers;
  pieces: Piece[];
  /** the ETag of the page as kept (of its holes' fills too, per response, when `holed`) */
  etag: string;
  /** whether the kept page has a hole to fill */
  holed: boolean;
};

const MAX_ENTRIES = 500;
const MAX_ENTRY_BYTES = 1024 * 1024;

/**
 * The store: kept pages by key, the least recently used going first past `MAX_ENTRIES`, none older than
 * `ttlSeconds`; each section's generation, bumped by each clear (a page whose rendering began before a clear is not
 * kept); and the LISTEN on each section's channel, without which the section is not served from memory. While the
 * database is unreachable nothing can change, so kept pages stay valid and are served.
 */
export function createPageStore(sections: PageSection[], ttlSeconds: number) {
  const entries = new Map<string, Entry>();
  const generations = new Map(sections.map((s) => [s.name, 0]));
  const channels = [...new Set(sections.flatMap((s) => (s.channel ? [s.channel] : [])))];
  /** Each channel's LISTEN once asked for: "up" while it is heard. */
  const listens = new Map<string, "asked" | "up">();
  /** Member templates that cannot stand for a member's page (until their section changes). */
  const unusable = new Set<string>();

  function clearChannel(channel: string) {
    for (const { name } of sections.filter((s) => s.channel === channel)) {
      generations.set(name, generations.get(name)! + 1);
      for (const key of entries.keys()) if (key.startsWith(`${name}\n`)) entries.delete(key);
      for (const key of unusable) if (key.startsWith(`${name}\n`)) unusable.delete(key);
    }
  }

  /** Whether nothing in the ticket's section changed since its render began. */
  const current = (ticket: PageTicket) => ticket.generation === generations.get(ticket.section);

  return {
    unusable,
    current,

    /** LISTEN on every channel (a connection of its own, re-established after an outage). */
    ensureListening() {
      for (const channel of channels) {
        if (listens.has(channel)) continue;
        listens.set(channel, "asked");
        clearChannel(channel);
        listenForNotifications(channel, () => clearChannel(channel), {
          onListen: () => {
            // (Re)connected: whatever happened while not listening is unknown.
            clearChannel(channel);
            listens.set(channel, "up");
          },
          onLost: () => listens.delete(channel),
        }).catch((error: unknown) => {
          if (!isDatabaseUnavailable(error)) console.error(`[page-cache] cannot listen on ${channel}:`, error);
          listens.delete(channel);
        });
      }
    },

    /** Whether the section may be served from memory: it has no channel, or its channel is listened to. */
    ready: (section: PageSection) => !section.channel || listens.get(section.channel) === "up",

    /** A page's key: the section, PUBLIC_URL with the path and query (never the Host header), the variant's key. */
    keyOf: (section: PageSection, url: string, variant: string) =>
      `${section.name}\n${publicOrigin()}${url}\n${variant}`,

    /** A ticket for rendering the page under `key` now: `keep` keeps it only if its section has not changed since. */
    ticket: (key: string, section: PageSection, holes: string[], fills: Buffer[] = []): PageTicket => {
      return { key, section: section.name, generation: generations.get(section.name)!, refused: false, holes, fills };
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
     * Keeps the page rendered for `ticket` unless its section changed since, with its headers but those of each
     * response (its length, its ETag: a filled page's is this visitor's) and of its cookies only `replayed` ones.
     */
    keep(ticket: PageTicket, page: Omit<Entry, "storedAt">, replayed: string[]) {
      if (!current(ticket)) return;
      const headers = new Headers(page.headers);
      for (const name of ["set-cookie", "content-length", "etag"]) headers.delete(name);
      for (const cookie of page.headers.getSetCookie()) {
        if (replayed.includes(cookieName(cookie))) headers.append("set-cookie", cookie);
      }
      entries.delete(ticket.key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(ticket.key, { ...page, headers, storedAt: Date.now() });
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;

/** A Set-Cookie header's (or a Cookie pair's) name. */
export const cookieName = (cookie: string) => cookie.split("=", 1)[0]!.trim();

/** A document as Remix rendered it, with the nonce it was rendered with. */
export type RenderedPage = { status: number; headers: Headers; body: Buffer<ArrayBuffer>; nonce: string };

/** Whether a rendered page may be kept: not refused, a 200 with a nonce, not too big, setting only `cookies`. */
export const keepable = (ticket: PageTicket, page: RenderedPage, cookies: string[]) =>
  !ticket.refused &&
  page.status === 200 &&
  !!page.nonce &&
  page.body.byteLength <= MAX_ENTRY_BYTES &&
  page.headers.getSetCookie().every((cookie) => cookies.includes(cookieName(cookie)));
