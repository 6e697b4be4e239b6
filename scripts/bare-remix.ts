import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../db/embedded";
import { pageScriptBytes } from "./bundle-size";

/**
 * The bare Remix v2 page every performance goal of issue 15 is measured against (tests/fixtures/bare-remix: one
 * route, no data, Remix's default entries, the same installed @remix-run packages, React and future flags as the
 * site). Built here so the benchmark (scripts/bench-pages.ts) and the bundle-budget test
 * (tests/integration/bundle-budget.test.ts) compare with the bare page as this checkout builds it, in the same run.
 */
const root = path.resolve(import.meta.dirname, "..");
export const BARE_FIXTURE = path.join(root, "tests/fixtures/bare-remix");

/** Builds the bare page into `outDir` (`outDir/build/index.js`, `outDir/public/build`). */
export function buildBareRemix(outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  const built = spawnSync(path.join(root, "node_modules/.bin/remix"), ["build"], {
    cwd: BARE_FIXTURE,
    env: { ...process.env, NODE_ENV: "production", BARE_REMIX_OUT: path.resolve(outDir) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) throw new Error("the bare Remix page did not build");
}

/** Gzipped bytes of every script the bare page's document loads (scripts/bundle-size.ts counts them alike). */
export function bareRemixScriptBytes(outDir: string): number {
  const page = pageScriptBytes(path.join(outDir, "public/build")).get("routes/_index");
  if (!page) throw new Error(`no bare Remix build in ${outDir}`);
  return page.bytes;
}

/** Builds the bare Remix page into `outDir` and serves it (Express + compression) on a free loopback port. */
export async function startBareRemix(outDir: string): Promise<{ base: string; stop: () => Promise<void> }> {
  buildBareRemix(outDir);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(BARE_FIXTURE, "server.js"), outDir], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(base).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return {
        base,
        stop: async () => {
          if (child.exitCode === null) child.kill("SIGTERM");
          await exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the bare Remix page's server did not start");
}
