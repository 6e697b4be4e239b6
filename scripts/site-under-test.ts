import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { startAppServer } from "./app-server";

const SESSION_SECRET = "bench-session-secret-0123456789";

/**
 * The site as scripts/bench-pages.ts and scripts/lighthouse-pages.ts measure it: the production server (needs a
 * build) on an embedded PostgreSQL of its own in `dataDir`, with a recorded sky (what the astrology monitor
 * keeps), a member signed in by `cookie`, and a topic with ten replies. `stop()` stops both.
 */
export async function startSiteUnderTest({
  dataDir,
  workers = 1,
  nodeArgs,
}: {
  dataDir: string;
  workers?: number;
  /** extra Node options for the server process (e.g. `--cpu-prof`) */
  nodeArgs?: string[];
}) {
  const pg = await startEmbeddedPostgres({ dataDir, database: "postgres" });
  try {
    await ensureDatabase(pg.url("postgres"), "site");
    const databaseUrl = pg.url("site");
    await runMigrations(databaseUrl);
    const { cookie, topicId } = await prepare(databaseUrl, dataDir);
    const app = await startAppServer(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dataDir, "app"),
        SESSION_SECRET,
        WEB_CONCURRENCY: String(workers),
      },
      { nodeArgs },
    );
    return {
      app,
      cookie,
      topicId,
      /** what the server was started with, to start another build on the same site (scripts/cpu-per-request.ts) */
      env: { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dataDir, "app"), SESSION_SECRET },
      stop: async () => {
        await app.stop();
        await pg.stop();
      },
    };
  } catch (error) {
    await pg.stop();
    throw error;
  }
}

async function prepare(databaseUrl: string, dataDir: string): Promise<{ cookie: string; topicId: number }> {
  process.env.DATABASE_URL = databaseUrl;
  process.env.SESSION_SECRET = SESSION_SECRET;
  process.env.DATA_DIR ??= path.join(dataDir, "app");
  const { recordSnapshot } = await import("../app/astrology/snapshots.server");
  const { createUser } = await import("../app/accounts/users.server");
  const { createUserSession } = await import("../app/accounts/session.server");
  const { createTopic, createPost } = await import("../app/forum/topics.server");
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
  const cookie = (await createUserSession(user.id)).split(";")[0]!;
  await closePool();
  return { cookie, topicId: topic.id };
}
