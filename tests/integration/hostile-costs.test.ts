import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, rawSql } from "#db/client.server";
import { models3d } from "#db/schema";
import { runConversionWorker } from "~/models3d/conversion.server";
import { STORE_FULL_MESSAGE } from "~/models3d/upload.server";
import { inspectZip, ZIP_LIMITS } from "~/models3d/zip-inspect.server";
import { BUDGET_SPENT_NOTICE, PAID_BUDGET_KEY } from "~/utils/paid-budget.server";
import { startAppServer } from "../../scripts/app-server";
import { startOpenAIStandIn, type OpenAIStandIn } from "../stand-ins/openai";
import { cookieFor, member } from "./forum-helpers";
import { deflatedZip, meshy3mf } from "./hostile-zip";

/**
 * Costly work limited per person, the astrology reading cache and the daily budget of paid calls, upload quotas,
 * the storage cap, zip inspection and the converter's memory bound (issue 14, decisions 094 and 095), through the
 * real server where a visitor meets them. Needs a build (npm test makes one).
 */
const unique = () => Math.random().toString(36).slice(2, 10);
let address = 0;
const run = Math.floor(Math.random() * 250);
/** A fresh client address per test and run (the server trusts X-Forwarded-For from loopback). */
const newAddress = () => `10.${run}.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe("zip inspection before inflating", () => {
  it("refuses a 3MF whose model inflates past the limits (a zip bomb) with a clear message", async () => {
    const verdict = await inspectZip(meshy3mf(3_000_000));
    expect(verdict).toEqual({
      ok: false,
      message: 'The archive is refused: a file in it expands more than 100 times (a "zip bomb").',
    });
    const total = await inspectZip(meshy3mf(50_000), { ...ZIP_LIMITS, maxRatio: 10_000, maxTotalBytes: 1024 * 1024 });
    expect(total).toEqual({ ok: false, message: "The archive expands to 2 MB; at most 1 MB are accepted." });
  });

  it("refuses `..` and absolute names, too many entries, and an archive that lies about its sizes", async () => {
    const data = Buffer.from("hello");
    expect(await inspectZip(deflatedZip([{ name: "../../etc/passwd", data }]))).toEqual({
      ok: false,
      message: 'The archive holds a file with an unsafe path ("../../etc/passwd").',
    });
    expect((await inspectZip(deflatedZip([{ name: "/abs/model", data }]))).ok).toBe(false);
    expect((await inspectZip(deflatedZip([{ name: "C:\\model", data }]))).ok).toBe(false);
    const many = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}`, data }));
    expect(await inspectZip(deflatedZip(many), { ...ZIP_LIMITS, maxEntries: 4 })).toEqual({
      ok: false,
      message: "The archive holds 5 files; at most 4 are accepted.",
    });
    const liar = deflatedZip([
      { name: "3D/3dmodel.model", data: Buffer.alloc(4 * 1024 * 1024, 0x20), claimedSize: 1000 },
    ]);
    expect(await inspectZip(liar)).toEqual({
      ok: false,
      message: "The archive is refused: its files are damaged or larger than the archive says.",
    });
    expect(await inspectZip(meshy3mf(300))).toMatchObject({ ok: true, entries: 3 });
  });

  it("bounds the converter's memory in its own process: a model past the limit fails its job, the next one converts", async () => {
    const before = process.memoryUsage().rss;
    const big = await runConversionWorker({ bytes: meshy3mf(3_000_000), ext: "3mf", title: "bomb", memoryMb: 64 });
    expect(big.ok).toBe(false);
    const small = await runConversionWorker({ bytes: meshy3mf(300), ext: "3mf", title: "small", memoryMb: 64 });
    expect(small.ok).toBe(true);
    // The inflated model lived in the child process, not here.
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
  }, 120_000);
});

