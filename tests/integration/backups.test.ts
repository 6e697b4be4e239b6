import { execFile } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  createWriteStream,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import postgres from "postgres";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rawSql } from "#db/client.server";
import { applyMigrationsUpTo, appliedSchemaVersion, knownMigrations, runMigrations } from "#db/migrate";
import {
  MANIFEST_NAME,
  readArchive,
  readBytes,
  readManifest,
  SIGNATURE_NAME,
  signManifest,
  type Manifest,
} from "~/backups/archive.server";
import {
  BACKUP_NAME,
  createBackup,
  createBackupFile,
  estimateArchiveBytes,
  freeBytes,
  NotEnoughSpaceError,
  LAST_RUN_KEY,
  listBackups,
  openStoredBackup,
  readLastRun,
} from "~/backups/backup.server";
import { checkRestorable, restoreBackup, RestoreRefusedError } from "~/backups/restore.server";
import { backUpSite, registerBackupJobs } from "~/backups/schedule.server";
import { createPost, createTopic } from "~/forum/topics.server";
import { drainJobs, scheduleRecurringTask } from "~/jobs/queue.server";
import * as backupDownload from "~/routes/admin.backups.$name";
import * as backupsPage from "~/routes/admin.backups._index";
import { env } from "~/utils/env.server";
import { databaseFileStore, fileStore } from "~/utils/file-store.server";
import { KEPT_SECRET_FILES } from "~/utils/kept-secret.server";
import { runningEmbeddedUrl } from "../../db/embedded";
import { startAppServer } from "../../scripts/app-server";
import * as cubes from "../fixtures/models3d/cubes";
import { call, get, routeRequest, settle } from "../support/routes";
import { cookieFor, member } from "./forum-helpers";
import { useOwnDatabase } from "./helpers/accounts";

/**
 * Issue 37: backups taken while the site writes, restored into a fresh data folder and database, and served
 * again; damaged archives refused; the daily job and the admin page.
 */
const root = path.resolve(import.meta.dirname, "../..");
const work = path.join(root, ".data-test", "backups");
vi.hoisted(() => {
  // Read when app/utils/env.server.ts loads (before this file's imports run).
  process.env.BACKUP_KEEP = "2";
});

const sourceDir = path.join(work, "site");
const restoredDir = path.join(work, "restored");
let sourceUrl = "";
let site: Awaited<ReturnType<typeof startAppServer>> | undefined;

function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", script, ...args],
      { cwd: root, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The signing key the source site generated into its data folder (an operator keeps it with the other keys). */
const sourceSigningKey = () => readFileSync(path.join(sourceDir, "backup-signing-key"), "utf8").trim();
const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");
const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
/** A file of the shared store of the database `sql` reaches (decision 280), by its SHA-256. */
const storedSha = async (sql: postgres.Sql, key: string) => hashOf(await databaseFileStore(() => sql).read(key));

/** A stored backup copied out of the store of the database `sql` reaches, into `file`. */
async function copyStoredBackup(sql: postgres.Sql, name: string, file: string): Promise<string> {
  const backup = await openStoredBackup(sql, name);
  expect(backup, name).not.toBeNull();
  await pipeline(backup!.stream, createWriteStream(file));
  return file;
}

/** Every entry of an archive, in order, with its bytes. */
async function archiveEntries(file: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const entries: Array<{ name: string; bytes: Buffer }> = [];
  await readArchive(file, async (entry) => {
    entries.push({ name: entry.name, bytes: await readBytes(entry.body, Infinity) });
  });
  return entries;
}

/** Writes `entries` as a gzip-compressed tar, as an attacker with the archive's format would. */
async function packArchive(file: string, entries: Array<{ name: string; bytes: Buffer }>): Promise<string> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(file));
  for (const entry of entries) pack.entry({ name: entry.name }, entry.bytes);
  pack.finalize();
  await written;
  return file;
}

