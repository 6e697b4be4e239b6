import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium";

/**
 * Browser tests against the production build served as `npm start` serves it (`node build/server.js`), in Debian's
 * Chromium (tests/support/chromium.ts), twice: with JavaScript on and with JavaScript off. `npm test` sets E2E_PORT, DATABASE_URL and DATA_DIR.
 */
const port = Number(process.env.E2E_PORT ?? 3111);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 1,
  reporter: [["list"]],
  use: { baseURL, launchOptions: chromiumLaunchOptions, trace: "off", screenshot: "off" },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: "node build/server.js",
        url: `${baseURL}/healthz`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: "pipe",
        stderr: "pipe",
        env: {
          ...(process.env as Record<string, string>),
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
        },
      },
});
