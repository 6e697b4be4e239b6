import type { Request as ExpressRequest } from "express";
import { isDatabaseUnavailable, listenForNotifications } from "#db/client.server";
import { env } from "~/utils/env.server";
import { visitorIdOfRequest } from "~/utils/visitor.server";

/**
 * The channel on which migration 0007's triggers announce, at commit, a change to what a visitor saved (their
 * preferences, their angel readings): the visitor ids it touched, space-separated, or `*` for too many to name.
 */
export const VISITOR_CHANGED = "visitor_changed";

/** What one memo remembers per visitor or member id, in parts (a member's topic list, their notifications link). */
export type Memo<T> = {
  /** The part's value for this id: `read`'s, remembered until the id changes (or for at most the page cache's TTL). */
  get(id: string, part: string, read: () => Promise<T>): Promise<T>;
  /** How many ids it remembers now. */
  readonly size: number;
};
export type VisitorMemo<T> = { get(visitorId: string): Promise<T>; readonly size: number };

type Forgetting = { forget(id: string): void; clear(): void };
/** A channel's memos: those that forget the ids it names (`byId`) and those it clears whole; who writes, for them. */
type Channel = {
  byId: Set<Forgetting>;
  whole: Set<Forgetting>;
  listening: boolean;
  subscribing: boolean;
  writerOf?: (req: ExpressRequest) => Promise<string | null>;
};
const channels = new Map<string, Channel>();

function channel(name: string): Channel {
  if (!channels.has(name))
    channels.set(name, { byId: new Set(), whole: new Set(), listening: false, subscribing: false });
  return channels.get(name)!;
}

/**
 * A memory of what the page cache reads of each returning visitor or member before answering their kept page
 * (decisions 128, 460): the read costs a database round trip per view that is most of what the view costs, and what
 * it reads changes only when someone changes what it shows.
 *
 * - **Exact:** an id is forgotten when a change to their data commits, in every server process (`forgetOn`: the
 *   tables' triggers announce the ids they touched, so a write from anywhere counts), and at once in the process
 *   that answered a write of theirs (`writerOf`, asked by the middleware for a request other than a GET; `forget`
 *   for a write the domain makes itself), so its own next response shows the change. A notification on a `clearOn`
 *   channel (a change every id's parts may show) forgets everyone. A read in flight is remembered as its promise and
 *   forgotten with it: no read begun before a change is kept after it.
 * - **Heard or not at all:** entries are kept only while every channel of the memo is listened to; (re)listening
 *   forgets everything (what changed meanwhile is unknown). While the database is unreachable nothing can change,
 *   so what is remembered stays valid, as with the page cache's kept pages.
 * - **Bounded:** at most `maxEntries` ids (the least recently used goes first) of at most `maxParts` parts each, each
 *   for at most the page cache's TTL (`PAGE_CACHE_SECONDS`; 0 turns the memo off with the cache). A failed read is
 *   not remembered.
 * - **Shared, so frozen:** every request gets the same value; an object is frozen so that no caller can change what
 *   the next one sees (and a caller may memoise what it derives from it, by the object).
 */
