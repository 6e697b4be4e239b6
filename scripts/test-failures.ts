/**
 * What `npm test` repeats at the end of its summary: the tests that failed (and, for Playwright, those that passed
 * only on a retry), read from the JSON reports vitest and Playwright write beside their live output. A CI log is
 * often kept only as its tail; the names there say where to look without the whole log.
 */
import { existsSync, readFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";

export interface TestOutcome {
  /** "failed" or "flaky" (passed on a retry) */
  kind: "failed" | "flaky";
  /** file › title, as the runners print it */
  title: string;
  /** the first line of the error, when there is one */
  reason?: string;
}

function firstLine(message: string | undefined): string | undefined {
  if (!message) return undefined;
  // the runners colour their messages with ANSI escapes
  const line = stripVTControlCharacters(message)
    .split("\n")
    .find((text) => text.trim() !== "");
  return line?.trim().slice(0, 200);
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

interface VitestReport {
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName?: string; title?: string; status?: string; failureMessages?: string[] }[];
  }[];
}

/** Failed tests (and files that failed before any test ran) from vitest's JSON reporter. */
export function vitestFailures(report: unknown, root: string): TestOutcome[] {
  const outcomes: TestOutcome[] = [];
  for (const file of (report as VitestReport | undefined)?.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed)
      outcomes.push({
        kind: "failed",
        title: `${name} › ${test.fullName ?? test.title ?? ""}`,
        reason: firstLine(test.failureMessages?.[0]),
      });
    if (failed.length === 0 && file.status === "failed")
      outcomes.push({ kind: "failed", title: name, reason: firstLine(file.message) });
  }
  return outcomes;
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file?: string;
    line?: number;
    tests?: { projectName?: string; status?: string; results?: { error?: { message?: string } }[] }[];
  }[];
}

/** Failed and flaky tests from Playwright's JSON reporter. */
export function playwrightFailures(report: unknown): TestOutcome[] {
  const outcomes: TestOutcome[] = [];
  // A top-level suite is the file (its title is the file name); those below it are describe blocks.
  const visit = (suite: PlaywrightSuite, path: string[] | undefined) => {
    const here = path === undefined ? [] : suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const where = `${spec.file ?? suite.file ?? ""}:${spec.line ?? ""}`;
        const error = test.results?.find((result) => result.error)?.error;
        outcomes.push({
          kind: test.status === "flaky" ? "flaky" : "failed",
          title: `[${test.projectName ?? ""}] ${where} › ${[...here, spec.title].join(" › ")}`,
          reason: firstLine(error?.message),
        });
      }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of (report as { suites?: PlaywrightSuite[] } | undefined)?.suites ?? []) visit(suite, undefined);
  return outcomes;
}

/** The lines the summary prints for one phase's report file (none when all passed or there is no report). */
export function outcomeLines(phase: "vitest" | "playwright", reportFile: string, root: string): string[] {
  const report = readJson(reportFile);
  const outcomes = phase === "vitest" ? vitestFailures(report, root) : playwrightFailures(report);
  return outcomes.flatMap((outcome) => [
    `  ${outcome.kind === "failed" ? "FAILED" : "flaky "} ${phase}: ${outcome.title}`,
    ...(outcome.reason ? [`           ${outcome.reason}`] : []),
  ]);
}
