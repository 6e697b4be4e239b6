import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, listenForNotifications, rawSql } from "#db/client.server";
import { angelReadings, preferences } from "#db/schema";
import {
  VISITOR_CHANGED,
  createMemo,
  createVisitorMemo,
  hearsVisitorChanges,
  visitorChanged,
  type VisitorMemo,
} from "~/page-cache/memo.server";
import { createPageCache } from "~/page-cache/middleware.server";
import { savePreferences } from "~/preferences/preferences.server";
import { angelReadingRow } from "./helpers/angel";

/**
 * What the page cache remembers of returning visitors (decision 128): one read per visitor until they save
 * something; forgotten at once by the process that wrote, and by every process when the tables' triggers
 * (migration 0007) announce the change at commit, whoever made it; a read in flight during a change is not kept;
 * bounded; failures not kept; shared values frozen.
 */
const heard: string[] = [];
let stopListening: (() => Promise<void>) | undefined;

beforeAll(async () => {
  stopListening = await listenForNotifications(VISITOR_CHANGED, (payload) => heard.push(payload));
  await vi.waitFor(() => expect(hearsVisitorChanges()).toBe(true));
});

afterAll(async () => {
  await stopListening?.();
});

/** A memo over the visitor's saved preferences row (or null), counting its reads. */
function countingMemo(options: { maxEntries?: number; ttlSeconds?: number } = {}) {
  const reads: string[] = [];
  const memo = createVisitorMemo({
    ...options,
    read: async (sessionId) => {
      reads.push(sessionId);
      const [row] = await db.select().from(preferences).where(eq(preferences.sessionId, sessionId));
      return { keywords: row?.keywords ?? null, tags: [row?.style ?? null] };
    },
  });
  return { memo, reads };
}

/** A POST of the visitor through the page cache's middleware, answered (its head written), as server.ts runs it. */
async function answerWriteOf(visitorId: string, headers: Record<string, string> = {}) {
  const cache = createPageCache({ sections: [], ttlSeconds: 30 });
  const req = {
    method: "POST",
    url: "/",
    headers: { "x-session-id": visitorId, ...headers },
  } as unknown as ExpressRequest;
  const res = { locals: {}, writeHead: () => res } as unknown as ExpressResponse;
  await new Promise<void>((resolve) => void cache.serve(req, res, () => resolve(), "nonce"));
  await new Promise((resolve) => setTimeout(resolve, 0)); // the id, read at the request's start
  res.writeHead(303);
  await Promise.resolve();
  await Promise.resolve();
}

const keywordsOf = async (memo: VisitorMemo<{ keywords: string | null }>, id: string) => (await memo.get(id)).keywords;

