import { DIGITS, principleOf, universalName } from "~/numerology/principles";

/** The ten principles with their colours, straight from the ontology's data. */
export function PrincipleList() {
  return (
    <ol className="mt-6 grid max-w-3xl gap-3 sm:grid-cols-2" aria-label="The ten principles">
      {DIGITS.map((digit) => {
        const p = principleOf(digit);
        return (
          <li key={digit} className="flex items-center gap-3 rounded-lg border border-violet-200 bg-white p-3">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-stone-400 text-lg font-bold"
              style={{ backgroundColor: p.hex, color: textColourOn(digit) }}
            >
              {digit}
            </span>
            <span>
              <span className="font-semibold">
                {digit} · {universalName(digit)}
              </span>
              <span className="block text-sm">Colour: {p.colour}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Readable text on a principle's colour: dark on yellow, orange and white, white on the rest. */
export function textColourOn(digit: number): string {
  return digit === 2 || digit === 5 || digit === 9 ? "#1c1830" : "#ffffff";
}
