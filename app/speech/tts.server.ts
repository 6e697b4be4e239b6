import { createHash } from "node:crypto";
import { asc, eq, inArray, lt, sql } from "drizzle-orm";
import { db, preparedQuery } from "#db/client.server";
import { ttsAudio } from "#db/schema";
import { isOpenAIConfigured } from "~/ai/openai.server";
import { hitCostLimit, type Person } from "~/utils/cost-limits.server";
import { env } from "~/utils/env.server";
import { spendPaidCall } from "~/utils/paid-budget.server";
import { tooManyRequestsMessage } from "~/utils/rate-limit.server";
import { espeakProvider } from "./espeak.server";
import { murfProvider } from "./murf.server";
import { openAISpeechProvider } from "./openai-speech.server";
import { SpeechBusyError, SpeechProviderError, type SentenceTiming, type SpeechProvider } from "./provider";
import { MAX_SPEECH_CHARS, capSpeechText, normalizeSpeechText, speechSentences } from "./text";
import { findVoice, type Voice } from "./voices";

/**
 * Speech for the API and the resource route: validate, look in the cache (tts_audio, keyed by provider, voice
 * and text), and otherwise synthesise with the configured provider, falling back to the offline one when a
 * vendor fails (a vendor failure never leaves a visitor without audio). Only syntheses count against the
 * person's limit (address, member and visitor id): replaying a cached clip is free.
 */
export const TTS_RATE_WINDOW_SECONDS = 600;
/** Longest text accepted at all; longer texts are refused rather than silently cut by the caller's mistake. */
export const MAX_REQUEST_CHARS = 20_000;
/** Bump when providers' output changes (voices, bitrate) so old clips are not served for new settings. */
// 2: sentence timings (decision 191) and distinct offline voices (decision 190); 3: the six offline voices that
// spoke with the previous voice's sound get their own (decision 320)
const CACHE_VERSION = "3";

export type SpeechResult =
  | {
      ok: true;
      audio: Uint8Array;
      durationSeconds: number;
      /** where each sentence is heard (decision 191) */
      sentences: SentenceTiming[];
      etag: string;
      provider: string;
      cached: boolean;
      text: string;
      /** the day's budget of paid calls was spent, so the offline voice read instead of the premium one */
      budgetSpent?: boolean;
    }
  | { ok: false; status: 400 | 429 | 502 | 503; error: string; retryAfterSeconds?: number };

/** The provider the environment asks for: Murf when its key is set, OpenAI when configured, eSpeak otherwise. */
export function configuredSpeechProvider(): SpeechProvider {
  if (env.MURF_API_KEY) return murfProvider;
  if (isOpenAIConfigured()) return openAISpeechProvider;
  return espeakProvider;
}

export function speechCacheKey(provider: string, voiceId: string, text: string): string {
  return createHash("sha256").update(`${CACHE_VERSION}\n${provider}\n${voiceId}\n${text}`).digest("hex");
}

export function etagOf(cacheKey: string): string {
  return `"${cacheKey.slice(0, 40)}"`;
}

/** The text a clip speaks: the spec's symbol and character rules, capped at the longest clip. */
export function speechTextForRequest(text: string): string {
  return capSpeechText(normalizeSpeechText(text), { blog: true }).slice(0, MAX_SPEECH_CHARS + 1);
}

type CachedClip = { audio: Uint8Array; durationSeconds: number; sentences: SentenceTiming[] };
type RememberedClip = CachedClip & { touchedAt: number };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Recently played clips are also kept in process memory (bounded by bytes, least recently used out first), so a
 * replay does not move hundreds of kilobytes out of Postgres each time. Postgres stays the shared cache: this
 * one only saves a read and is lost on restart without harm.
 */
const MEMORY_CACHE_BYTES = 32 * 1024 * 1024;
const memory: { map: Map<string, RememberedClip>; bytes: number } = { map: new Map(), bytes: 0 };

function remember(cacheKey: string, clip: CachedClip) {
  if (clip.audio.byteLength > MEMORY_CACHE_BYTES / 8) return;
  const old = memory.map.get(cacheKey);
  if (old) {
    memory.map.delete(cacheKey);
    memory.bytes -= old.audio.byteLength;
  }
  memory.map.set(cacheKey, { ...clip, touchedAt: Date.now() });
  memory.bytes += clip.audio.byteLength;
  for (const [key, entry] of memory.map) {
    if (memory.bytes <= MEMORY_CACHE_BYTES) break;
    memory.map.delete(key);
    memory.bytes -= entry.audio.byteLength;
  }
}

function recall(cacheKey: string): CachedClip | null {
  const clip = memory.map.get(cacheKey);
  if (!clip) return null;
  memory.map.delete(cacheKey); // move to the most recently used end
  memory.map.set(cacheKey, clip);
  // Replays served from memory still keep the shared row from being pruned as unused.
  if (Date.now() - clip.touchedAt > DAY_MS) {
    clip.touchedAt = Date.now();
    touch(cacheKey);
  }
  return clip;
}

/** Marks a clip as played, off the response path (a failure only makes it look older). */
function touch(cacheKey: string) {
  db.update(ttsAudio)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(ttsAudio.cacheKey, cacheKey))
    .then(
      () => {},
      () => {},
    );
}

const cachedClipQuery = preparedQuery("tts-cached-clip", (db) =>
  db
    .select({
      audio: ttsAudio.audio,
      durationSeconds: ttsAudio.durationSeconds,
      sentences: ttsAudio.sentences,
      stale: sql<boolean>`${ttsAudio.lastUsedAt} < now() - interval '1 day'`,
    })
    .from(ttsAudio)
    .where(eq(ttsAudio.cacheKey, sql.placeholder("cacheKey")))
    .prepare("tts-cached-clip"),
);