describe("the visitor memo (decision 128)", () => {
  it("reads a visitor once, shares one frozen value, and re-reads at once after this process's own write", async () => {
    const { memo, reads } = countingMemo();
    const id = randomUUID();
    heard.length = 0;
    await savePreferences({ sessionId: id, style: "poetic", composition: "brief", keywords: "first" });
    await vi.waitFor(() => expect(heard).toContain(id)); // its own notification, heard later, would forget again
    const [a, b] = await Promise.all([memo.get(id), memo.get(id)]);
    expect(a).toBe(b);
    expect(await memo.get(id)).toBe(a);
    expect(reads).toEqual([id]);
    expect(Object.isFrozen(a) && Object.isFrozen(a.tags)).toBe(true);
    expect(() => (a.tags as unknown[]).push("x")).toThrow(TypeError);

    // The process that answers a write of the visitor (any method but GET) forgets them as the answer's head is
    // written (the page cache's middleware), before any notification: the very next read reads again.
    await answerWriteOf(id);
    expect(await keywordsOf(memo, id)).toBe("first");
    expect(reads).toEqual([id, id]);
    expect(reads).toEqual([id, id]);
  });

  it("forgets a visitor when another process's change commits, and only that visitor", async () => {
    const { memo, reads } = countingMemo();
    const [changed, untouched] = [randomUUID(), randomUUID()];
    heard.length = 0;
    await db.insert(preferences).values([
      { sessionId: changed, keywords: "before" },
      { sessionId: untouched, keywords: "kept" },
    ]);
    // The insert's own notification (it names both) heard first: it would forget what is read before it arrives.
    await vi.waitFor(() => expect(heard.some((payload) => payload.includes(untouched))).toBe(true));
    expect(await keywordsOf(memo, changed)).toBe("before");
    expect(await keywordsOf(memo, untouched)).toBe("kept");

    // Written as another server process would: no call into this process, only the trigger's notification.
    await db.update(preferences).set({ keywords: "after" }).where(eq(preferences.sessionId, changed));
    await vi.waitFor(async () => expect(await keywordsOf(memo, changed)).toBe("after"));
    expect(await keywordsOf(memo, untouched)).toBe("kept");
    // Only the changed visitor is forgotten. Other test files write to the same database at the same time: a change
    // of theirs too large to name its visitors ("*") forgets everyone, the untouched visitor too (a second read).
    const untouchedReads = reads.filter((id) => id === untouched).length;
    expect(untouchedReads).toBe(heard.includes("*") ? Math.max(untouchedReads, 1) : 1);
    expect(untouchedReads).toBeLessThanOrEqual(2);
  });

  it("the triggers name every visitor a statement touched, in both tables, for inserts, updates and deletes", async () => {
    const [one, two] = [randomUUID(), randomUUID()];
    const expectHeard = (ids: string[]) =>
      vi.waitFor(() => expect(heard.some((payload) => ids.every((id) => payload.split(" ").includes(id)))).toBe(true));
    heard.length = 0;
    await db
      .insert(angelReadings)
      .values([angelReadingRow(one, "111"), angelReadingRow(two, "222"), angelReadingRow(one, "333")]);
    await expectHeard([one, two]);
    // One notification for the statement, each visitor named once.
    const payload = heard.find((p) => p.includes(one))!;
    expect(payload.split(" ").sort()).toEqual([one, two].sort());

    heard.length = 0;
    await db.update(angelReadings).set({ sessionId: two }).where(eq(angelReadings.sessionId, one));
    await expectHeard([one, two]); // moved from one visitor to another: both change
    heard.length = 0;
    await db.delete(angelReadings).where(eq(angelReadings.sessionId, two));
    await expectHeard([two]);
    heard.length = 0;
    await db.delete(preferences).where(eq(preferences.sessionId, randomUUID())); // touches nothing
    await db.insert(preferences).values({ sessionId: one });
    await expectHeard([one]);
    expect(heard.filter((p) => p.includes(one) || p.includes(two))).toEqual([one]);
  });

  it("a change too large to name every visitor forgets everyone", async () => {
    const { memo, reads } = countingMemo();
    const bystander = randomUUID();
    await memo.get(bystander);
    const many = Array.from({ length: 250 }, () => randomUUID()); // 250 ids: past the payload's 7000 bytes
    heard.length = 0;
    await db.insert(angelReadings).values(many.map((id) => angelReadingRow(id, "999")));
    await vi.waitFor(() => expect(heard).toContain("*"));
    await memo.get(bystander);
    expect(reads).toEqual([bystander, bystander]);
    heard.length = 0;
    await db.delete(angelReadings).where(inArray(angelReadings.sessionId, many));
    await vi.waitFor(() => expect(heard).toContain("*")); // heard now, not during the next test
  });

  it("a read in flight when the visitor changes is not kept for the next request", async () => {
    const id = randomUUID();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const memo = createVisitorMemo({
      read: async () => {
        const n = ++reads;
        if (n === 1) await gate;
        return { read: n };
      },
    });
    const inFlight = memo.get(id);
    visitorChanged(id); // the change commits while the first read is under way
    release();
    expect(await inFlight).toEqual({ read: 1 }); // that request's own answer
    expect(await memo.get(id)).toEqual({ read: 2 });
    expect(await memo.get(id)).toEqual({ read: 2 });
  });

  it("is bounded (least recently used goes first), keeps no failed read, and is off with the page cache", async () => {
    const { memo, reads } = countingMemo({ maxEntries: 2 });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await memo.get(a);
    await memo.get(b);
    await memo.get(a); // a used last: b goes when c comes
    await memo.get(c);
    expect(memo.size).toBe(2);
    await memo.get(a);
    await memo.get(b);
    expect(reads).toEqual([a, b, c, b]);

    let fail = true;
    const flaky = createVisitorMemo({
      read: async () => {
        if (fail) throw new Error("connection lost");
        return { ok: true };
      },
    });
    const id = randomUUID();
    await expect(flaky.get(id)).rejects.toThrow("connection lost");
    expect(flaky.size).toBe(0);
    fail = false;
    expect(await flaky.get(id)).toEqual({ ok: true });

    const off = countingMemo({ ttlSeconds: 0 });
    await off.memo.get(a);
    await off.memo.get(a);
    expect(off.reads).toEqual([a, a]);
    expect(off.memo.size).toBe(0);
  });

  it("remembers for at most the TTL", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { memo, reads } = countingMemo({ ttlSeconds: 30 });
      const id = randomUUID();
      await memo.get(id);
      vi.setSystemTime(Date.now() + 29_000);
      await memo.get(id);
      vi.setSystemTime(Date.now() + 2_000);
      await memo.get(id);
      expect(reads).toEqual([id, id]);
    } finally {
      vi.useRealTimers();
    }
  });
});

