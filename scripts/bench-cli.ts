import { createRequire } from "node:module";

/**
 * What the benchmark scripts share besides the site they measure (scripts/site-under-test.ts): their `--name=value`
 * options, autocannon, and how they end.
 */

/** The value of `--name=value` among the script's arguments (all after the first `=`), or `fallback`. */
export function option(name: string, fallback: string): string {
  return (
    process.argv
      .slice(2)
      .find((a) => a.startsWith(`--${name}=`))
      ?.slice(name.length + 3) ?? fallback
  );
}

type AutocannonResult = {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  /** how long the load ran, in seconds */
  duration: number;
};
export type AutocannonInstance = PromiseLike<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
/** autocannon (npm, CommonJS without types): one load of a URL; `on("response")` sees each request's latency. */
export const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: Record<string, unknown>,
) => AutocannonInstance;

/** Runs a script's `main` and exits: 0 when it resolves (servers it left need not be awaited), 1 with the error. */
export function runScript(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