export async function readCachedClip(cacheKey: string): Promise<CachedClip | null> {
  const remembered = recall(cacheKey);
  if (remembered) return remembered;
  const [row] = await cachedClipQuery().execute({ cacheKey });
  if (!row) return null;
  // Touch at most daily so hits stay reads.
  if (row.stale) touch(cacheKey);
  const clip = {
    audio: new Uint8Array(row.audio.buffer, row.audio.byteOffset, row.audio.byteLength),
    durationSeconds: row.durationSeconds,
    sentences: row.sentences,
  };
  remember(cacheKey, clip);
  return clip;
}

/** Cached clips nobody has played for this many days are deleted (the privacy policy states it from here). */
export const SPEECH_CACHE_UNUSED_DAYS = 30;

async function storeClip(args: { cacheKey: string; provider: string; voiceId: string; text: string } & CachedClip) {
  await db
    .insert(ttsAudio)
    .values({
      cacheKey: args.cacheKey,
      voiceId: args.voiceId,
      provider: args.provider,
      textLength: args.text.length,
      audio: Buffer.from(args.audio),
      durationSeconds: args.durationSeconds,
      sentences: args.sentences,
    })
    .onConflictDoNothing({ target: ttsAudio.cacheKey });
  // Keep the cache from growing without bound: clips nobody played for 30 days go (a few at a time).
  const unused = db
    .select({ id: ttsAudio.id })
    .from(ttsAudio)
    .where(lt(ttsAudio.lastUsedAt, sql`now() - make_interval(days => ${SPEECH_CACHE_UNUSED_DAYS})`))
    .orderBy(asc(ttsAudio.lastUsedAt))
    .limit(20);
  await db.delete(ttsAudio).where(inArray(ttsAudio.id, unused));
}

const inFlight = new Map<string, Promise<CachedClip>>();

/** One synthesis per clip at a time on this instance: concurrent requests for the same clip share it. */
function synthesizeOnce(provider: SpeechProvider, cacheKey: string, voice: Voice, text: string): Promise<CachedClip> {
  const running = inFlight.get(cacheKey);
  if (running) return running;
  const job = provider
    .synthesize({ text, sentences: speechSentences(text), voice })
    .then(async (clip) => {
      await storeClip({ cacheKey, provider: provider.name, voiceId: voice.id, text, ...clip });
      remember(cacheKey, clip);
      return clip;
    })
    .finally(() => inFlight.delete(cacheKey));
  inFlight.set(cacheKey, job);
  return job;
}

export type SpeakArgs = {
  text: string;
  voiceId: string;
  /** who asks: counted by address, member and visitor id (decision 095) */
  person: Person;
  /** syntheses allowed per person per window (default TTS_RATE_LIMIT) */
  rateLimit?: number;
  provider?: SpeechProvider;
  /**
   * false for a private text (a page as a member sees it: their address, their birth name): the clip is made for
   * this request and kept nowhere, neither in the shared cache (and so in backups) nor in memory (decision 298)
   */
  keep?: boolean;
};

export async function speak({
  text: raw,
  voiceId,
  person,
  rateLimit,
  provider,
  keep = true,
}: SpeakArgs): Promise<SpeechResult> {
  const voice = findVoice(voiceId);
  if (!voice) return { ok: false, status: 400, error: `Unknown voice: ${voiceId}. Choose a voice from the catalogue.` };
  if (raw.length > MAX_REQUEST_CHARS) {
    return { ok: false, status: 400, error: `The text is too long: at most ${MAX_REQUEST_CHARS} characters.` };
  }
  const text = speechTextForRequest(raw);
  if (!text.trim()) return { ok: false, status: 400, error: "There is no text to read." };

  const primary = provider ?? configuredSpeechProvider();
  let candidates = primary === espeakProvider ? [primary] : [primary, espeakProvider];
  for (const candidate of candidates) {
    const cacheKey = speechCacheKey(candidate.name, voice.id, text);
    const cached = await readCachedClip(cacheKey);
    if (cached) return { ok: true, ...cached, etag: etagOf(cacheKey), provider: candidate.name, cached: true, text };
  }

  const limit = await hitCostLimit("tts", person, {
    limit: rateLimit ?? env.TTS_RATE_LIMIT,
    windowSeconds: TTS_RATE_WINDOW_SECONDS,
  });
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      error: tooManyRequestsMessage(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }

  // A premium voice draws on the day's budget of paid calls; when it is spent the offline voice reads.
  let budgetSpent = false;
  if (primary !== espeakProvider && !(await spendPaidCall())) {
    candidates = [espeakProvider];
    budgetSpent = true;
  }

  let lastError: unknown;
  for (const candidate of candidates) {
    const cacheKey = speechCacheKey(candidate.name, voice.id, text);
    try {
      const clip = keep
        ? await synthesizeOnce(candidate, cacheKey, voice, text)
        : await candidate.synthesize({ text, sentences: speechSentences(text), voice });
      return { ok: true, ...clip, etag: etagOf(cacheKey), provider: candidate.name, cached: false, text, budgetSpent };
    } catch (error) {
      lastError = error;
      if (error instanceof SpeechBusyError)
        return { ok: false, status: 503, error: error.message, retryAfterSeconds: 5 };
      console.error(`[speech] ${candidate.name} failed for ${voice.id}: ${(error as Error).message}`);
    }
  }
  const detail = lastError instanceof SpeechProviderError ? lastError.message : "TTS failed";
  return { ok: false, status: 502, error: detail };
}
