import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * The project runs on Node's newest LTS line whatever the machine's own Node is (decision 274): the npm registry's
 * `node` package, a dev dependency, puts its binary first on the PATH of `npm run` and `npm test`. These checks fail
 * when the suite, the servers it starts or a dependency would run on another line than the one the project names.
 */
const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(path.join(root, "package.json"));
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const named = Number(readFileSync(path.join(root, ".nvmrc"), "utf8").trim());

describe("the runtime", () => {
  it("names one LTS line in .nvmrc, the node dev dependency and the production image", () => {
    const installed = (require("node/package.json") as { version: string }).version;
    expect(semver.major(installed)).toBe(named);
    expect(semver.satisfies(installed, manifest.devDependencies.node)).toBe(true);
    const image = /^FROM node:(\d+)/m.exec(readFileSync(path.join(root, "Dockerfile"), "utf8"));
    expect(image?.[1]).toBe(String(named));
    // the engines range takes the maintained lines: 22 from 22.12, 24 and the one named
    for (const version of ["22.12.0", "24.0.0", `${named}.0.0`])
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
    expect(semver.satisfies("20.19.0", manifest.engines.node)).toBe(false);
  });

  it("runs the suite, and the programs it starts by name, on that line", () => {
    expect(semver.major(process.version)).toBe(named);
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
    // a script or server started as `node …` from npm's PATH (the servers tests start use process.execPath)
    const onPath = execFileSync("node", ["-p", "process.version"], { encoding: "utf8" }).trim();
    expect(onPath).toBe(process.version);
  });

  it("installs no dependency whose engines refuse the running Node", () => {
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const refused = Object.entries(lock.packages)
      .filter(([name, info]) => name !== "" && info.engines && !Array.isArray(info.engines) && info.engines.node)
      .filter(([, info]) => !semver.satisfies(process.version, (info.engines as { node: string }).node))
      .map(([name, info]) => `${name} (${(info.engines as { node: string }).node})`);
    expect(refused).toEqual([]);
  });
});
