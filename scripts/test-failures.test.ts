import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { outcomeLines, playwrightFailures, vitestFailures } from "./test-failures";

describe("the failures npm test repeats under its summary", () => {
  it("names vitest's failed tests with the first line of their error, and files that failed to load", () => {
    const report = {
      testResults: [
        {
          name: "/repo/tests/integration/a.test.ts",
          status: "failed",
          assertionResults: [
            {
              fullName: "forum search ranks titles first",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at x"],
            },
            { fullName: "forum search pages", status: "passed", failureMessages: [] },
          ],
        },
        {
          name: "/repo/tests/integration/b.test.ts",
          status: "failed",
          message: "\nSyntaxError: Unexpected token",
          assertionResults: [],
        },
        {
          name: "/repo/tests/integration/c.test.ts",
          status: "passed",
          assertionResults: [{ fullName: "ok", status: "passed" }],
        },
      ],
    };
    expect(vitestFailures(report, "/repo")).toEqual([
      {
        kind: "failed",
        title: "tests/integration/a.test.ts › forum search ranks titles first",
        reason: "AssertionError: expected 2 to be 1",
      },
      { kind: "failed", title: "tests/integration/b.test.ts", reason: "SyntaxError: Unexpected token" },
    ]);
  });

  it("names Playwright's failed and flaky tests with their project, place and describe blocks", () => {
    const report = {
      suites: [
        {
          title: "forum.spec.ts",
          file: "forum.spec.ts",
          specs: [
            {
              title: "a member replies",
              file: "forum.spec.ts",
              line: 12,
              tests: [
                { projectName: "js", status: "expected", results: [{}] },
                {
                  projectName: "no-js",
                  status: "flaky",
                  results: [{ error: { message: "Timeout 5000ms exceeded." } }, {}],
                },
              ],
            },
          ],
          suites: [
            {
              title: "the stylesheet",
              file: "forum.spec.ts",
              specs: [
                {
                  title: "keeps its sheet",
                  file: "forum.spec.ts",
                  line: 40,
                  tests: [
                    {
                      projectName: "js",
                      status: "unexpected",
                      results: [{ error: { message: "Error: expect(locator).toBeVisible()\nmore" } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      { kind: "flaky", title: "[no-js] forum.spec.ts:12 › a member replies", reason: "Timeout 5000ms exceeded." },
      {
        kind: "failed",
        title: "[js] forum.spec.ts:40 › the stylesheet › keeps its sheet",
        reason: "Error: expect(locator).toBeVisible()",
      },
    ]);
  });

  it("prints nothing when every test passed, the report is missing or it cannot be read", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "test-failures-"));
    try {
      const broken = path.join(dir, "broken.json");
      writeFileSync(broken, "{ not json");
      const passed = path.join(dir, "passed.json");
      writeFileSync(
        passed,
        JSON.stringify({ testResults: [{ name: "/r/a.test.ts", status: "passed", assertionResults: [] }] }),
      );
      expect(outcomeLines("vitest", path.join(dir, "missing.json"), "/r")).toEqual([]);
      expect(outcomeLines("playwright", broken, "/r")).toEqual([]);
      expect(outcomeLines("vitest", passed, "/r")).toEqual([]);
      const failed = path.join(dir, "failed.json");
      writeFileSync(
        failed,
        JSON.stringify({ testResults: [{ name: "/r/a.test.ts", status: "failed", message: "boom" }] }),
      );
      expect(outcomeLines("vitest", failed, "/r")).toEqual(["  FAILED vitest: a.test.ts", "           boom"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
