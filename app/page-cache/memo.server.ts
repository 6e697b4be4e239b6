import { isDatabaseUnavailable, listenForNotifications } from "#db/client.server";
import { env } from "~/utils/env.server";

/**
 * The channel on which migration 0007's triggers announce, at commit, a change to what a visitor saved (their
 * preferences, their angel readings): the visitor ids it touched, space-separated, or `*` for too many to name.
 */
export const VISITOR_CHANGED = "visitor_changed";

/** What one memo remembers of returning visitors, by visitor id (decision 128). */
export type VisitorMemo<T> = {
  /** What `read` gives for this visitor, remembered until they change it (or for at most the page cache's TTL). */
  get(visitorId: string): Promise<T>;
  /** How many visitors it remembers now. */
  readonly size: number;
};

type Forgetting = { forget(visitorId: string): void; clear(): void };

/** Every memo of the process: a change is forgotten in all of them, so a write names the visitor, not the memos. */
const memos = new Set<Forgetting>();
/** Whether the process hears the channel; only then is anything remembered (else every `get` reads). */
let listening = false;
let subscribing = false;

/**
 * A memory of what the page cache reads of each returning visitor before answering their kept page (decision 128):
 * the read (their saved preferences; their saved readings) costs a database round trip per view that is most of
 * what the view costs, and what it reads changes only when the visitor saves something.
 *
 * - **Exact:** a visitor's entry is forgotten when a change to their saved data commits, in every server process
 *   (`VISITOR_CHANGED`, announced by the tables' triggers, so a write from anywhere counts), and at once in the
 *   process that answered the visitor's write (`visitorChanged`, called by the middleware when a request of theirs
 *   other than a GET answers), so its own next response shows the change. A read
 *   in flight is remembered as its promise and forgotten with it: no read begun before a change is kept after it.
 * - **Heard or not at all:** entries are kept only while the channel is listened to; (re)listening forgets
 *   everything (what changed meanwhile is unknown). While the database is unreachable nothing can change, so what is
 *   remembered stays valid, as with the page cache's kept pages.
 * - **Bounded:** at most `maxEntries` visitors (the least recently used goes first), each for at most the page
 *   cache's TTL (`PAGE_CACHE_SECONDS`; 0 turns the memo off with the cache). A failed read is not remembered.
 * - **Shared, so frozen:** every request of a visitor gets the same object; it is frozen so that no caller can
 *   change what the next one sees (and a caller may memoise what it derives from it, by the object).
 */
export function createVisitorMemo<T extends object>({
  read,
  maxEntries = 10_000,
  ttlSeconds = env.PAGE_CACHE_SECONDS,
}: {
  read: (visitorId: string) => Promise<T>;
  maxEntries?: number;
  ttlSeconds?: number;
}): VisitorMemo<T> {
  const entries = new Map<string, { value: Promise<T>; storedAt: number }>();
  memos.add({ forget: (visitorId) => entries.delete(visitorId), clear: () => entries.clear() });
  return {
    get(visitorId) {
      if (ttlSeconds === 0) return read(visitorId);
      ensureListening();
      if (!listening) return read(visitorId);
      const now = Date.now();
      const kept = entries.get(visitorId);
      entries.delete(visitorId);
      if (kept && now - kept.storedAt < ttlSeconds * 1000) {
        entries.set(visitorId, kept);
        return kept.value;
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry = { value: read(visitorId).then(deepFreeze), storedAt: now };
      entries.set(visitorId, entry);
      entry.value.catch(() => {
        if (entries.get(visitorId) === entry) entries.delete(visitorId);
      });
      return entry.value;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Called by the middleware when a visitor's request that may write (any method but GET) answers, its action
 * committed: this process forgets them now (the others when the channel's notification reaches them).
 */
export function visitorChanged(visitorId: string): void {
  for (const memo of memos) memo.forget(visitorId);
}

/** Whether the memos remember anything now: the process hears the channel (it starts listening if not yet). */
export function hearsVisitorChanges(): boolean {
  ensureListening();
  return listening;
}

function forgetEveryone(): void {
  for (const memo of memos) memo.clear();
}

function heard(payload: string): void {
  if (payload === "*") return forgetEveryone();
  for (const visitorId of payload.split(" ")) if (visitorId) visitorChanged(visitorId);
}

/** LISTEN once per process (re-established by the database monitor after an outage), as the page cache does. */
function ensureListening(): void {
  if (listening || subscribing) return;
  subscribing = true;
  listenForNotifications(VISITOR_CHANGED, heard, {
    onListen: () => {
      forgetEveryone();
      listening = true;
    },
    onLost: () => {
      listening = false;
      subscribing = false;
      forgetEveryone();
    },
  }).catch((error: unknown) => {
    if (!isDatabaseUnavailable(error)) console.error(`[visitor-memo] cannot listen on ${VISITOR_CHANGED}:`, error);
    subscribing = false;
  });
}

function deepFreeze<V>(value: V): V {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
