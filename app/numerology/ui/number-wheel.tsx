import type { MutableRefObject } from "react";
import { Tooltip } from "~/components/tooltip";
import { DIGITS, principleOf, universalName, type Digit } from "../principles";

/**
 * The ten digits on a circle, each a submit button of the generator form that holds it (`name="number"`): the
 * page's own, so they and the keys 0-9 work from the page's hydration on (decisions 113, 130).
 */
export function NumberWheel({
  chosen,
  submitting,
  buttons,
}: {
  chosen: Digit | null;
  submitting: boolean;
  buttons: MutableRefObject<Array<HTMLButtonElement | null>>;
}) {
  return (
    <fieldset className="mt-10">
      <legend className="mx-auto block text-center font-serif text-xl font-semibold">Choose a number</legend>
      <p className="mt-1 text-center text-sm">Press a key from 0 to 9 to choose without the mouse.</p>
      <div className="relative mx-auto mt-4 aspect-square w-full max-w-sm">
        {DIGITS.map((digit) => {
          const angle = (digit / 10) * Math.PI * 2 - Math.PI / 2;
          const isChosen = chosen === digit;
          return (
            <Tooltip key={digit} content={universalName(digit)}>
              <button
                ref={(el) => {
                  buttons.current[digit] = el;
                }}
                type="submit"
                name="number"
                value={digit}
                disabled={submitting}
                className={`absolute flex h-16 w-16 -translate-x-1/2 -translate-y-1/2 flex-col items-center justify-center rounded-full border-4 bg-white text-2xl font-bold shadow transition hover:scale-105 disabled:opacity-70 ${
                  isChosen ? "border-cosmic ring-4 ring-violet-300" : "border-violet-200"
                }`}
                style={{
                  left: `${50 + 40 * Math.cos(angle)}%`,
                  top: `${50 + 40 * Math.sin(angle)}%`,
                  color: "#1c1830",
                }}
              >
                <span
                  aria-hidden="true"
                  className="block h-2 w-6 rounded-full"
                  style={{ background: principleOf(digit).hex, border: "1px solid #1c1830" }}
                />
                {digit}
                <span className="sr-only">
                  {" "}
                  {universalName(digit)}
                  {isChosen ? " (chosen)" : ""}
                </span>
              </button>
            </Tooltip>
          );
        })}
        <p className="absolute inset-0 m-auto flex h-24 w-40 items-center justify-center text-center font-serif text-ink">
          {chosen !== null ? universalName(chosen) : "Ten principles, one whole"}
        </p>
      </div>
    </fieldset>
  );
}
