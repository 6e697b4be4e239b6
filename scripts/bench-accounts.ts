/**
 * Accounts speed check against a running server: `BASE_URL=http://127.0.0.1:3000 npx tsx scripts/bench-accounts.ts`.
 * Measures the sign-in page (server render), the session check (/api/user, signed in) and a sign-in (scrypt)
 * with autocannon, and prints latency percentiles. It registers one throwaway member through the API.
 */
type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  statusCodeStats?: Record<string, { count: number }>;
};
// autocannon ships no types: load it untyped and describe the little this script reads.
const specifier: string = "autocannon";
const autocannon = (await import(specifier)).default as (options: Record<string, unknown>) => Promise<Result>;

export {};

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const username = `bench_${Math.random().toString(36).slice(2, 8)}`;
const password = "BenchPass1";

async function main() {
  const registered = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.7" },
    body: JSON.stringify({ username, email: `${username}@example.test`, password }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  const runs: Array<{ name: string; opts: Record<string, unknown> }> = [
    { name: "GET /auth", opts: { url: `${base}/auth`, connections: 10, duration: 10 } },
    {
      name: "GET /api/user (signed in)",
      opts: { url: `${base}/api/user`, connections: 10, duration: 10, headers: { cookie } },
    },
    {
      name: "POST /api/login (scrypt)",
      opts: {
        url: `${base}/api/login`,
        method: "POST",
        connections: 4,
        amount: 60,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      },
    },
  ];
  for (const run of runs) {
    const result = await autocannon(run.opts);
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, s]) => `${code}x${s.count}`)
      .join(" ");
    console.log(
      `${run.name.padEnd(28)} req/s ${result.requests.average.toFixed(0).padStart(5)}  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  [${codes}]`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
