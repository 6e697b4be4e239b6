import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../db/embedded";
import { startAppServer } from "../../scripts/app-server";
import { projectCopy } from "./helpers/project-copy";

/**
 * Issue 38: `.env` in the working directory is read at start by the server (`npm start`, `node build/server.js`)
 * and by the scripts that read the configuration, under the real environment, which wins (decision 220). Run in a
 * copy of the project whose `.env` each test writes: .env.example as it is, with a few settings of the test's.
 */
const root = path.resolve(import.meta.dirname, "../..");
const example = readFileSync(path.join(root, ".env.example"), "utf8");
let project: ReturnType<typeof projectCopy>;

beforeAll(() => {
  project = projectCopy();
});
afterAll(() => project?.remove());

/** The server of the project copy, started with `env` over the environment, listening on `port`. */
async function serve(port: number, env: Record<string, string | undefined>) {
  const server = await startAppServer(
    {
      DOTENV_CONFIG_PATH: undefined,
      NODE_ENV: undefined,
      HOST: undefined,
      PORT: undefined,
      CONTACT_EMAIL: undefined,
      ...env,
    },
    { cwd: project.dir, port, output: true },
  );
  try {
    const about = await fetch(`${server.base}/about`);
    expect(about.status).toBe(200);
    return { about: await about.text(), output: () => server.output() };
  } finally {
    await server.stop();
  }
}

/** A script of package.json run as `npm run <name>` in the project copy. */
function npmRun(name: string, env: Record<string, string | undefined>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", name],
      { cwd: project.dir, env: { ...process.env, DOTENV_CONFIG_PATH: undefined, DATABASE_URL: undefined, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe("the .env file", () => {
  it("configures the server where the environment is silent, .env.example's empty settings meaning unset", async () => {
    const port = await freePort();
    project.writeEnvFile(`${example}\nHOST=127.0.0.1\nPORT=${port}\nCONTACT_EMAIL=from-env-file@example.org\n`);
    const server = await serve(port, {});
    expect(server.about).toContain("from-env-file@example.org");
    expect(server.output()).toContain(`[server] listening on 127.0.0.1:${port};`);
  }, 90_000);

  it("gives way to a variable set in the environment", async () => {
    const [filePort, port] = [await freePort(), await freePort()];
    project.writeEnvFile(`${example}\nHOST=127.0.0.1\nPORT=${filePort}\nCONTACT_EMAIL=from-env-file@example.org\n`);
    const server = await serve(port, { PORT: String(port), CONTACT_EMAIL: "from-environment@example.org" });
    expect(server.about).toContain("from-environment@example.org");
    expect(server.about).not.toContain("from-env-file@example.org");
    expect(server.output()).toContain(`[server] listening on 127.0.0.1:${port};`);
  }, 90_000);

  it("is read by the scripts too (npm run db:migrate), under the environment", async () => {
    // Nothing listens on port 1: the migration fails there only if it took DATABASE_URL from .env.
    project.writeEnvFile(`${example}\nDATABASE_URL=postgres://nobody@127.0.0.1:1/nothing\n`);
    const fromFile = await npmRun("db:migrate", {});
    expect(fromFile.code).not.toBe(0);
    expect(fromFile.output).toContain("ECONNREFUSED");
    const fromEnvironment = await npmRun("db:migrate", { DATABASE_URL: process.env.DATABASE_URL });
    expect(fromEnvironment.output).toContain("[migrate] the database is up to date");
    expect(fromEnvironment.code).toBe(0);
  }, 90_000);

  it("is loaded first by every script that reads the configuration", () => {
    for (const script of ["dev", "migrate", "seed", "make-admin", "backup", "restore"]) {
      const source = readFileSync(path.join(root, "scripts", `${script}.ts`), "utf8");
      const firstImport = /^import .*$/m.exec(source)?.[0];
      expect(firstImport, script).toMatch(/^import "\.\/env-file";/);
    }
  });
});
