import { getInputProps } from "@conform-to/react";
import { useRef } from "react";
import { useSiteForm, type FormConstraint } from "~/components/form";
import { useAdoptOnHydration } from "~/components/on-use";
import { BIRTH_DATE_ERROR_ID, BIRTH_DATE_FORM_ID, BIRTH_DATE_MAX_LENGTH, formatBirthDateInput } from "../birth-date";

/**
 * The birth date field (spec part 2, "/birth-date"), formatted as it is typed. It hydrates on first use (decisions
 * 109, 113), so the `<form>`, its Analyze button and the failure box are the page's (decision 130: the button sits
 * in the form, which text browsers need): the button's rule (disabled while the field is empty) holds from the
 * page's hydration, before this code is fetched. The value is the page's; on mount the field adopts what was typed
 * before its code arrived. Conform's result comes from the page's answer to the form (a FormAnswer, decision 250).
 */
export function BirthDateField({
  constraint,
  value,
  onValue,
  invalid,
}: {
  constraint: FormConstraint;
  value: string;
  onValue: (value: string) => void;
  invalid: boolean;
}) {
  const previous = useRef(value);
  const { fields } = useSiteForm<{ birthDate: string }>({ intent: BIRTH_DATE_FORM_ID, constraint });
  // text typed before hydration is in the field, not in the page's state: format it as if typed now
  const input = useAdoptOnHydration<HTMLInputElement>((field) => {
    if (field.value === previous.current) return;
    const next = formatBirthDateInput(field.value, "");
    previous.current = next;
    onValue(next);
  });

  const { key: _key, defaultValue: _default, ...inputProps } = getInputProps(fields.birthDate, { type: "text" });
  return (
    <div>
      <label htmlFor={fields.birthDate.id} className="block text-sm font-semibold">
        Birth date (MM/DD/YYYY)
      </label>
      <input
        {...inputProps}
        ref={input}
        maxLength={BIRTH_DATE_MAX_LENGTH}
        inputMode="numeric"
        autoComplete="bday"
        placeholder="MM/DD/YYYY"
        value={value}
        onChange={(e) => {
          const next = formatBirthDateInput(e.target.value, previous.current);
          previous.current = next;
          onValue(next);
        }}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? BIRTH_DATE_ERROR_ID : undefined}
        className="mt-1 w-48 rounded-md border border-violet-300 px-3 py-2 text-lg"
      />
    </div>
  );
}
