import { afterAll, describe, expect, it } from "vitest";
import { rawSql } from "#db/client.server";
import { closeEspeak } from "~/speech/espeak.server";
import { cookieFor, member } from "./forum-helpers";
import { serveBuildForFile } from "./helpers/built-server";

/**
 * Decision 298: read-aloud keeps no clip of a private page. A page read with cookies whose text differs from what a
 * visitor without cookies gets (a member's profile: their name and address) is spoken for that request and stored
 * nowhere: not in the shared speech cache (tts_audio, which backups copy), not in the server's memory. A public page
 * read by the same member is cached as before. Through the production server, with the offline voice.
 */
const site = serveBuildForFile();
const VOICE = "en-US-natalie";

afterAll(async () => {
  await closeEspeak();
});

async function readAloud(path: string, cookie: string) {
  const response = await fetch(`${site.base}/read-aloud?path=${encodeURIComponent(path)}&voice=${VOICE}`, {
    headers: { Cookie: cookie },
    signal: AbortSignal.timeout(120_000),
  });
  const audio = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    etag: response.headers.get("etag")!,
    cache: response.headers.get("x-speech-cache"),
    audio,
  };
}

/** Rows of the shared speech cache for a clip's ETag (its cache key's first 40 hex digits). */
async function storedRows(etag: string): Promise<number> {
  const prefix = etag.replaceAll('"', "");
  const [row] = await rawSql()<
    { n: number }[]
  >`select count(*)::int as n from tts_audio where cache_key like ${`${prefix}%`}`;
  return row!.n;
}

describe("read-aloud of private pages", () => {
  it("speaks a member's profile without keeping the clip; a public page read by the member is kept", async () => {
    const reader = await member({ verified: true });
    const cookie = await cookieFor(reader.id);

    const first = await readAloud("/user-profile", cookie);
    expect(first.status).toBe(200);
    expect(first.audio.byteLength).toBeGreaterThan(1000);
    expect(first.cache).toBe("miss");
    expect(await storedRows(first.etag)).toBe(0);
    // Made again for the next request: nothing of it was remembered, in the database or in memory.
    const again = await readAloud("/user-profile", cookie);
    expect(again.status).toBe(200);
    expect(again.etag).toBe(first.etag);
    expect(again.cache).toBe("miss");
    expect(await storedRows(again.etag)).toBe(0);
    // The transcript is still the member's own page (its address read as words: "fm abc123 example.test").
    const vtt = await fetch(`${site.base}/read-aloud.vtt?path=%2Fuser-profile&voice=${VOICE}`, {
      headers: { Cookie: cookie },
    });
    expect(await vtt.text()).toContain(`${reader.username.replace("_", " ")} example.test`);

    const about = await readAloud("/about", cookie);
    expect(about.status).toBe(200);
    expect(await storedRows(about.etag)).toBe(1);
    expect((await readAloud("/about", cookie)).cache).toBe("hit");
  }, 300_000);
});
