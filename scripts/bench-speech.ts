/**
 * Speech benchmark: `npx tsx scripts/bench-speech.ts` (uses DATABASE_URL, or an embedded PostgreSQL in
 * .data-bench/). Measures
 *  1. offline synthesis (eSpeak NG WASM + MP3 encoding, in the worker) of 1,500 English characters, as a
 *     multiple of real time (target: at least 5x);
 *  2. a cached clip served: server time of POST /api/tts/generate and of the cache read alone, for a clip
 *     already in tts_audio (target: under 10 ms);
 *  3. the cost of read-along's timings (issue 36): the same 1,500 characters spoken sentence by sentence with
 *     their start times, against the whole text spoken in one piece without them (target: under 20% more time).
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { runMigrations } from "../db/migrate";

const PARAGRAPH =
  "Every digit from zero to nine names a principle of how the one reality explores itself. Zero is nonseparation, " +
  "the ground in which nothing is apart; one is change, the first movement; two is uniqueness, the joy of difference. " +
  "Three joins what was apart, four grows it, five desires, six refines the pace, seven harmonises, eight remembers " +
  "and nine knows all. ";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    embedded = await startEmbeddedPostgres({ dataDir: path.resolve(".data-bench"), database: "bench" });
    process.env.DATABASE_URL = embedded.url("bench");
  }
  await runMigrations(process.env.DATABASE_URL);
  process.env.LOG_REQUESTS = "false";
  const { espeakProvider, closeEspeak } = await import("../app/speech/espeak.server");
  const { speak, readCachedClip, speechCacheKey } = await import("../app/speech/tts.server");
  const { findVoice } = await import("../app/speech/voices");
  const { normalizeSpeechText, speechSentences } = await import("../app/speech/text");
  const { action } = await import("../app/routes/api.tts.generate");
  const { closePool } = await import("../db/client.server");

  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  // 1. Offline synthesis of 1,500 characters.
  const text = normalizeSpeechText(PARAGRAPH.repeat(8)).slice(0, 1500);
  const voice = findVoice("en-US-natalie")!;
  await espeakProvider.synthesize({ text: "Warm up.", voice }); // worker start and WASM compile
  const runs: Array<{ ms: number; seconds: number }> = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const clip = await espeakProvider.synthesize({ text, voice });
    runs.push({ ms: performance.now() - started, seconds: clip.durationSeconds });
  }
  const median = [...runs].sort((a, b) => a.ms - b.ms)[1]!;
  console.log(
    `offline synthesis: ${text.length} characters → ${median.seconds.toFixed(1)} s of MP3 in ${(median.ms / 1000).toFixed(2)} s ` +
      `(median of 3; runs ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(", ")} s) = ${(median.seconds / (median.ms / 1000)).toFixed(1)}x real time`,
  );

  // 2. A cached clip.
  const cachedText = `${text} ${randomUUID()}`;
  const sessionId = `bench-${randomUUID()}`;
  const first = await speak({
    text: cachedText,
    voiceId: voice.id,
    person: { ip: sessionId, userId: null, sessionId },
  });
  if (!first.ok) throw new Error(first.error);
  const key = speechCacheKey("espeak", voice.id, first.text);
  const context = { cspNonce: "", clientIp: "127.0.0.1" };
  const apiTimes: number[] = [];
  const readTimes: number[] = [];
  for (let i = 0; i < 200; i++) {
    let started = performance.now();
    await readCachedClip(key);
    readTimes.push(performance.now() - started);
    const request = new Request("http://localhost/api/tts/generate", {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-session-id": sessionId },
      body: JSON.stringify({ text: cachedText, voiceId: voice.id, format: "mp3" }),
    });
    started = performance.now();
    const response = (await action({ request, context, params: {} } as never)) as Response;
    await response.arrayBuffer();
    apiTimes.push(performance.now() - started);
    if (response.headers.get("X-Speech-Cache") !== "hit") throw new Error("expected a cache hit");
  }
  const kb = (first.audio.byteLength / 1024).toFixed(0);
  console.log(
    `cached clip (${kb} KB, ${first.durationSeconds.toFixed(1)} s): POST /api/tts/generate p50 ${percentile(apiTimes, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(apiTimes, 95).toFixed(2)} ms; cache lookup alone p50 ${percentile(readTimes, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(readTimes, 95).toFixed(2)} ms (200 requests)`,
  );

  // 3. Timings' cost: runs alternate so that the machine's load falls on both alike.
  const sentences = speechSentences(text);
  const withTimings: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < 7; i++) {
    let started = performance.now();
    await espeakProvider.synthesize({ text, sentences, voice });
    withTimings.push(performance.now() - started);
    started = performance.now();
    await espeakProvider.synthesize({ text, sentences: [text], voice });
    without.push(performance.now() - started);
  }
  const timed = percentile(withTimings, 50);
  const plain = percentile(without, 50);
  console.log(
    `read-along timings: ${sentences.length} sentences timed in ${(timed / 1000).toFixed(2)} s, the text in one piece ` +
      `without timings ${(plain / 1000).toFixed(2)} s (medians of 7 alternating runs): ${(((timed - plain) / plain) * 100).toFixed(1)}% more`,
  );

  await closeEspeak();
  await closePool();
  await embedded?.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