// The trigger's SQL reads the statement's rows, so it must not fail for a statement that changes none, nor announce
// an empty change (other test files share the database, so only an empty payload can be told apart).
it("a statement that changes no row announces nothing and fails nothing", async () => {
  heard.length = 0;
  await db.execute(sql`update angel_readings set number = number where false`);
  await db.execute(sql`delete from preferences where false`);
  const marker = randomUUID();
  await db.insert(preferences).values({ sessionId: marker });
  await vi.waitFor(() => expect(heard).toContain(marker));
  expect(heard).not.toContain("");
});

describe("a memo in parts, of members (decision 460)", () => {
  it("keeps each part per id, forgets an id named on its channel or by its writer, and everyone on a clearing one", async () => {
    const [forgetOn, clearOn] = ["test_member_changed", "test_all_changed"];
    let reads = 0;
    const memo = createMemo<{ read: number }>({
      forgetOn,
      clearOn: [clearOn],
      writerOf: (req) => Promise.resolve((req.headers["x-member"] as string | undefined) ?? null),
    });
    const read = () => Promise.resolve({ read: ++reads });
    await vi.waitFor(async () => {
      await memo.get("7", "warm", read);
      expect(await memo.get("7", "warm", read)).toEqual(await memo.get("7", "warm", read)); // heard: remembered
    });
    const [list, link] = [await memo.get("7", "list", read), await memo.get("7", "link", read)];
    const other = await memo.get("8", "list", read);
    expect(await memo.get("7", "list", read)).toBe(list);
    expect(await memo.get("7", "link", read)).toBe(link);
    expect(list).not.toBe(link);

    // Named on its channel (as migration 0022's triggers name members): that member only, every part of theirs.
    await rawSql()`select pg_notify(${forgetOn}, '7 99')`;
    await vi.waitFor(async () => expect(await memo.get("7", "list", read)).not.toBe(list));
    expect(await memo.get("8", "list", read)).toBe(other);

    // A write of theirs answered by this process: forgotten before any notification.
    const again = await memo.get("8", "list", read);
    await answerWriteOf(randomUUID(), { "x-member": "8" });
    expect(await memo.get("8", "list", read)).not.toBe(again);

    // Anything on a clearing channel (the forum changed): everyone.
    const [seven, eight] = [await memo.get("7", "list", read), await memo.get("8", "list", read)];
    await rawSql()`select pg_notify(${clearOn}, 'forum_posts')`;
    await vi.waitFor(async () => expect(await memo.get("7", "list", read)).not.toBe(seven));
    expect(await memo.get("8", "list", read)).not.toBe(eight);
  });
});
