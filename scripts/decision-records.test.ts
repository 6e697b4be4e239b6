import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The decision records stay findable (issue 38): every record in docs/decisions/ starts with its status and has one
 * row in the index (docs/decisions/README.md) whose status says the same thing, and a record named as superseding
 * another exists.
 */
const dir = path.resolve(import.meta.dirname, "../docs/decisions");
const records = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(path.join(dir, "README.md"), "utf8");

const statusOf = (name: string) =>
  /^Status: (.+)$/m.exec(readFileSync(path.join(dir, name), "utf8").split("\n").slice(0, 6).join("\n"))?.[1] ?? "";

describe("decision records", () => {
  it("there are records to check", () => {
    expect(records.length).toBeGreaterThan(90);
  });

  it.each(records)("%s starts with its status and has one row in the index", (name) => {
    const status = statusOf(name);
    expect(status).toMatch(/^(accepted|superseded by \d{3}|partly superseded by \d{3})/);
    const rows = index.split("\n").filter((line) => line.startsWith(`| [${name.slice(0, 3)}](${name}) |`));
    expect(rows).toHaveLength(1);
    const indexStatus = rows[0]!.split(" | ")[2] ?? "";
    expect(indexStatus.split(" ")[0]).toBe(status.split(" ")[0]!.replace(/[;,.]$/, ""));
  });

  it("every record a status names exists", () => {
    const numbers = new Set(records.map((name) => name.slice(0, 3)));
    const named = records.flatMap((name) => [...statusOf(name).matchAll(/superseded by (\d{3})/g)].map((m) => m[1]!));
    expect(named.filter((n) => !numbers.has(n))).toEqual([]);
  });
});
