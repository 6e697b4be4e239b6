import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stampBuild, staleReason } from "./build-if-stale";

/** A project folder with a build and two inputs, every file dated `at`. */
function project(at: Date): string {
  const dir = mkdtempSync(path.join(tmpdir(), "build-if-stale-"));
  for (const file of ["build/server.js", "build/index.js", "app/root.tsx", "public/favicon.ico", "public/build/a.js"]) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), "x");
  }
  for (const entry of ["build/server.js", "build/index.js", "app/root.tsx", "app", "public/favicon.ico", "public"])
    utimesSync(path.join(dir, entry), at, at);
  return dir;
}

describe("npm start builds only when the production build is stale", () => {
  const before = new Date(Date.now() - 60_000);
  let dir: string;
  beforeEach(() => {
    dir = project(before);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("builds when there is no build, or one npm start did not make (a development build)", () => {
    expect(staleReason(dir)).toBe("the build in build/ was not made by npm start");
    rmSync(path.join(dir, "build/index.js"));
    expect(staleReason(dir)).toBe("no build yet");
  });

  it("serves the build made after the last change, whatever the build wrote into public/build", () => {
    stampBuild(dir, new Date(before.getTime() + 1000));
    writeFileSync(path.join(dir, "public/build/b.js"), "new output");
    expect(staleReason(dir)).toBeUndefined();
  });

  it("builds again after an input file changes, is added or is removed", () => {
    stampBuild(dir, new Date(before.getTime() + 1000));
    writeFileSync(path.join(dir, "app/root.tsx"), "changed");
    expect(staleReason(dir)).toBe("app changed since the last build");

    // a build started a moment after the change (a file's time has sub-millisecond digits that a Date has not)
    stampBuild(dir, new Date(Date.now() + 1000));
    expect(staleReason(dir)).toBeUndefined();
    rmSync(path.join(dir, "app/root.tsx"));
    utimesSync(path.join(dir, "app"), new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    expect(staleReason(dir)).toBe("app changed since the last build");
  });
});
