import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The server's configuration, parsed once from the environment. Every other module reads `env`,
 * never `process.env`, so there is one list of what can be configured (mirrored in `.env.example`).
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  /** HTTP worker processes (node:cluster); 1 serves from the main process */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  SESSION_SECRET: z.string().min(16).optional(),
  /** Public origin used in e-mail links, canonical URLs and the sitemap (e.g. https://example.org). */
  PUBLIC_URL: z.string().url().optional(),
  /** A member's session ends after this many days without a visit, and this many days after sign-in at most. */
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().default(60),
  ADMIN_USERNAMES: z.string().default(""),
  ADMIN_API_TOKEN: z.string().min(16).optional(),
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Ten Principles <no-reply@localhost>"),
  /** The author's public address for readings bookings and privacy requests (shown on /about and /privacy). */
  CONTACT_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email().optional()),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  OPENAI_IMAGE_MODEL: z.string().default("gpt-image-1"),
  OPENAI_TTS_MODEL: z.string().default("gpt-4o-mini-tts"),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  MURF_API_KEY: z.string().optional(),
  MURF_BASE_URL: z.string().url().default("https://api.murf.ai"),
  /** Paid provider calls (AI text, images, speech) the whole site may make per UTC day; then offline ones answer. */
  PAID_CALLS_DAILY_BUDGET: z.coerce.number().int().min(0).default(2000),
  /** speech syntheses (cache misses) one visitor may start per 10 minutes */
  TTS_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** A member's forum posts (topics and replies) are at least this many seconds apart; 0 turns pacing off. */
  FORUM_POST_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  ASTROLOGY_CHECK_INTERVAL_MINUTES: z.coerce.number().int().positive().default(60),
  /** 3D conversion: a worker thread is stopped after this long, and its V8 heap is capped at this size. */
  MODELS3D_CONVERSION_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  MODELS3D_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  /** All visitors' models together (uploads and conversions); past it the oldest are removed first. */
  MODELS3D_STORAGE_CAP_MB: z.coerce.number().int().min(1).default(5 * 1024),
  /** Bytes one address may upload per UTC day without signing in, and one member per day. */
  MODELS3D_ANONYMOUS_DAILY_MB: z.coerce.number().int().min(1).default(200),
  MODELS3D_MEMBER_DAILY_MB: z.coerce.number().int().min(1).default(1024),
  /** Background workers (job queue, monitors). Tests that start several instances may turn them off. */
  RUN_JOBS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** Demo forum conversations written once at boot when the forum is empty (never with NODE_ENV=test). */
  SEED_DEMO_CONTENT: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * Signed-out visitors' forum pages are served from memory for up to this long (invalidated at once by any
   * forum change, through PostgreSQL NOTIFY); 0 turns the cache off.
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  LOG_REQUESTS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Env = z.infer<typeof schema> & { SESSION_SECRET: string; HOST: string; DATA_DIR: string };

function loadEnv(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  const isProduction = value.NODE_ENV === "production";
  if (isProduction && !value.SESSION_SECRET) {
    throw new Error("SESSION_SECRET is required in production (at least 16 characters).");
  }
  return {
    ...value,
    DATA_DIR: dataDir,
    HOST: value.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    SESSION_SECRET: value.SESSION_SECRET ?? localSecret(dataDir),
  };
}

/** Outside production a secret is generated once and kept in the data directory, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const globalForEnv = globalThis as unknown as { __env?: Env };
export const env: Env = (globalForEnv.__env ??= loadEnv());

export const isProduction = env.NODE_ENV === "production";

export function publicOrigin(request?: Request): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, "");
  if (request) return new URL(request.url).origin;
  return `http://localhost:${env.PORT}`;
}