/** Every row of a table as text, sorted: what two databases compare. */
async function rowsOf(sql: postgres.Sql, table: string): Promise<string[]> {
  const rows = await sql.unsafe<{ row: string }[]>(`select t::text as row from "${table}" t`);
  return rows.map((r) => r.row).sort();
}

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  await useOwnDatabase("test_backups_site");
  sourceUrl = process.env.DATABASE_URL!;
  site = await startAppServer(
    { DATABASE_URL: sourceUrl, DATA_DIR: sourceDir, FORUM_POST_INTERVAL_SECONDS: "0" },
    { stderr: "inherit" },
  );
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

describe("npm run backup and npm run restore", () => {
  let archive = "";
  let manifest: Manifest;

  it("backs up a site while requests write, restores it into a fresh folder and serves every row and file", async () => {
    // A site with members, topics, posts, a saved reading and an uploaded 3D model.
    const members = [await member(), await member(), await member()];
    const topics = [];
    for (const [i, author] of members.entries()) {
      const { topic } = await createTopic({
        authorId: author.id,
        title: `Backed-up topic ${i}`,
        description: "Numbers that must survive",
        category: "principles",
      });
      topics.push(topic);
      for (const replier of members) {
        await createPost({ topicId: topic.id, authorId: replier.id, content: `Reply of ${replier.username} to ${i}` });
      }
    }
    const visitor = randomUUID(); // the spec's x-session-id is a UUID
    const reading = await fetch(`${site!.base}/api/angel-numbers`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-session-id": visitor },
      body: JSON.stringify({ number: "1111" }),
    });
    expect(reading.status).toBe(200);
    const form = new FormData();
    form.append("model", new Blob([cubes.cubeObj() as BlobPart]), "cube.obj");
    const upload = await fetch(`${site!.base}/api/3d/upload`, { method: "POST", body: form });
    expect(upload.status).toBe(201);
    const { urn } = (await upload.json()) as { urn: string };
    // Kept in the shared store (decision 280), not in the instance's DATA_DIR.
    const modelFiles = (await fileStore.list("models3d")).map((f) => f.key);
    expect(modelFiles).toContain(`models3d/${urn}/source.obj`);
    expect(existsSync(path.join(sourceDir, "models3d"))).toBe(false);

    // Requests keep writing replies through the site while the backup runs, and after it.
    const source = postgres(sourceUrl, { max: 1, onnotice: () => {} });
    // A clip in the speech cache: regenerated on demand, so left out of the archive (decision 288).
    await source`insert into tts_audio (cache_key, voice_id, provider, text_length, audio, duration_seconds)
                 values (${"backup-test-" + randomUUID()}, 'voice', 'offline', 5, ${Buffer.from("RIFF clip")}, 1)`;
    const postCount = async () => Number((await source`select count(*)::int as n from forum_posts`)[0]!.n);
    // Replies are limited per member (10 a minute): the writes rotate over members of their own.
    const writers = await source<{ id: number }[]>`
      insert into users (username, password_hash)
      select 'backup_writer_' || g || '_' || ${Date.now()}, password_hash from users, generate_series(1, 40) g
      where users.id = ${members[0]!.id}
      returning id`;
    const cookies = await Promise.all(writers.map((w) => cookieFor(w.id)));
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const response = await fetch(`${site!.base}/api/forum/topics/${topics[0]!.id}/posts`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: cookies[i % cookies.length]! },
          body: JSON.stringify({ content: `Written during the backup, number ${i}` }),
        });
        expect([201, 429]).toContain(response.status);
        if (response.status === 201) written++;
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    while (written < 3) await new Promise((r) => setTimeout(r, 20));
    const postsBefore = await postCount();
    // Every secret the site may generate is in its data folder (the test runner gives some in the environment).
    for (const secret of KEPT_SECRET_FILES) {
      if (!existsSync(path.join(sourceDir, secret)))
        writeFileSync(path.join(sourceDir, secret), randomBytes(32).toString("hex"), { mode: 0o600 });
    }
    const backup = await runScript("scripts/backup.ts", [], {
      DATABASE_URL: sourceUrl,
      DATA_DIR: sourceDir,
      BACKUP_KEEP: "7",
    });
    const writtenAtExit = written;
    while (written < writtenAtExit + 3) await new Promise((r) => setTimeout(r, 20));
    writing = false;
    await writer;
    const postsAfter = await postCount();
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    // Kept in the database (decision 283): recorded with its size and checksum, its bytes in the shared store.
    const name = /\[backup\] (\S+\.tar\.gz):/.exec(backup.stdout)?.[1] ?? "";
    expect(name).toMatch(BACKUP_NAME);
    expect(existsSync(path.join(sourceDir, "backups"))).toBe(false);
    const [recorded] = (await listBackups(source)).filter((b) => b.name === name);
    expect(recorded).toMatchObject({ name });
    archive = await copyStoredBackup(source, name, path.join(work, name));
    expect(statSync(archive).size).toBe(recorded!.bytes);
    expect(sha(archive)).toBe(recorded!.sha256);
    expect(backup.stdout).toContain(`sha256 ${recorded!.sha256}`);

    manifest = await readManifest(archive);
    const counts = Object.fromEntries(manifest.database.tables.map((t) => [t.name, t.rows]));
    expect(counts.users).toBe(members.length + writers.length);
    expect(counts.forum_topics).toBe(3);
    expect(counts.angel_readings).toBe(1);
    expect(counts.models3d).toBe(1);
    // The speech cache is archived empty: the table restored with no rows (the loop below checks the count).
    expect(counts.tts_audio).toBe(0);
    expect(Number((await source`select count(*)::int as n from tts_audio`)[0]!.n)).toBeGreaterThan(0);
    // The snapshot fell between the writes: some made while the backup ran are in it, the later ones are not.
    expect(counts.forum_posts).toBeGreaterThan(postsBefore);
    expect(counts.forum_posts).toBeLessThan(postsAfter);
    expect(manifest.schema).toEqual(await appliedSchemaVersion(source));
    expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(modelFiles));
    expect(manifest.files.every((f) => !/^(postgres|backups|outbox)(\/|$)/.test(f.path))).toBe(true);
    // No key material (decision 288): the site's generated secrets are in its data folder, never in the archive.
    for (const secret of KEPT_SECRET_FILES) expect(existsSync(path.join(sourceDir, secret)), secret).toBe(true);
    const entryNames = (await archiveEntries(archive)).map((e) => e.name);
    expect(entryNames.slice(-2)).toEqual([MANIFEST_NAME, SIGNATURE_NAME]);
    for (const secret of KEPT_SECRET_FILES) {
      expect(
        entryNames.filter((n) => n.endsWith(secret)),
        secret,
      ).toEqual([]);
      expect(
        manifest.files.filter((f) => f.path.endsWith(secret)),
        secret,
      ).toEqual([]);
    }
    // The store's tables are not dumped as rows: their files are the archive's files.
    expect(manifest.database.tables.map((t) => t.name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(stored_files|stored_file_chunks|backups)$/)]),
    );

    // Restored onto a fresh data folder and its own embedded database, then served; the operator gives the key of
    // the site that signed it (decision 288).
    const restored = await runScript("scripts/restore.ts", [archive], {
      DATABASE_URL: "",
      DATA_DIR: restoredDir,
      BACKUP_SIGNING_KEY: sourceSigningKey(),
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/restored \d+ rows and \d+ files/);
    // No secret came from the archive: the restored site makes or is given its own.
    for (const secret of KEPT_SECRET_FILES) expect(existsSync(path.join(restoredDir, secret)), secret).toBe(false);
    const server = await startAppServer({ DATABASE_URL: "", DATA_DIR: restoredDir }, { stderr: "inherit" });
    const copy = postgres(runningEmbeddedUrl(restoredDir, "app")!, { max: 1, onnotice: () => {} });
    try {
      for (const table of manifest.database.tables) {
        const [row] = await copy.unsafe<{ n: number }[]>(`select count(*)::int as n from "${table.name}"`);
        expect(row!.n, table.name).toBe(table.rows);
      }
      // Every row as it was: tables the writes did not touch are equal; the posts are a consistent cut.
      for (const table of ["users", "angel_readings", "models3d", "preferences"]) {
        expect(await rowsOf(copy, table), table).toEqual(await rowsOf(source, table));
      }
      const restoredPosts = await rowsOf(copy, "forum_posts");
      const sourcePosts = new Set(await rowsOf(source, "forum_posts"));
      expect(restoredPosts.every((row) => sourcePosts.has(row))).toBe(true);
      const mismatched = await copy`
        select t.id from forum_topics t
        where t.post_count <> (select count(*) from forum_posts p where p.topic_id = t.id)`;
      expect(mismatched).toEqual([]);
      // The sequences go on after the restored rows.
      const [next] =
        await copy`select nextval('forum_posts_id_seq')::int as id, (select max(id) from forum_posts) as max`;
      expect(next!.id).toBeGreaterThan(Number(next!.max));
      for (const file of manifest.files) {
        if (file.path.startsWith("models3d/")) {
          expect(await storedSha(copy, file.path), file.path).toBe(await storedSha(source, file.path));
          expect(existsSync(path.join(restoredDir, file.path)), file.path).toBe(false);
        } else {
          expect(sha(path.join(restoredDir, file.path)), file.path).toBe(sha(path.join(sourceDir, file.path)));
        }
      }

      // The restored site serves them: the topic and its replies, the reading, the model, a member's sign-in.
      const topic = await fetch(`${server.base}/api/forum/topics/${topics[0]!.id}/posts?limit=100`);
      expect(topic.status).toBe(200);
      const posts = (await topic.json()) as Array<{ content: string }>;
      expect(posts.map((p) => p.content)).toContain(`Reply of ${members[1]!.username} to 0`);
      expect(posts.some((p) => p.content.startsWith("Written during the backup"))).toBe(true);
      const saved = await fetch(`${server.base}/api/angel-numbers/saved`, { headers: { "x-session-id": visitor } });
      expect(JSON.stringify(await saved.json())).toContain("1111");
      const status = await fetch(`${server.base}/api/3d/status/${urn}`);
      expect(await status.json()).toMatchObject({ status: "stored" });
      const login = await fetch(`${server.base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: members[2]!.username, password: "Passw0rd!x" }),
      });
      expect(login.status).toBe(200);
    } finally {
      await copy.end();
      await server.stop();
      await source.end();
    }
  }, 300_000);

  it("refuses a damaged or truncated archive with a clear message and restores nothing", async () => {
    expect(archive).not.toBe("");
    const bytes = readFileSync(archive);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const damagedFile = path.join(work, "damaged.tar.gz");
    writeFileSync(damagedFile, flipped);
    const truncatedFile = path.join(work, "truncated.tar.gz");
    writeFileSync(truncatedFile, bytes.subarray(0, Math.floor(bytes.length * 0.6)));

    for (const [file, reason] of [
      [damagedFile, /is damaged or incomplete \(.+\): it was refused and nothing was restored\./],
      [truncatedFile, /is damaged or incomplete \(it ends early: a truncated copy\?\)/],
    ] as const) {
      const target = path.join(work, `target-${path.basename(file, ".tar.gz")}`);
      const result = await runScript("scripts/restore.ts", [file], { DATABASE_URL: "", DATA_DIR: target });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(reason);
      expect(result.stdout).not.toMatch(/restored/);
      // Refused before anything was written: no database was even started there.
      expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
    }

    // In process too: a part whose checksum does not match its manifest is named.
    await expect(checkRestorable(damagedFile, { key: sourceSigningKey() })).rejects.toThrow(/damaged or incomplete/);
  }, 120_000);

  it("refuses a forged archive (rows edited, checksums recomputed), one signed with another key, and an unsigned one", async () => {
    expect(archive).not.toBe("");
    const key = sourceSigningKey();
    const entries = await archiveEntries(archive);
    const manifestEntry = entries.find((e) => e.name === MANIFEST_NAME)!;
    const original = JSON.parse(manifestEntry.bytes.toString("utf8")) as Manifest;
    // An attacker makes a member an admin-to-be: a users row edited, its part's size and checksum recomputed.
    const users = original.database.tables.find((t) => t.name === "users")!;
    const part = entries.find((e) => e.name === users.part)!;
    const edited = Buffer.from(part.bytes.toString("utf8").replace(/^(\d+)\t[^\t]+\t/, "$1\tforged_admin\t"));
    expect(edited.equals(part.bytes)).toBe(false);
    const forgedManifest: Manifest = structuredClone(original);
    Object.assign(
      forgedManifest.database.tables.find((t) => t.name === "users")!,
      {
        bytes: edited.byteLength,
        sha256: hashOf(edited),
      },
    );
    const forgedBytes = Buffer.from(JSON.stringify(forgedManifest, null, 2));
    const forge = (name: string, signature: string | null) =>
      packArchive(
        path.join(work, name),
        entries
          .filter((e) => e.name !== SIGNATURE_NAME && e.name !== MANIFEST_NAME)
          .map((e) => (e.name === users.part ? { name: e.name, bytes: edited } : e))
          .concat([{ name: MANIFEST_NAME, bytes: forgedBytes }])
          .concat(signature === null ? [] : [{ name: SIGNATURE_NAME, bytes: Buffer.from(signature) }]),
      );
    const keptSignature = entries.find((e) => e.name === SIGNATURE_NAME)!.bytes.toString("utf8");
    const forged = await forge("forged.tar.gz", keptSignature);
    const otherKey = await forge("other-key.tar.gz", signManifest(randomBytes(32).toString("hex"), forgedBytes));
    const unsigned = await forge("unsigned.tar.gz", null);

    // The intact archive passes the same check.
    await expect(checkRestorable(archive, { key })).resolves.toMatchObject({ createdAt: original.createdAt });
    const anotherKey =
      /was signed with another key, or altered: it was refused and nothing was restored\. Set BACKUP_SIGNING_KEY to the key of the site that made it/;
    await expect(checkRestorable(forged, { key })).rejects.toThrow(anotherKey);
    await expect(checkRestorable(otherKey, { key })).rejects.toThrow(anotherKey);
    // The intact archive, checked with a key that is not its site's, is refused the same way.
    await expect(checkRestorable(archive, { key: randomBytes(32).toString("hex") })).rejects.toThrow(anotherKey);
    await expect(checkRestorable(unsigned, { key })).rejects.toThrow(/is not signed .*Add --unsigned/);
    // Explicitly allowed, an unsigned archive is read (its parts still checked against its manifest).
    await expect(checkRestorable(unsigned, { key, allowUnsigned: true })).resolves.toMatchObject({
      createdAt: original.createdAt,
    });

    // Through the script: refused before anything was written, the forged row nowhere.
    for (const [file, reason] of [
      [forged, anotherKey],
      [unsigned, /is not signed .*--unsigned/],
    ] as const) {
      const target = path.join(work, `target-${path.basename(file, ".tar.gz")}`);
      const result = await runScript("scripts/restore.ts", [file], {
        DATABASE_URL: "",
        DATA_DIR: target,
        BACKUP_SIGNING_KEY: key,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(reason);
      expect(result.stdout).not.toMatch(/restored/);
      expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
    }
  }, 120_000);

  it("refuses to restore over a database that holds data unless forced", async () => {
    const manifestOfArchive = await checkRestorable(archive, { key: sourceSigningKey() });
    await expect(
      restoreBackup({ file: archive, manifest: manifestOfArchive, databaseUrl: sourceUrl, dataDir: sourceDir }),
    ).rejects.toThrow(RestoreRefusedError);
    await expect(
      restoreBackup({ file: archive, manifest: manifestOfArchive, databaseUrl: sourceUrl, dataDir: sourceDir }),
    ).rejects.toThrow(/Nothing was restored: the database has rows in .*--force/);
  });

  it("restores an archive of an older schema and migrates it forward", async () => {
    const migrations = knownMigrations();
    const older = migrations.at(-2)!;
    const admin = postgres(process.env.TEST_ADMIN_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const url = (name: string) =>
      Object.assign(new URL(process.env.TEST_ADMIN_DATABASE_URL!), { pathname: `/${name}` });
    for (const name of ["test_backups_old", "test_backups_new"]) {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.unsafe(`create database ${name}`);
    }
    await admin.end();
    const old = postgres(url("test_backups_old").toString(), { max: 1, onnotice: () => {} });
    await old.begin((tx) => applyMigrationsUpTo(tx, older));
    await old`insert into users (username, password_hash) values ('from_the_past', 'x')`;
    await old.end();

    const dir = path.join(work, "old-site");
    // An older schema has no file store: the archive goes to a file (`npm run backup -- --file`).
    const signingKey = randomBytes(32).toString("hex");
    const source = { databaseUrl: url("test_backups_old").toString(), dataDir: dir, signingKey };
    // Short of space (decision 288): refused before the first byte, with the estimate; no file, no partial file.
    const short = path.join(dir, "short", "old.tar.gz");
    const estimate = await estimateArchiveBytes(source);
    expect(estimate).toBeGreaterThan(0);
    await expect(createBackupFile(source, short, { free: async () => estimate - 1 })).rejects.toThrow(
      NotEnoughSpaceError,
    );
    await expect(createBackupFile(source, short, { free: async () => 0 })).rejects.toThrow(
      /Not enough free space in .*short for the backup: it may need up to .* and 0 B is free\. Nothing was written/,
    );
    expect(readdirSync(path.dirname(short))).toEqual([]);
    expect(await freeBytes(work)).toBeGreaterThan(0);
    // With the real file system's free space (statfs), it is written.
    const made = await createBackupFile(source, path.join(dir, "backups", "old.tar.gz"));
    expect(made.manifest.schema).toMatchObject({ tag: older.tag, createdAt: older.createdAt });

    const target = url("test_backups_new").toString();
    const result = await restoreBackup({
      file: made.file!,
      manifest: await checkRestorable(made.file!, { key: signingKey }),
      databaseUrl: target,
      dataDir: path.join(work, "new-site"),
    });
    expect(result).toMatchObject({ from: older.tag, to: migrations.at(-1)!.tag });
    const restored = postgres(target, { max: 1, onnotice: () => {} });
    expect((await appliedSchemaVersion(restored))?.tag).toBe(migrations.at(-1)!.tag);
    expect(await restored`select username from users`).toEqual([{ username: "from_the_past" }]);
    await restored.end();
  }, 120_000);
});

describe("a backup kept in the store", () => {
  it("is restored by its name with --force, and the backups kept in the store stay", async () => {
    const admin = postgres(process.env.TEST_ADMIN_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists test_backups_named with (force)`);
    await admin.unsafe(`create database test_backups_named`);
    await admin.end();
    const url = Object.assign(new URL(process.env.TEST_ADMIN_DATABASE_URL!), {
      pathname: "/test_backups_named",
    }).toString();
    const dir = path.join(work, "named-site");
    await runMigrations(url);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql`insert into users (username, password_hash) values ('kept_by_the_backup', 'x')`;
      await databaseFileStore(() => sql).put("models3d/m-1/source.obj", "o cube\n");
      const made = await createBackup({ databaseUrl: url, dataDir: dir, signingKey: env.BACKUP_SIGNING_KEY });
      // Changed after the backup: a member and a file the restore must take away.
      await sql`insert into users (username, password_hash) values ('made_after_the_backup', 'x')`;
      await databaseFileStore(() => sql).put("models3d/m-2/source.obj", "o later\n");

      const refused = await runScript("scripts/restore.ts", [made.name], {
        DATABASE_URL: url,
        DATA_DIR: dir,
        BACKUP_SIGNING_KEY: env.BACKUP_SIGNING_KEY,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Nothing was restored: the database has rows in .*file store holds .*--force/);

      const result = await runScript("scripts/restore.ts", [made.name, "--force"], {
        DATABASE_URL: url,
        DATA_DIR: dir,
        BACKUP_SIGNING_KEY: env.BACKUP_SIGNING_KEY,
      });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`copied the stored backup ${made.name}`);
      expect((await sql`select username from users order by username`).map((r) => r.username)).toEqual([
        "kept_by_the_backup",
      ]);
      const store = databaseFileStore(() => sql);
      expect((await store.list("models3d")).map((f) => f.key)).toEqual(["models3d/m-1/source.obj"]);
      expect(Buffer.from(await store.read("models3d/m-1/source.obj")).toString()).toBe("o cube\n");
      // The archive and its record survived the rebuilt schema.
      expect((await listBackups(sql)).map((b) => b.name)).toEqual([made.name]);
      const copy = await copyStoredBackup(sql, made.name, path.join(work, `named-${made.name}`));
      expect(sha(copy)).toBe(made.sha256);
      expect((await sql`select to_regnamespace('restore_hold') as held`)[0]!.held).toBeNull();
    } finally {
      await sql.end();
    }
  }, 120_000);

  it("leaves nothing behind when the archive cannot be made", async () => {
    const before = await fileStore.list("backups");
    // An unknown database: the archive fails before its first byte, and its store write is removed with it.
    const bad = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: "/no_such_database" }).toString();
    await expect(
      createBackup({ databaseUrl: bad, dataDir: path.join(work, "nowhere"), signingKey: env.BACKUP_SIGNING_KEY }),
    ).rejects.toThrow();
    expect(await fileStore.list("backups")).toEqual(before);
    const [left] =
      await rawSql()`select count(*)::int as n from stored_files where key like 'backups/%' and not complete`;
    expect(left!.n).toBe(0);
  });
});

