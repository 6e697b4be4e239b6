import { universalName, DIGITS, type Digit } from "../principles";
import { CURRENT_LABEL, relationBetween } from "../relations";

/** How the chosen principle meets each of the ten; each card regenerates for its number (in the generator form). */
export function PrincipleRelations({ chosen, submitting }: { chosen: Digit; submitting: boolean }) {
  return (
    <section aria-labelledby="relations-title" className="mt-10">
      <h2 id="relations-title" className="font-serif text-2xl font-semibold">
        How {universalName(chosen)} meets the others
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {DIGITS.map((digit) => (
          <li key={digit}>
            <button
              type="submit"
              name="number"
              value={digit}
              disabled={submitting}
              className="h-full w-full rounded-lg border border-violet-200 bg-white p-3 text-left text-sm hover:border-cosmic"
            >
              <span className="block font-semibold">
                {digit} · {universalName(digit)}
              </span>
              <span className="mt-1 block">{relationBetween(chosen, digit) ?? CURRENT_LABEL}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
