import { existsSync } from "node:fs";
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { startAppServer } from "./app-server";

const root = path.resolve(import.meta.dirname, "..");

export const SESSION_SECRET = "bench-session-secret-0123456789";

/** A returning visitor's cookie (`visitor=…`): the visitor id a first rendered page of the site at `base` gives. */
export async function newVisitorCookie(base: string): Promise<string> {
  const cookie = (await fetch(`${base}/auth`)).headers.getSetCookie().find((c) => c.startsWith("visitor="));
  if (!cookie) throw new Error(`${base}/auth set no visitor cookie`);
  return cookie.split(";")[0]!;
}

/**
 * The site's database as the benchmarks run it: an embedded PostgreSQL of its own in `dataDir` with a database
 * "site", migrated. `env` is what the production server needs to serve from it (scripts/app-server.ts). `stop()`
 * stops PostgreSQL.
 */
export async function startSiteDatabase(dataDir: string) {
  const pg = await startEmbeddedPostgres({ dataDir, database: "postgres" });
  try {
    await ensureDatabase(pg.url("postgres"), "site");
    const databaseUrl = pg.url("site");
    await runMigrations(databaseUrl);
    return {
      databaseUrl,
      env: { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dataDir, "app"), SESSION_SECRET },
      stop: () => pg.stop(),
    };
  } catch (error) {
    await pg.stop();
    throw error;
  }
}

/**
 * The site as scripts/bench-pages.ts and scripts/lighthouse-pages.ts measure it: the production server (needs a
 * build; says so when there is none) on the database of `startSiteDatabase`, with a recorded sky (what the astrology
 * monitor keeps), a member signed in by `cookie` (`memberName`), a topic with ten replies by them and five by another
 * member (`writerName`), and a returning visitor (`readerCookie`)
 * with five saved angel readings. `env` is the server's (for another build on the same database and secret).
 * `stop()` stops both.
 */
export async function startSiteUnderTest({
  dataDir,
  workers = 1,
  nodeArgs,
  cwd,
}: {
  dataDir: string;
  workers?: number;
  /** the directory holding the build to serve (scripts/app-server.ts): this checkout by default */
  cwd?: string;
  /** extra Node options for the server process (e.g. `--cpu-prof`) */
  nodeArgs?: string[];
}) {
  const buildDir = cwd ?? root;
  if (!existsSync(path.join(buildDir, "build/server.js"))) {
    throw new Error(`No build in ${buildDir}: run \`npm run build\` first.`);
  }
  const database = await startSiteDatabase(dataDir);
  try {
    const { databaseUrl } = database;
    const { cookie, topicId, readerCookie, memberName, writerName } = await prepare(databaseUrl, dataDir);
    const env = { ...database.env, WEB_CONCURRENCY: String(workers) };
    const app = await startAppServer(env, { nodeArgs, cwd });
    return {
      app,
      cookie,
      topicId,
      readerCookie,
      memberName,
      writerName,
      databaseUrl,
      env,
      stop: async () => {
        await app.stop();
        await database.stop();
      },
    };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

async function prepare(
  databaseUrl: string,
  dataDir: string,
): Promise<{ cookie: string; topicId: number; readerCookie: string; memberName: string; writerName: string }> {
  process.env.DATABASE_URL = databaseUrl;
  process.env.SESSION_SECRET = SESSION_SECRET;
  process.env.DATA_DIR ??= path.join(dataDir, "app");
  const { recordSnapshot } = await import("../app/astrology/snapshots.server");
  const { createUser } = await import("../app/accounts/users.server");
  const { createUserSession } = await import("../app/accounts/session.server");
  const { createTopic, createPost } = await import("../app/forum/topics.server");
  const { decodeAngelNumber } = await import("../app/numerology/angel.server");
  const { getVisitor } = await import("../app/utils/visitor.server");
  const { DEFAULT_PREFERENCES } = await import("../app/preferences/options");
  const { closePool } = await import("../db/client.server");
  await recordSnapshot({ at: new Date() });
  const suffix = Date.now().toString(36);
  const user = await createUser({
    username: `bench_${suffix}`,
    email: `bench_${suffix}@example.test`,
    password: "Passw0rd!bench",
  });
  const { topic } = await createTopic({
    authorId: user.id,
    title: `Benchmark topic ${suffix}`,
    description: null,
    category: "general",
  });
  for (let i = 0; i < 10; i++)
    await createPost({ topicId: topic.id, authorId: user.id, content: `Reply ${i} to the benchmark topic.` });
  // Another member who wrote in it: their member page is another's page to the signed-in member (decision 360).
  const writer = await createUser({
    username: `bench_w_${suffix}`,
    email: `bench_w_${suffix}@example.test`,
    password: "Passw0rd!bench",
  });
  for (let i = 0; i < 5; i++)
    await createPost({
      topicId: topic.id,
      authorId: writer.id,
      content: `The writer's reply ${i} to the benchmark topic.`,
    });
  const cookie = (await createUserSession(user.id)).split(";")[0]!;
  // A returning visitor who decoded five angel numbers, as the angel page's form does (with its default preferences).
  const reader = await getVisitor(new Request("http://bench.invalid/angel"));
  for (const number of ["1111", "222", "3333", "44", "555"]) {
    const decoded = await decodeAngelNumber({
      number,
      preferences: DEFAULT_PREFERENCES,
      sessionId: reader.sessionId,
      ip: "127.0.0.1",
    });
    if (!decoded.ok) throw new Error(`decoding ${number} for the bench's reader failed: ${decoded.message}`);
  }
  await closePool();
  return {
    cookie,
    topicId: topic.id,
    readerCookie: reader.setCookie!.split(";")[0]!,
    memberName: user.username,
    writerName: writer.username,
  };
}
