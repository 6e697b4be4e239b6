/**
 * `npx tsx scripts/bench-pages-ab.ts --a=DIR --b=DIR [--only=/path,/path] [bench-pages options]`: two builds of the
 * site compared in one run (decision 390): `bench-pages` (every page against the bare Remix page) on build A, B, B
 * and A in turn, so that a machine that speeds up or slows down during the run weighs on both alike. Each DIR is a
 * checkout with its `build/`, `public/build/` and `node_modules/` (a copy of the commit before a change, built, say).
 * Prints, per page, each build's ratio to the bare page (the mean of its two runs, and both), its p95 and the load
 * average at each run's end. The runs' results go to .data-bench-pages/ab-results.json.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { option, runScript } from "./bench-cli";

type Result = { page: string; as: string; ratio: number; measured: { rps: number; p95: number }; goal: number };
type Run = { label: "A" | "B"; cwd: string; load: string; results: Result[] };

const root = path.resolve(import.meta.dirname, "..");
const dirs = { A: path.resolve(option("a", "")), B: path.resolve(option("b", "")) };
const passed = process.argv.slice(2).filter((arg) => !/^--(a|b)=/.test(arg));

async function main() {
  if (!option("a", "") || !option("b", "")) throw new Error("give both builds: --a=DIR --b=DIR");
  const runs: Run[] = [];
  for (const label of ["A", "B", "B", "A"] as const) {
    console.log(`\n== ${label}: ${dirs[label]}`);
    execFileSync("npx", ["tsx", "scripts/bench-pages.ts", `--cwd=${dirs[label]}`, ...passed], {
      cwd: root,
      stdio: "inherit",
    });
    const json = JSON.parse(readFileSync(path.join(root, ".data-bench-pages/results.json"), "utf8")) as Run;
    runs.push({ label, cwd: dirs[label], load: json.load, results: json.results });
  }
  writeFileSync(path.join(root, ".data-bench-pages/ab-results.json"), JSON.stringify(runs, null, 2));
  console.log(
    `\nA: ${dirs.A}\nB: ${dirs.B}\nload average at each run's end (A B B A): ${runs.map((r) => r.load).join(" | ")}`,
  );
  console.log("\n| page | as | A ratio (runs) | B ratio (runs) | B/A | goal | A p95 ms | B p95 ms |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const [index, row] of runs[0]!.results.entries()) {
    const of = (label: "A" | "B") => runs.filter((r) => r.label === label).map((r) => r.results[index]!);
    const mean = (rows: Result[], pick: (r: Result) => number) => rows.reduce((s, r) => s + pick(r), 0) / rows.length;
    const [a, b] = [of("A"), of("B")];
    const [ra, rb] = [mean(a, (r) => r.ratio), mean(b, (r) => r.ratio)];
    const runsOf = (rows: Result[]) => rows.map((r) => r.ratio.toFixed(2)).join(", ");
    console.log(
      `| ${row.page} | ${row.as} | ${ra.toFixed(2)}x (${runsOf(a)}) | ${rb.toFixed(2)}x (${runsOf(b)}) | ${(rb / ra).toFixed(2)} | ≥ ${row.goal}x | ${mean(a, (r) => r.measured.p95).toFixed(1)} | ${mean(b, (r) => r.measured.p95).toFixed(1)} |`,
    );
  }
}

runScript(main);