describe("the daily backup and the admin page", () => {
  it("runs as a recurring job, keeps the newest BACKUP_KEEP and records the outcome", async () => {
    const before = (await listBackups(rawSql())).map((b) => b.name);
    expect(registerBackupJobs()).toEqual(["backup"]);
    await scheduleRecurringTask("backup");
    expect(await drainJobs(["recurring/backup"])).toBe(1);
    const first = await listBackups(rawSql());
    expect(before).not.toContain(first[0]!.name);
    await backUpSite();
    await backUpSite();
    const kept = await listBackups(rawSql());
    expect(kept).toHaveLength(2);
    expect(kept.map((b) => b.name)).not.toContain(first[0]!.name);
    // The removed ones are gone from the store too; the kept ones are there, whole.
    const stored = (await fileStore.list("backups")).map((f) => f.key);
    expect(stored.sort()).toEqual([...kept.map((b) => `backups/${b.name}`), `backups/${LAST_RUN_KEY}`].sort());
    for (const backup of kept) expect(await fileStore.size(`backups/${backup.name}`)).toBe(backup.bytes);
    expect(await readLastRun(rawSql())).toMatchObject({ ok: true, name: kept[0]!.name, bytes: kept[0]!.bytes });
  }, 120_000);

  it("lists the backups to admins with size and date, and lets them download one", async () => {
    const admin = await member({ admin: true });
    const plain = await member();
    const adminCookie = await cookieFor(admin.id);
    const page = await call(backupsPage.loader, get("/admin/backups", adminCookie));
    expect(page.status).toBe(200);
    const kept = await listBackups(rawSql());
    expect(page.body.backups).toEqual(kept);
    expect(page.body).toMatchObject({ keep: 2, intervalHours: 24, lastRun: { ok: true } });
    expect((await call(backupsPage.loader, get("/admin/backups", await cookieFor(plain.id)))).status).toBe(403);

    const name = kept[0]!.name;
    const download = await settle(() =>
      backupDownload.loader({
        request: routeRequest(`/admin/backups/${name}`, { cookie: adminCookie }),
        params: { name },
        context: { clientIp: "127.0.0.1", cspNonce: "" } as never,
      }),
    );
    expect(download).toBeInstanceOf(Response);
    const response = download as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-length")).toBe(String(kept[0]!.bytes));
    const body = Buffer.from(await response.arrayBuffer());
    expect(hashOf(body)).toBe(kept[0]!.sha256);

    for (const bad of ["../site/session-secret", LAST_RUN_KEY, "backup-nope.tar.gz"]) {
      const answer = await call(backupDownload.loader, get(`/admin/backups/x`, adminCookie), { params: { name: bad } });
      expect(answer.status, bad).toBe(404);
    }
    const forbidden = await call(backupDownload.loader, get(`/admin/backups/${name}`, await cookieFor(plain.id)), {
      params: { name },
    });
    expect(forbidden.status).toBe(403);
  });
});