export function createMemo<T>({
  forgetOn,
  clearOn = [],
  writerOf,
  maxEntries = 10_000,
  maxParts = 32,
  ttlSeconds = env.PAGE_CACHE_SECONDS,
}: {
  forgetOn: string;
  clearOn?: string[];
  writerOf?: (req: ExpressRequest) => Promise<string | null>;
  maxEntries?: number;
  maxParts?: number;
  ttlSeconds?: number;
}): Memo<T> {
  const entries = new Map<string, Map<string, { value: Promise<T>; storedAt: number }>>();
  const memo: Forgetting = { forget: (id) => entries.delete(id), clear: () => entries.clear() };
  channel(forgetOn).byId.add(memo);
  for (const name of clearOn) channel(name).whole.add(memo);
  if (writerOf) channel(forgetOn).writerOf = writerOf;
  const heard = [forgetOn, ...clearOn];
  return {
    get(id, part, read) {
      if (ttlSeconds === 0) return read();
      if (!heard.map(ensureListening).every(Boolean)) return read();
      const now = Date.now();
      let parts = entries.get(id);
      entries.delete(id);
      if (!parts && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(id, (parts ??= new Map()));
      const kept = parts.get(part);
      parts.delete(part);
      if (kept && now - kept.storedAt < ttlSeconds * 1000) {
        parts.set(part, kept);
        return kept.value;
      }
      if (parts.size >= maxParts) parts.delete(parts.keys().next().value!);
      const entry = { value: read().then(deepFreeze), storedAt: now };
      parts.set(part, entry);
      entry.value.catch(() => {
        if (parts.get(part) !== entry) return;
        parts.delete(part);
        if (parts.size === 0 && entries.get(id) === parts) entries.delete(id);
      });
      return entry.value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** A memo of one read per visitor id, forgotten when the visitor saves something (decision 128). */
export function createVisitorMemo<T extends object>({
  read,
  ...options
}: {
  read: (visitorId: string) => Promise<T>;
  maxEntries?: number;
  ttlSeconds?: number;
}): VisitorMemo<T> {
  const memo = createMemo<T>({ forgetOn: VISITOR_CHANGED, writerOf: visitorIdOfRequest, ...options });
  return {
    get: (visitorId) => memo.get(visitorId, "", () => read(visitorId)),
    get size() {
      return memo.size;
    },
  };
}

/** Forgets an id in every memo that forgets on `name` (what that channel's notification of it does). */
export function forgetIn(name: string, id: string): void {
  for (const memo of channels.get(name)?.byId ?? []) memo.forget(id);
}

/** A visitor's write answered in this process: what `forgetIn(VISITOR_CHANGED, …)` does. */
export function visitorChanged(visitorId: string): void {
  forgetIn(VISITOR_CHANGED, visitorId);
}

/**
 * Who a request that may write is, on each channel that knows how to tell (the visitor id; the signed-in member),
 * read at the request's start: the returned function forgets them, called once the answer's head is written (its
 * action committed).
 */
export function writerOf(req: ExpressRequest): Promise<() => void> {
  const named = [...channels].flatMap(([name, { writerOf: of }]) =>
    of
      ? [
          of(req)
            .then((id) => (id ? () => forgetIn(name, id) : null))
            .catch(() => null),
        ]
      : [],
  );
  return Promise.all(named).then((forgets) => () => forgets.forEach((forget) => forget?.()));
}

/** Whether the memos remember anything now: the process hears visitors' changes (it starts listening if not yet). */
export function hearsVisitorChanges(): boolean {
  return ensureListening(VISITOR_CHANGED);
}

function forgetEveryone(name: string): void {
  const { byId, whole } = channel(name);
  for (const memo of [...byId, ...whole]) memo.clear();
}

/** LISTEN once per process and channel (re-established by the database monitor after an outage), as the cache does. */
function ensureListening(name: string): boolean {
  const state = channel(name);
  if (state.listening || state.subscribing) return state.listening;
  state.subscribing = true;
  const heard = (payload: string) => {
    for (const memo of state.whole) memo.clear();
    if (payload === "*") return forgetEveryone(name);
    for (const id of payload.split(" ")) if (id) forgetIn(name, id);
  };
  listenForNotifications(name, heard, {
    onListen: () => {
      forgetEveryone(name);
      state.listening = true;
    },
    onLost: () => {
      state.listening = false;
      state.subscribing = false;
      forgetEveryone(name);
    },
  }).catch((error: unknown) => {
    if (!isDatabaseUnavailable(error)) console.error(`[page-cache memo] cannot listen on ${name}:`, error);
    state.subscribing = false;
  });
  return false;
}

function deepFreeze<V>(value: V): V {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
