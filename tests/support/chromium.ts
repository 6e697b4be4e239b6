/**
 * The browser of the tests (playwright.config.ts) and of every script that loads pages in one (bench-loading,
 * long-tasks, lighthouse-pages, record-octahedron-video): Debian's Chromium, which `npm test` installs with apt
 * (scripts/test.ts), started with the same flags everywhere.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * No sandbox (the tests run as root in a container), software rendering, and nothing that calls out on its own
 * (background updates, sync, QUIC): no third-party request, and no work beside the page's.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Playwright's `launchOptions` (`chromium.launch(…)`, or a config's `use.launchOptions`). */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
