import path from "node:path";
import { z } from "zod";
import { keptSecret } from "./kept-secret.server";

/**
 * The server's configuration, parsed once from the environment. Every other module reads `env`,
 * never `process.env`, so there is one list of what can be configured (mirrored in `.env.example`).
 */
const schema = z.object({
  /** Production unless told otherwise (decision 080): `npm run dev` sets development, the test runner test. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  /** HTTP worker processes (node:cluster); 1 serves from the main process */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_URL: z.string().optional(),
  /** Read by db/client.server.ts (decision 006): pool size, connect and statement timeouts, outage detection. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().default(2),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(3000),
  DATABASE_PING_TIMEOUT_MS: z.coerce.number().int().positive().default(1000),
  /** The embedded PostgreSQL is restarted when it has not answered for this long (decision 007). */
  EMBEDDED_DB_HANG_SECONDS: z.coerce.number().positive().default(15),
  /**
   * Connections idle this long are closed; keep it above the load balancer's idle timeout (60 s on most).
   * headersTimeout is one second more (decision 008).
   */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(65),
  /**
   * After SIGTERM, /readyz answers 503 this long before the listening socket closes, when a balancer checks /readyz
   * (decisions 008, 286): above the balancer's check interval times the failures it counts before taking us out.
   */
  SHUTDOWN_READINESS_DELAY_MS: z.coerce.number().int().min(0).max(5000).default(3000),
  /**
   * SIGTERM to exit: requests in flight get this long less 3 s (decision 286; 10 s in decision 008). Keep it below
   * the orchestrator's grace period (Kubernetes: 30 s) and above the slowest request (speech, an upload).
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(8).max(120).default(10),
  DATA_DIR: z.string().default(".data"),
  /** Signs cookies; generated once into DATA_DIR/session-secret (mode 0600) when not given. */
  SESSION_SECRET: z.string().min(16).optional(),
  /** Key of the hash that stands for client addresses (rate limits, stored readings); generated like the above. */
  IP_HASH_SECRET: z.string().min(16).optional(),
  /**
   * Encrypts the staff's TOTP secrets at rest (AES-256-GCM, decision 210); generated like the above. Changing or
   * losing it turns off every second factor in effect (the secrets can no longer be read): keep it with backups.
   */
  TOTP_SECRET_KEY: z.string().min(16).optional(),
  /**
   * Signs each backup's manifest (HMAC-SHA256, decision 288); generated like the above. A restore refuses an
   * archive signed with another key: to restore another site's backup, set this to that site's key.
   */
  BACKUP_SIGNING_KEY: z.string().min(32).optional(),
  /**
   * The site's one public origin (e.g. https://example.org): e-mail links, canonical URLs, the sitemap, RSS and
   * the same-origin check of every write (decision 081). Never taken from a request; http://localhost:$PORT
   * when not given.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), { error: "PUBLIC_URL must be an http(s) origin" })
    .optional(),
  /** A member's session ends after this many days without a visit, and this many days after sign-in at most. */
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().default(60),
  ADMIN_USERNAMES: z.string().default(""),
  /**
   * No longer honoured (decision 291): each admin makes tokens of their own on /admin/api-tokens. Still read, so a
   * deployment that sets it starts and is told once that it does nothing.
   */
  ADMIN_API_TOKEN: z.string().optional(),
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  SMTP_URL: z.string().optional(),
  /** The sender of every mail: `Name <address>`, or a bare address sent under the site's name (app/site.ts). */
  MAIL_FROM: z.string().default("no-reply@localhost"),
  /** The author's public address for readings bookings and privacy requests (shown on /about and /privacy). */
  CONTACT_EMAIL: z.email().optional(),
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
  /** forum searches one person (address, member, visitor id: decision 095) may make per minute (issue 35) */
  FORUM_SEARCH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** A member's forum posts (topics and replies) are at least this many seconds apart; 0 turns pacing off. */
  FORUM_POST_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  ASTROLOGY_CHECK_INTERVAL_MINUTES: z.coerce.number().int().positive().default(60),
  /** 3D conversion: a worker thread is stopped after this long, and its V8 heap is capped at this size. */
  MODELS3D_CONVERSION_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  MODELS3D_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  /** All visitors' models together (uploads and conversions); past it the oldest are removed first. */
  MODELS3D_STORAGE_CAP_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024),
  /** Bytes one address may upload per UTC day without signing in, and one member per day. */
  MODELS3D_ANONYMOUS_DAILY_MB: z.coerce.number().int().min(1).default(200),
  MODELS3D_MEMBER_DAILY_MB: z.coerce.number().int().min(1).default(1024),
  /**
   * Backups (decisions 200-203, 283): kept in the database's file store; BACKUP_DIR is only the folder an older
   * version wrote them to (DATA_DIR/backups when not given), moved into the store at start. How many to keep, how often.
   */
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** Hours between the automatic backups (the job queue runs them on one instance at a time); 0 turns them off. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 31)
    .default(24),
  /**
   * What one person may keep stored at once (uploads and what their conversion made), per visitor address and
   * per member; and how many of their uploads may wait for conversion or be converting (issue 33).
   */
  MODELS3D_ANONYMOUS_STORED_MB: z.coerce.number().int().min(1).default(200),
  MODELS3D_MEMBER_STORED_MB: z.coerce.number().int().min(1).default(1024),
  MODELS3D_PENDING_PER_PERSON: z.coerce.number().int().min(1).default(2),
  /** A conversion's output (GLB and poster) may be at most this many times its upload, or this floor, and never
   * more than the absolute bound. */
  MODELS3D_OUTPUT_RATIO: z.coerce.number().positive().default(40),
  MODELS3D_OUTPUT_FLOOR_MB: z.coerce.number().positive().default(4),
  MODELS3D_OUTPUT_MAX_MB: z.coerce.number().positive().default(128),
  /** Background workers (job queue, monitors). Tests that start several instances may turn them off. */
  RUN_JOBS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * A running job's heartbeat (pg-boss's `heartbeatSeconds`, at least 10): its worker beats twice in this time; a
   * job whose heartbeat is older (its worker died) is retried after this plus its backoff (2^attempts ×
   * JOB_RETRY_BASE_SECONDS, at most an hour; decisions 009, 380).
   */
  JOB_LOCK_TIMEOUT_SECONDS: z.coerce.number().int().min(10).default(60),
  JOB_RETRY_BASE_SECONDS: z.coerce.number().positive().default(5),
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
  /** Decision 026: this many distinct members' flags hide a post or topic at once, pending review. */
  MODERATION_FLAG_THRESHOLD: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * Members of standing, whose flags count towards hiding an item at once (as Discourse's trust level 1): an
   * account at least this many hours old with at least this many visible posts (decision 163).
   */
  MODERATION_STANDING_HOURS: z.coerce.number().int().min(0).default(24),
  MODERATION_STANDING_POSTS: z.coerce.number().int().min(0).default(3),
  /** Decision 026: how many items a member may flag during their first day. */
  MODERATION_NEW_MEMBER_FLAGS: z.coerce.number().int().min(0).max(100).default(3),
  LOG_REQUESTS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Env = z.infer<typeof schema> & {
  SESSION_SECRET: string;
  IP_HASH_SECRET: string;
  TOTP_SECRET_KEY: string;
  BACKUP_SIGNING_KEY: string;
  HOST: string;
  DATA_DIR: string;
  /** PUBLIC_URL's origin, or http://localhost:$PORT */
  PUBLIC_ORIGIN: string;
  /** whether the operator set PUBLIC_URL (otherwise loopback origins at PORT count as the site's own) */
  PUBLIC_URL_CONFIGURED: boolean;
};

function loadEnv(): Env {
  // An empty setting is an unset one: a `.env` copied from .env.example (`HOST=`, `PUBLIC_URL=`) gets the defaults.
  const given = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const value = parsed.data;
  // React, Express and Remix read process.env.NODE_ENV themselves: they must see the same mode as the site.
  process.env.NODE_ENV = value.NODE_ENV;
  const dataDir = path.resolve(value.DATA_DIR);
  const isProduction = value.NODE_ENV === "production";
  return {
    ...value,
    DATA_DIR: dataDir,
    HOST: value.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    SESSION_SECRET: value.SESSION_SECRET ?? keptSecret(dataDir, "session-secret"),
    IP_HASH_SECRET: value.IP_HASH_SECRET ?? keptSecret(dataDir, "ip-hash-secret"),
    TOTP_SECRET_KEY: value.TOTP_SECRET_KEY ?? keptSecret(dataDir, "totp-secret-key"),
    BACKUP_SIGNING_KEY: value.BACKUP_SIGNING_KEY ?? keptSecret(dataDir, "backup-signing-key"),
    PUBLIC_ORIGIN: value.PUBLIC_URL ? new URL(value.PUBLIC_URL).origin : `http://localhost:${value.PORT}`,
    PUBLIC_URL_CONFIGURED: !!value.PUBLIC_URL,
  };
}

export const env: Env = loadEnv();

export const isProduction = env.NODE_ENV === "production";

if (env.ADMIN_API_TOKEN) {
  console.warn(
    "[env] ADMIN_API_TOKEN is no longer used and opens nothing: an admin makes an API token of their own at /admin/api-tokens (decision 291).",
  );
}

/**
 * Whether the site's cookies carry `Secure` (and the session cookie its `__Host-` prefix): only when the public
 * origin is https (decision 130). Over plain http, the default http://localhost:$PORT, a Secure cookie is one that
 * lynx, w3m and other clients keep for https only: the session, the visitor id and the toast would vanish after
 * every redirect.
 */
export const secureCookies = env.PUBLIC_ORIGIN.startsWith("https:");

/**
 * The origin of every absolute link the site writes (e-mails, canonical URLs, sitemap, RSS, robots.txt): the
 * configured PUBLIC_URL, never the request's Host or X-Forwarded-Host (decision 081).
 */
export function publicOrigin(): string {
  return env.PUBLIC_ORIGIN;
}
