/**
 * `npm test`: everything the test suite needs, then every test.
 *  1. The real clients the tests drive (DEBIAN_CLIENTS: Chromium and others), installed with apt when missing.
 *  2. A real PostgreSQL: DATABASE_URL's server when set, otherwise an embedded one in .data-test/.
 *  3. Type check, lint (ESLint) and format (Prettier), the production build, vitest (unit + integration),
 *     Playwright (JavaScript on and off).
 */
import { execSync, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureDatabase, freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { runMigrations } from "../db/migrate";

const root = path.resolve(import.meta.dirname, "..");
const testDataDir = path.join(root, ".data-test");

/**
 * The real clients the tests drive, from Debian's packages: the program each one must provide, by package name.
 * Add a client here when a test needs one; `npm test` installs whatever is missing (as root, with apt).
 */
const DEBIAN_CLIENTS: Record<string, string> = {
  chromium: "/usr/bin/chromium",
  // calendar programs that import the sky calendar (tests/integration/astrology-calendar.test.ts)
  calcurse: "/usr/bin/calcurse",
  khal: "/usr/bin/khal",
  // runs the Nu Html Checker (npm's vnu-jar) over every page (tests/integration/html-validation.test.ts)
  "default-jre-headless": "/usr/bin/java",
  // the text browsers every member flow is driven through (tests/integration/text-browsers.test.ts, decision 130),
  // the unsubscribe page (mail-delivery.test.ts) and the listen page (read-along.test.ts); tmux gives w3m a terminal
  lynx: "/usr/bin/lynx",
  tmux: "/usr/bin/tmux",
  // decode the speech the site makes, to measure where its sentences are heard (tests/support/audio.ts)
  ffmpeg: "/usr/bin/ffmpeg",
  w3m: "/usr/bin/w3m",
};

function ensureDebianClients() {
  const missing = Object.entries(DEBIAN_CLIENTS)
    .filter(([, program]) => !existsSync(program))
    .map(([pkg]) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing test clients: install Debian's ${missing.join(", ")} (apt-get install -y ${missing.join(" ")}).`,
    );
  }
  console.log(`[test] installing from Debian's packages: ${missing.join(", ")}…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, {
    stdio: "inherit",
  });
}

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  console.log(`\n[test] ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env, cwd: root });
  return result.status === 0;
}

function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * `npm test` runs everything. `npm test -- vitest [files…]` or `npm test -- e2e [files…]` runs one part (with
 * its database and build) for a quicker loop while working on a feature.
 */
const [only, ...files] = process.argv.slice(2) as [("vitest" | "e2e")?, ...string[]];

async function main() {
  ensureDebianClients();
  rmSync(testDataDir, { recursive: true, force: true });
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: testDataDir, database: "postgres" });
    adminUrl = embedded.url("postgres");
  }
  const integrationUrl = databaseUrl(adminUrl, "test_integration");
  const e2eUrl = databaseUrl(adminUrl, "test_e2e");
  for (const name of ["test_integration", "test_e2e"]) {
    const sql = (await import("postgres")).default(adminUrl, { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
    await ensureDatabase(adminUrl, name);
  }
  await runMigrations(integrationUrl);
  await runMigrations(e2eUrl);

  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
    ADMIN_API_TOKEN: "test-admin-api-token-0123456789",
    DATA_DIR: path.join(testDataDir, "app"),
    LOG_REQUESTS: "false",
    // Browser tests create their own forum data; demo topics would only get in the way.
    SEED_DEMO_CONTENT: "false",
    TEST_ADMIN_DATABASE_URL: adminUrl,
  };
  // Tests never reach a real vendor: providers are configured per test against loopback stand-ins.
  for (const key of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "MURF_API_KEY", "SMTP_URL", "PUBLIC_URL"])
    delete baseEnv[key];
  // Servers and scripts read .env from the checkout (decision 220): a developer's must not reach the tests.
  baseEnv.DOTENV_CONFIG_PATH = "/dev/null";

  const port = await freePort();
  const results: Array<[string, boolean]> = [];
  if (!only) {
    results.push(["typecheck", run("type check", "npx", ["tsc", "--noEmit"], baseEnv)]);
    results.push(["lint", run("lint (ESLint)", "npx", ["eslint", "--max-warnings=0", "."], baseEnv)]);
    results.push([
      "format",
      run("format (Prettier)", "npx", ["prettier", "--check", "--log-level=warn", "."], baseEnv),
    ]);
  }
  const built = run("production build", "npm", ["run", "build"], { ...baseEnv, NODE_ENV: "production" });
  results.push(["build", built]);
  if (only !== "e2e") {
    // Integration tests post in quick succession as several members; the forum's pace (decision 092) is tested
    // where it is the subject, by the servers those tests start with FORUM_POST_INTERVAL_SECONDS set.
    const env = { ...baseEnv, DATABASE_URL: integrationUrl, FORUM_POST_INTERVAL_SECONDS: "0" };
    results.push(["vitest", run("unit and integration tests", "npx", ["vitest", "run", ...files], env)]);
  }
  if (built && only !== "vitest") {
    results.push([
      "playwright",
      run("browser tests", "npx", ["playwright", "test", ...files], {
        ...baseEnv,
        DATABASE_URL: e2eUrl,
        E2E_PORT: String(port),
        DATA_DIR: path.join(testDataDir, "e2e"),
        // Browser tests make their flaggers a moment before they flag: every member counts as one of standing here
        // (decision 163's thresholds are tested where they are the subject, tests/integration/moderation.test.ts)
        MODERATION_STANDING_HOURS: "0",
        MODERATION_STANDING_POSTS: "0",
      }),
    ]);
  }
  await embedded?.stop().catch(() => {});
  console.log("\n[test] summary:");
  for (const [name, ok] of results) console.log(`  ${ok ? "ok  " : "FAIL"} ${name}`);
  process.exit(results.every(([, ok]) => ok) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
