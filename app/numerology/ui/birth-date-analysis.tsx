import { Notice } from "~/components/notice";
import type { BirthDateAnalysis } from "../birth-date.server";
import { principleOf, universalName, type Digit } from "../principles";

/** The analysis of a birth date: its digits and life path, the primary principle, interactions and summary. */
export function BirthDateAnalysisView({ analysis }: { analysis: BirthDateAnalysis }) {
  return (
    <section aria-labelledby="analysis-title" className="mt-8 space-y-6">
      <h2 id="analysis-title" className="font-serif text-2xl font-semibold">
        Your Cosmic Blueprint for {analysis.birthDate}
      </h2>
      <div className="rounded-xl border border-violet-200 bg-white p-5">
        <h3 className="font-serif text-xl font-semibold">Extracted Numbers</h3>
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Extracted numbers">
          {analysis.extractedNumbers.map((d, i) => (
            <li
              key={i}
              className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-violet-300 font-bold"
            >
              {d}
            </li>
          ))}
        </ul>
        <p className="mt-2">Life path number: {analysis.lifePathNumber}</p>
      </div>
      <div className="rounded-xl border border-violet-200 bg-white p-5">
        <h3 className="font-serif text-xl font-semibold">
          Primary Principle: {analysis.primaryPrinciple.number} · {analysis.primaryPrinciple.title}
        </h3>
        <p className="mt-2">{analysis.primaryPrinciple.content}</p>
        <p className="mt-3 border-l-4 border-violet-300 pl-4 italic">{analysis.primaryPrinciple.insight}</p>
      </div>
      {analysis.numberInteractions.length ? (
        <div className="rounded-xl border border-violet-200 bg-white p-5">
          <h3 className="font-serif text-xl font-semibold">Number Interactions</h3>
          <ul className="mt-2 space-y-2">
            {analysis.numberInteractions.map((n) => (
              <li key={`${n.number1}${n.number2}`}>
                <span className="font-semibold">
                  {n.number1} → {n.number2}:
                </span>{" "}
                {n.relationship}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="rounded-xl border border-violet-200 bg-white p-5">
        <h3 className="font-serif text-xl font-semibold">Life Path Summary</h3>
        <p className="mt-2">{analysis.lifePathSummary}</p>
        {analysis.notice ? <Notice>{analysis.notice}</Notice> : null}
        <p className="mt-2 text-sm">
          Colour of your path: {principleOf(analysis.lifePathNumber as Digit).colour} (
          {universalName(analysis.lifePathNumber as Digit)})
        </p>
      </div>
    </section>
  );
}
