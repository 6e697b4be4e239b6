import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import { startAppServer } from "../../../scripts/app-server";

/** The module recorder (tests/fixtures/module-recorder), for Node's `--import` (an argument or NODE_OPTIONS). */
export const MODULE_RECORDER = pathToFileURL(
  path.resolve(import.meta.dirname, "../../fixtures/module-recorder/register.mjs"),
).href;

/**
 * The production server started with `env` and `options` and the module recorder preloaded, asked for two pages (the
 * home page, which must answer 200 with its title, and /forum, 200) and stopped: what the recorder wrote (`lines`,
 * and `modules`, the URL of every module the process loaded) and the server's output (with `output: true`).
 */
export async function modulesLoadedServingPages(
  env: Record<string, string | undefined>,
  options: Parameters<typeof startAppServer>[1] = {},
): Promise<{ lines: string[]; modules: string[]; output: string }> {
  const log = path.join(mkdtempSync(path.join(tmpdir(), "modules-")), "modules.txt");
  const server = await startAppServer(
    { MODULE_LOG: log, ...env },
    { nodeArgs: ["--import", MODULE_RECORDER], ...options },
  );
  try {
    const home = await fetch(`${server.base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<title>");
    expect((await fetch(`${server.base}/forum`)).status).toBe(200);
  } finally {
    await server.stop();
  }
  const lines = readFileSync(log, "utf8").split("\n");
  const modules = lines.filter((line) => line.startsWith("module ")).map((line) => line.slice("module ".length));
  return { lines, modules, output: server.output() };
}
