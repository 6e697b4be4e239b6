import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/accounts/session.server";
import { testTerminology } from "~/astrology/readings.server";
import type { TermCount } from "~/astrology/terminology";
import { parseBodyName, parseSignName, SIGN_NAMES, type BodyName } from "~/astrology/zodiac";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { cacheControl } from "~/utils/cache-control";
import { isProduction } from "~/utils/env.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

/** The spec's planet choices for the tool, in its order. */
const DEBUG_PLANETS: BodyName[] = ["Venus", "Mars", "Mercury", "Jupiter", "Saturn", "Sun", "Moon"];

export async function loader({ request }: LoaderFunctionArgs) {
  if (isProduction) await requireAdmin(request);
  const url = new URL(request.url);
  const planetParam = url.searchParams.get("planet");
  const signParam = url.searchParams.get("sign");
  const headers = { "Cache-Control": cacheControl.noStore };
  if (planetParam === null && signParam === null)
    return data({ planet: null, sign: null, result: null, error: null }, { headers });

  const planet = parseBodyName(planetParam);
  const sign = parseSignName(signParam);
  if (!planet || !DEBUG_PLANETS.includes(planet) || !sign) {
    const error =
      !planet || !DEBUG_PLANETS.includes(planet)
        ? `Choose a planet: ${DEBUG_PLANETS.join(", ")}.`
        : `Choose a sign: ${SIGN_NAMES.join(", ")}.`;
    return data({ planet, sign, result: null, error }, { status: 400, headers });
  }
  const result = await testTerminology({ planet, sign });
  if ("error" in result) return data({ planet, sign, result: null, error: result.error }, { status: 502, headers });
  return data({ planet, sign, result, error: null }, { headers });
}

export default function DebugTerminology() {
  const { planet, sign, result, error } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const testing = navigation.state !== "idle" && navigation.location?.pathname === "/debug-terminology";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-serif text-4xl font-bold">Terminology Debug</h1>
      <p className="mt-3">
        Generates a reading for a planet in a sign and checks it against the terminology contract: the planet&apos;s
        principle (number and name), 0 (Nonseparation), and the sign&apos;s element.
      </p>
      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-4 rounded-lg border border-violet-200 bg-white p-6"
      >
        <label className="flex flex-col gap-1">
          <span className="font-semibold">Planet</span>
          <select
            name="planet"
            defaultValue={planet ?? "Venus"}
            className="rounded border border-violet-300 bg-white p-2"
          >
            {DEBUG_PLANETS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">Sign</span>
          <select name="sign" defaultValue={sign ?? "Aries"} className="rounded border border-violet-300 bg-white p-2">
            {SIGN_NAMES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-cosmic px-4 py-2 font-semibold text-white" disabled={testing}>
          {testing ? "Testing..." : "Test"}
        </button>
      </Form>

      {error ? (
        <p role="alert" className="mt-6 rounded border border-red-300 bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : null}

      {result ? (
        <section aria-labelledby="result-title" className="mt-8 space-y-6">
          <h2 id="result-title" className="font-serif text-2xl font-bold">
            {planet} in {sign}:{" "}
            <span className={result.terminologyCheck.compliant ? "text-green-800" : "text-red-800"}>
              {result.terminologyCheck.compliant ? "Compliant" : "Not compliant"}
            </span>
          </h2>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Terminology check</caption>
            <thead>
              <tr className="border-b border-violet-200">
                <th scope="col" className="py-2 pr-2">
                  Term
                </th>
                <th scope="col" className="py-2 pr-2">
                  Count
                </th>
                <th scope="col" className="py-2 pr-2">
                  Required
                </th>
                <th scope="col" className="py-2">
                  Found
                </th>
              </tr>
            </thead>
            <tbody>
              <CheckRow
                label={`Principle ${result.terminologyCheck.principle.number} (Universal ${result.terminologyCheck.principle.name})`}
                term={result.terminologyCheck.principle}
              />
              <CheckRow label="Zero (0, Nonseparation)" term={result.terminologyCheck.zero} />
              <CheckRow
                label={`Special: ${result.terminologyCheck.special.type} (${result.terminologyCheck.special.term})`}
                term={result.terminologyCheck.special}
              />
            </tbody>
          </table>
          <div>
            <h3 className="font-serif text-xl font-bold">Reading</h3>
            <div className="mt-2 space-y-3 rounded border border-violet-200 bg-white p-4">
              {result.reading.split(/\n{2,}/).map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </div>
          <details>
            <summary className="cursor-pointer font-semibold text-cosmic underline">Raw check (JSON)</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-stone-100 p-4 text-sm">
              {JSON.stringify(result.terminologyCheck, null, 2)}
            </pre>
          </details>
        </section>
      ) : null}
    </div>
  );
}

function CheckRow({ label, term }: { label: string; term: TermCount }) {
  const ok = term.count >= term.required;
  return (
    <tr className="border-b border-violet-100">
      <th scope="row" className="py-2 pr-2 font-semibold">
        {label}
      </th>
      <td className="py-2 pr-2">
        {term.count} <span className={ok ? "text-green-800" : "text-red-800"}>{ok ? "(ok)" : "(missing)"}</span>
      </td>
      <td className="py-2 pr-2">{term.required}</td>
      <td className="py-2">{term.found.length ? term.found.join(", ") : "none"}</td>
    </tr>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Terminology Debug",
    description: "Checks the astrological terminology of generated readings.",
    path: "/debug-terminology",
    origin: originFromMatches(matches),
  }),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
