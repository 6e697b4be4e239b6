import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";
import { MODULE_RECORDER, modulesLoadedServingPages } from "./helpers/module-recorder";
import { projectCopy } from "./helpers/project-copy";

/**
 * Issue 33: React, React DOM and React Router pick their production or development build from NODE_ENV when they
 * are first loaded, so the server's entry (server-entry.ts, built to build/server.js) settles NODE_ENV before it
 * loads them (decision 220). Watched by the module recorder (tests/fixtures/module-recorder), which notes every
 * file the server loads, ES modules and CommonJS `require`s alike. Run in a copy of the project with no `.env`.
 */
let project: ReturnType<typeof projectCopy>;

beforeAll(() => {
  project = projectCopy();
});
afterAll(() => project?.remove());

/** The files of React, React DOM, React Router and Remix the server loaded while it served two pages. */
async function reactFilesLoaded(
  env: Record<string, string | undefined>,
  options: Parameters<typeof startAppServer>[1] = {},
): Promise<{ files: string[]; output: string }> {
  // The copy's own .env (none but in the last test), not the test runner's /dev/null
  const { modules, output } = await modulesLoadedServingPages(
    { DOTENV_CONFIG_PATH: undefined, ...env },
    { cwd: project.dir, output: true, ...options },
  );
  const packages = /\/node_modules\/(react|react-dom|react-router|react-router-dom|@remix-run\/[^/]+)\/.*$/;
  const files = modules
    .map((url) => packages.exec(url)?.[0].slice("/node_modules/".length))
    .filter((file): file is string => file !== undefined);
  return { files: [...new Set(files)], output };
}

const developmentBuilds = (files: string[]) => files.filter((file) => /\.development(\.min)?\.js$/.test(file));

function expectProductionBuilds(files: string[]) {
  expect(files).toContain("react/cjs/react.production.min.js");
  expect(files).toContain("react/cjs/react-jsx-runtime.production.min.js");
  expect(files).toContain("react-dom/cjs/react-dom-server.node.production.min.js");
  expect(files).toContain("react-router/dist/umd/react-router.production.min.js");
  expect(files).toContain("react-router-dom/dist/umd/react-router-dom.production.min.js");
  expect(developmentBuilds(files)).toEqual([]);
}

describe("the production server's React", () => {
  it("is the production build under `node build/server.js` with no NODE_ENV", async () => {
    const { files } = await reactFilesLoaded({ NODE_ENV: undefined });
    expectProductionBuilds(files);
  }, 90_000);

  it("is the production build under `npm start`", async () => {
    const { files, output } = await reactFilesLoaded(
      { NODE_ENV: undefined, NODE_OPTIONS: `--import ${MODULE_RECORDER}` },
      { command: ["npm", "start"] },
    );
    expectProductionBuilds(files);
    expect(output).toContain("[start] the production build is current: serving it");
  }, 90_000);

  it("is served by a second `npm start` (the build current) within 5 s, listening where it says", async () => {
    /** Milliseconds from the command to the first answer of /healthz. */
    const timed = async (command?: [string, ...string[]]) => {
      const started = performance.now();
      const server = await startAppServer({ NODE_ENV: undefined }, { command, cwd: project.dir, output: true });
      const ms = performance.now() - started;
      await server.stop();
      // The listening line names the address it listens on (startAppServer gives HOST=127.0.0.1).
      expect(server.output()).toContain(`[server] listening on 127.0.0.1:${server.port};`);
      return { ms, output: server.output() };
    };
    // The best of three, each beside a start of `node build/server.js` itself: on a machine so loaded that the
    // server's own boot takes longer than 5 s, npm start may take that boot and 2 s more (npm, the staleness check),
    // never a build.
    let npmStart = Infinity;
    let serverAlone = Infinity;
    for (let attempt = 0; attempt < 3 && npmStart >= 5_000; attempt++) {
      const run = await timed(["npm", "start"]);
      expect(run.output).toContain("[start] the production build is current: serving it");
      npmStart = Math.min(npmStart, run.ms);
      serverAlone = Math.min(serverAlone, (await timed()).ms);
    }
    expect(npmStart).toBeLessThan(Math.max(5_000, serverAlone + 2_000));
  }, 120_000);

  it("is the development build when NODE_ENV=development says so (npm run dev), as the recorder sees", async () => {
    const { files } = await reactFilesLoaded({ NODE_ENV: "development" });
    expect(files).toContain("react/cjs/react.development.js");
    expect(files).toContain("react-dom/cjs/react-dom-server.node.development.js");
    expect(files).toContain("react-router/dist/umd/react-router.development.js");
    expect(files.filter((file) => /\.production\.min\.js$/.test(file))).toEqual([]);
  }, 90_000);

  it("follows a NODE_ENV given in .env, which is read before React loads (decision 220)", async () => {
    project.writeEnvFile("NODE_ENV=development\n");
    try {
      const { files } = await reactFilesLoaded({ NODE_ENV: undefined });
      expect(files).toContain("react/cjs/react.development.js");
      expect(files).toContain("react-router/dist/umd/react-router.development.js");
      expect(files.filter((file) => /\.production\.min\.js$/.test(file))).toEqual([]);
    } finally {
      rmSync(path.join(project.dir, ".env"));
    }
  }, 90_000);
});