describe("through the server", () => {
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  let standIn: OpenAIStandIn | undefined;
  let base = "";

  beforeAll(async () => {
    expect(existsSync(path.resolve(import.meta.dirname, "../../build/index.js")), "run `npm run build` first").toBe(
      true,
    );
    // The day's budget and cached readings are the site's own: start this run from a clean day.
    await rawSql()`delete from rate_limits where key = ${PAID_BUDGET_KEY}`;
    await rawSql()`delete from astrology_reading_cache`;
    standIn = await startOpenAIStandIn();
    standIn.setChat({
      kind: "json",
      answer: { reading: "The Sun in your sign asks for steady warmth and clear purpose." },
    });
    server = await startAppServer(
      {
        OPENAI_API_KEY: "test-key",
        OPENAI_BASE_URL: standIn.baseURL,
        // Speech stays offline (eSpeak) even with OpenAI configured for text: Murf/OpenAI voices are not asked.
        TTS_RATE_LIMIT: "2",
        PAID_CALLS_DAILY_BUDGET: "3",
        MODELS3D_ANONYMOUS_DAILY_MB: "1",
        MODELS3D_MEMBER_DAILY_MB: "4",
        MODELS3D_STORAGE_CAP_MB: "2",
        DATA_DIR: path.resolve(".data-test", `hostile-costs-${unique()}`),
      },
      { stderr: "inherit" },
    );
    base = server.base;
  });

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  const chatCalls = () => standIn!.requests.filter((r) => r.path === "/v1/chat/completions").length;

  it("serves a reading on /astrology/{planet} from the cache on reload, and says so when the day's budget is spent", async () => {
    const ip = newAddress();
    const visit = (planet: string, sessionCookie?: string) =>
      fetch(`${base}/astrology/${planet}`, {
        headers: { "X-Forwarded-For": ip, ...(sessionCookie ? { Cookie: sessionCookie } : {}) },
      });
    const first = await visit("Sun");
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await first.text()).toContain("steady warmth and clear purpose");
    const calls = chatCalls();
    expect(calls).toBeGreaterThanOrEqual(1);
    // Reloads (and another visitor with the same preferences) are not new provider calls.
    for (let i = 0; i < 3; i++) expect(await (await visit("Sun", cookie)).text()).toContain("steady warmth");
    expect(await (await visit("Sun")).text()).toContain("steady warmth");
    expect(chatCalls()).toBe(calls);

    // Spend the rest of the budget (3 calls a day), then the offline composer writes and the page says so.
    for (const planet of ["Moon", "Mars", "Venus", "Jupiter"]) await visit(planet, cookie);
    const spent = await (await visit("Saturn", cookie)).text();
    expect(spent.replaceAll("&#x27;", "'")).toContain(BUDGET_SPENT_NOTICE);
    expect(chatCalls()).toBeLessThanOrEqual(3);
  });

  it("says so on the home, angel and birth date pages and their APIs when the day's budget is spent", async () => {
    const post = (path: string, body: Record<string, string>, cookie?: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": newAddress(),
          Origin: base,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(body),
      });
    const api = async (path: string, body: unknown) =>
      (await (
        await fetch(`${base}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": newAddress(), Origin: base },
          body: JSON.stringify(body),
        })
      ).json()) as { notice?: string };
    const cookieOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    const readable = (html: string) => html.replaceAll("&#x27;", "'");

    // Whatever the other tests spent, at most 3 paid calls a day: the fourth generation is written offline.
    let answer: { notice?: string } = {};
    for (let i = 0; i < 4 && !answer.notice; i++) answer = await api("/api/generate-content", { number: 4 });
    expect(answer.notice).toBe(BUDGET_SPENT_NOTICE);
    const paidCalls = chatCalls();

    // The home page: the generation redirects to the stored reading, which says who wrote it.
    const generated = await post("/?index", { number: "4", style: "poetic", composition: "brief", keywords: "" });
    expect(generated.status).toBe(302);
    const reading = await fetch(`${base}${generated.headers.get("location")}`, {
      headers: { Cookie: cookieOf(generated) },
    });
    expect(readable(await reading.text())).toContain(BUDGET_SPENT_NOTICE);

    // The angel page: the saved reading keeps it, also when opened again from the history.
    const decoded = await post("/angel", { number: "444", style: "poetic", composition: "brief", keywords: "" });
    expect(decoded.status).toBe(302);
    const angel = await fetch(`${base}${decoded.headers.get("location")}`, { headers: { Cookie: cookieOf(decoded) } });
    expect(readable(await angel.text())).toContain(BUDGET_SPENT_NOTICE);
    expect((await api("/api/angel-numbers", { number: "111" })).notice).toBe(BUDGET_SPENT_NOTICE);

    // The birth date analysis, as the form's answer and from the API.
    const analysed = await post("/birth-date", { birthDate: "03/14/1990" });
    expect(analysed.status).toBe(200);
    expect(readable(await analysed.text())).toContain(BUDGET_SPENT_NOTICE);
    const viaApi = await api("/api/analyze-birth-date", { birthDate: "03/14/1990" });
    expect(viaApi.notice).toBe(BUDGET_SPENT_NOTICE);

    // None of these reached the provider.
    expect(chatCalls()).toBe(paidCalls);
  }, 60_000);

  it("counts speech syntheses by address, so a new x-session-id does not buy another", async () => {
    const ip = newAddress();
    const synth = (sessionId: string, from = ip) =>
      fetch(`${base}/api/tts/generate`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "x-session-id": sessionId,
          "X-Forwarded-For": from,
          Origin: base,
        },
        body: JSON.stringify({ text: `A fresh sentence to read aloud, ${randomUUID()}.` }),
      });
    expect((await synth(randomUUID())).status).toBe(200);
    expect((await synth(randomUUID())).status).toBe(200);
    const third = await synth(randomUUID());
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await third.json()).error).toMatch(/Too many requests/);
    // Another person (address) is not held back by the first one's count.
    expect((await synth(randomUUID(), newAddress())).status).toBe(200);
  }, 60_000);

  async function upload(bytes: Uint8Array, name: string, { ip, cookie }: { ip: string; cookie?: string }) {
    const body = new FormData();
    body.set("model", new Blob([Buffer.from(bytes)]), name);
    const response = await fetch(`${base}/api/3d/upload`, {
      method: "POST",
      headers: { "X-Forwarded-For": ip, Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
      body,
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as { urn?: string; error?: string },
    };
  }

  /** A binary STL of `kb` kilobytes (80-byte header, count, 50 bytes a triangle). */
  function stl(kb: number): Uint8Array {
    const triangles = Math.floor((kb * 1024 - 84) / 50);
    const bytes = new Uint8Array(84 + triangles * 50);
    new DataView(bytes.buffer).setUint32(80, triangles, true);
    return bytes;
  }

  it("refuses the zip bomb 3MF at upload with a clear message, and keeps serving", async () => {
    const ip = newAddress();
    const bomb = await upload(meshy3mf(3_000_000), "bomb.3mf", { ip });
    expect(bomb.status).toBe(413);
    expect(bomb.body.error).toBe('The archive is refused: a file in it expands more than 100 times (a "zip bomb").');
    const unsafe = await upload(deflatedZip([{ name: "../evil.model", data: Buffer.from("x") }]), "evil.3mf", { ip });
    expect(unsafe.status).toBe(413);
    expect(unsafe.body.error).toMatch(/unsafe path/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const fine = await upload(meshy3mf(300), "fine.3mf", { ip });
    expect(fine.status).toBe(201);
  });

  it("holds anonymous uploads to the address's daily allowance and members to their larger one", async () => {
    const ip = newAddress();
    expect((await upload(stl(600), "a.stl", { ip })).status).toBe(201);
    const over = await upload(stl(600), "b.stl", { ip });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(
      "Today's upload allowance of 1 MB for your address is used up. Sign in for a larger allowance, or try again tomorrow.",
    );
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Signed in, from the same address: the member's own allowance (4 MB) applies.
    const cookie = await cookieFor((await member()).id);
    expect((await upload(stl(600), "c.stl", { ip, cookie })).status).toBe(201);
  });

  it("keeps storage under its cap: the uploader's own models first, others' only once a day old (issue 33)", async () => {
    const kept = async (urn: string) =>
      (await db.select({ urn: models3d.urn }).from(models3d).where(eq(models3d.urn, urn))).length === 1;
    // What the earlier tests (and runs) stored is older than a day: it may make room.
    await rawSql()`update models3d set created_at = now() - interval '2 days' where session_id is not null`;
    const first = await upload(stl(900), "old.stl", { ip: newAddress() });
    expect(first.status).toBe(201);
    const second = await upload(stl(900), "new.stl", { ip: newAddress() });
    expect(second.status).toBe(201);
    // 2 MB cap, full of other people's models of the last day: a third person's upload is refused, none removed.
    const third = await upload(stl(900), "newest.stl", { ip: newAddress() });
    expect(third.status).toBe(503);
    expect(third.body.error).toBe(STORE_FULL_MESSAGE);
    expect(await kept(first.body.urn!)).toBe(true);
    expect(await kept(second.body.urn!)).toBe(true);
    // Once the first is a day old, it makes room (oldest first).
    await db
      .update(models3d)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(models3d.urn, first.body.urn!));
    const fourth = await upload(stl(900), "fourth.stl", { ip: newAddress() });
    expect(fourth.status).toBe(201);
    expect(await kept(first.body.urn!)).toBe(false);
    expect((await fetch(`${base}/api/3d/status/${first.body.urn}`)).status).toBe(404);
    // A member whose own upload needs room gives up their own older model, however young, not another's.
    const cookie = await cookieFor((await member()).id);
    const ip = newAddress();
    const own = await upload(stl(150), "own.stl", { ip, cookie });
    expect(own.status).toBe(201);
    expect((await upload(stl(150), "own-2.stl", { ip, cookie })).status).toBe(201);
    expect(await kept(own.body.urn!)).toBe(false);
    expect(await kept(second.body.urn!)).toBe(true);
    expect(await kept(fourth.body.urn!)).toBe(true);
  });
});
