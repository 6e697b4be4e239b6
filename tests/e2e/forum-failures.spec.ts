import postgres from "postgres";
import { ensureDatabase } from "../../db/embedded";
import { startAppServer } from "../../scripts/app-server";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * The forum's pages when their data cannot be read: the spec's 'Failed to fetch topics', 'Failed to fetch topic'
 * and 'Failed to fetch posts', answered with a 500 and the site's shell. The failures are real ones: a server of
 * its own, on a database of its own, whose forum tables are renamed away while the page loads (the other tests'
 * server and database are left alone).
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
let sql: postgres.Sql | undefined;
let base = "";
let topicId = 0;

// Playwright reads the fixtures a hook uses from this pattern; this one uses none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  const e2eUrl = new URL(process.env.DATABASE_URL!);
  const database = `test_e2e_faults_${testInfo.project.name.replace(/\W/g, "_")}`;
  const adminUrl = new URL(e2eUrl);
  adminUrl.pathname = "/postgres";
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
  await ensureDatabase(adminUrl.toString(), database);
  const url = new URL(e2eUrl);
  url.pathname = `/${database}`;

  server = await startAppServer({ DATABASE_URL: url.toString(), PAGE_CACHE_SECONDS: "0" }, { stderr: "ignore" });
  base = server.base;
  sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const [user] = await sql<
    { id: number }[]
  >`insert into users (username, password_hash) values ('fault_author', 'x') returning id`;
  const [topic] = await sql<{ id: number }[]>`
    insert into forum_topics (title, category, author_id, post_count) values ('A topic to break', 'general', ${user!.id}, 1)
    returning id`;
  topicId = topic!.id;
  await sql`insert into forum_posts (topic_id, author_id, number, content) values (${topicId}, ${user!.id}, 1, 'First words')`;
});

test.afterAll(async () => {
  await server?.stop();
  await sql?.end();
});

/** Runs `body` while `table` cannot be read under its name, and puts it back whatever happens. */
async function withTableGone(table: "forum_topics" | "forum_posts", body: () => Promise<void>) {
  await sql!.unsafe(`alter table ${table} rename to ${table}_away`);
  try {
    await body();
  } finally {
    await sql!.unsafe(`alter table ${table}_away rename to ${table}`);
  }
}

test("the topic list says 'Failed to fetch topics' when topics cannot be read", async ({ page }) => {
  const working = await page.goto(`${base}/forum`);
  expect(working?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "A topic to break" })).toBeVisible();

  await withTableGone("forum_topics", async () => {
    const response = await page.goto(`${base}/forum`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Failed to fetch topics" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectAccessible(page);
  });
  expect((await page.goto(`${base}/forum`))?.status()).toBe(200);
});

test("a topic says 'Failed to fetch topic' when it cannot be read", async ({ page }) => {
  await withTableGone("forum_topics", async () => {
    const response = await page.goto(`${base}/forum/topic/${topicId}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Failed to fetch topic" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Forum" })).toHaveAttribute("href", "/forum");
    await expectAccessible(page);
  });
});

test("a topic says 'Failed to fetch posts' when its posts cannot be read, also on the way from the list", async ({
  page,
  jsEnabled,
}) => {
  await withTableGone("forum_posts", async () => {
    const response = await page.goto(`${base}/forum/topic/${topicId}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Failed to fetch posts" })).toBeVisible();
    await expectAccessible(page);

    // Opening the topic from the list: with JavaScript the page's data is fetched in the page.
    await page.goto(`${base}/forum`);
    await waitForHydration(page, jsEnabled);
    await page.getByRole("link", { name: "A topic to break" }).click();
    await expect(page).toHaveURL(`${base}/forum/topic/${topicId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Failed to fetch posts" })).toBeVisible();
  });
  await page.goto(`${base}/forum/topic/${topicId}`);
  await expect(page.getByText("First words")).toBeVisible();
});
