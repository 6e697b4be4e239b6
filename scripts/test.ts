/**
 * `npm test`: everything the test suite needs, then every test.
 *  1. The real clients the tests drive (DEBIAN_CLIENTS: Chromium and others), installed with apt when missing.
 *  2. A real PostgreSQL: DATABASE_URL's server when set, otherwise an embedded one in .data-test/.
 *  3. Type check, lint (ESLint) and format (Prettier's check, never a write) at the same time as the production
 *     build (they only read the source; the build writes build/ and public/build/, which all three ignore), each
 *     one's output held back and printed whole when it ends; then vitest (unit + integration) and Playwright
 *     (JavaScript on and off) one after the other, live: they share the database server and the CPU.
 *  4. A summary with each phase's wall time ("ok   vitest   9m12s"), then the tests that failed or passed only on a
 *     retry, read from the runners' JSON reports (a CI log is often kept only as its tail).
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { ensureDatabase, freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { CHROMIUM_PATH } from "../tests/support/chromium";
import { HAPROXY_PACKAGE } from "./cluster";
import { ensureDebianPackages } from "./debian-packages";
import { outcomeLines } from "./test-failures";

const root = path.resolve(import.meta.dirname, "..");
const testDataDir = path.join(root, ".data-test");
const vitestReport = path.join(testDataDir, "vitest-report.json");
const playwrightReport = path.join(testDataDir, "playwright-report.json");

/**
 * The real clients the tests drive, from Debian's packages: the program each one must provide, by package name.
 * Add a client here when a test needs one; `npm test` installs whatever is missing (as root, with apt).
 */
const DEBIAN_CLIENTS: Record<string, string> = {
  chromium: CHROMIUM_PATH,
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
  // the load balancer in front of the cluster (tests/integration/cluster.test.ts, npm run cluster)
  ...HAPROXY_PACKAGE,
  // a real screen reader listening to the member flows in Chromium on a virtual display of its own
  // (tests/integration/orca.test.ts with tests/support/orca.ts, decision 330)
  orca: "/usr/bin/orca",
  xvfb: "/usr/bin/Xvfb",
  xdotool: "/usr/bin/xdotool",
  "at-spi2-core": "/usr/libexec/at-spi-bus-launcher",
  "dbus-x11": "/usr/bin/dbus-launch",
};

interface Phase {
  name: string;
  ok: boolean;
  ms: number;
}

/** A wall time as the summary shows it: 0.8s, 42s, 9m12s. */
function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

/** One phase with its output live on this terminal (the long phases that run alone). */
function run(name: string, label: string, command: string, args: string[], env: NodeJS.ProcessEnv): Phase {
  console.log(`\n[test] ${label}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env, cwd: root });
  return { name, ok: result.status === 0, ms: performance.now() - started };
}

/**
 * One phase that runs beside others: its output (stdout and stderr, in order) is held back and printed whole when
 * it ends, so parallel phases never interleave their lines.
 */
function runBuffered(
  name: string,
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<Phase> {
  const started = performance.now();
  // Keep the tools' colours when this terminal has them (a pipe turns them off).
  const colour = process.stdout.isTTY && !env.NO_COLOR ? { FORCE_COLOR: env.FORCE_COLOR ?? "1" } : {};
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...env, ...colour }, cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, error?: Error) => {
      const ms = performance.now() - started;
      console.log(`\n[test] ${label} (${formatDuration(ms)}): ${command} ${args.join(" ")}`);
      process.stdout.write(Buffer.concat(output));
      if (error) console.error(error);
      resolve({ name, ok, ms });
    };
    child.on("error", (error) => finish(false, error));
    child.on("close", (code) => finish(code === 0));
  });
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
  const started = performance.now();
  ensureDebianPackages(DEBIAN_CLIENTS, (line) => console.log(`[test] ${line}`));
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
  const phases: Phase[] = [{ name: "setup", ok: true, ms: performance.now() - started }];
  const productionEnv: NodeJS.ProcessEnv = { ...baseEnv, NODE_ENV: "production" };
  let built: boolean;
  if (!only) {
    // Independent of each other and of the build: all four at once, each printed whole when it ends.
    const parallel = await Promise.all([
      runBuffered("typecheck", "type check", "npx", ["tsc", "--noEmit"], baseEnv),
      runBuffered("lint", "lint (ESLint)", "npx", ["eslint", "--max-warnings=0", "."], baseEnv),
      runBuffered("format", "format (Prettier's check)", "npm", ["run", "--silent", "format:check"], baseEnv),
      runBuffered("build", "production build", "npm", ["run", "build"], productionEnv),
    ]);
    phases.push(...parallel);
    built = parallel[3].ok;
  } else {
    const build = run("build", "production build", "npm", ["run", "build"], productionEnv);
    phases.push(build);
    built = build.ok;
  }
  if (only !== "e2e") {
    // Integration tests post in quick succession as several members; the forum's pace (decision 092) is tested
    // where it is the subject, by the servers those tests start with FORUM_POST_INTERVAL_SECONDS set.
    const env = { ...baseEnv, DATABASE_URL: integrationUrl, FORUM_POST_INTERVAL_SECONDS: "0" };
    const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`];
    phases.push(run("vitest", "unit and integration tests", "npx", ["vitest", "run", ...reporters, ...files], env));
  }
  if (built && only !== "vitest") {
    phases.push(
      run("playwright", "browser tests", "npx", ["playwright", "test", "--reporter=list,json", ...files], {
        ...baseEnv,
        PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
        DATABASE_URL: e2eUrl,
        E2E_PORT: String(port),
        DATA_DIR: path.join(testDataDir, "e2e"),
        // Browser tests make their flaggers a moment before they flag: every member counts as one of standing here
        // (decision 163's thresholds are tested where they are the subject, tests/integration/moderation.test.ts)
        MODERATION_STANDING_HOURS: "0",
        MODERATION_STANDING_POSTS: "0",
      }),
    );
  }
  await embedded?.stop().catch(() => {});
  console.log("\n[test] summary (wall time per phase):");
  const width = Math.max(...phases.map((phase) => phase.name.length));
  for (const phase of phases)
    console.log(`  ${phase.ok ? "ok  " : "FAIL"} ${phase.name.padEnd(width)}  ${formatDuration(phase.ms)}`);
  console.log(`  total ${formatDuration(performance.now() - started)}`);
  const outcomes = [
    ...outcomeLines("vitest", vitestReport, root),
    ...outcomeLines("playwright", playwrightReport, root),
  ];
  if (outcomes.length > 0) console.log(`\n[test] tests that failed or passed only on a retry:\n${outcomes.join("\n")}`);
  process.exit(phases.every((phase) => phase.ok) ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
