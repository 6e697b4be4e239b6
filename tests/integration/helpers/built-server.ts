import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { startAppServer } from "../../../scripts/app-server";

/**
 * The production server of one test file: started from the build (`npm test` makes one) with `env` before the
 * file's tests, on an embedded PostgreSQL of its own, and stopped after them. Its address is `site.base` once started.
 */
export function serveBuildForFile(env: Record<string, string | undefined> = {}): { readonly base: string } {
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  beforeAll(async () => {
    expect(existsSync(path.resolve(import.meta.dirname, "../../../build/index.js")), "run `npm run build` first").toBe(
      true,
    );
    server = await startAppServer(env, { stderr: "inherit" });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get base() {
      return server?.base ?? "";
    },
  };
}
