import { getInputProps, type FieldMetadata, type useForm } from "@conform-to/react";
import type { ReactNode } from "react";

/**
 * A form's HTML constraints (required, maxLength, pattern…), derived from its zod schema on the server and sent by
 * the loader, so the page ships no schema (decision 250: the one definition, for every form of the site).
 */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

// the submit button and the error summary are modules of their own, so a page that has one without a Conform form
// loads no Conform
export { SubmitButton } from "./submit-button";
export { ErrorSummary } from "./error-summary";

/**
 * Form pieces of the accounts pages: a labelled input whose first error is tied to it (aria-invalid,
 * aria-describedby), and an error summary at the top of a failed form that takes focus (with JavaScript through
 * an effect; without, through `autofocus` on the server-rendered summary).
 */
export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  hint,
  readOnlyValue,
  inputMode,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "hidden";
  autoComplete?: string;
  hint?: ReactNode;
  readOnlyValue?: string;
  /** the on-screen keyboard to offer ("numeric" for a one-time code) */
  inputMode?: "numeric" | "text";
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...inputProps } = getInputProps(meta, {
    type: type as "text",
    ariaDescribedBy: hintId,
  });
  const error = meta.errors?.[0];
  return (
    <div className="space-y-1">
      <label htmlFor={meta.id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        key={key}
        {...inputProps}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- switches off the autofocus Conform gives an invalid field: focus goes to the error summary
        autoFocus={false}
        defaultValue={readOnlyValue ?? inputProps.defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className="block w-full rounded-md border border-violet-300 bg-white px-3 py-2 text-ink aria-[invalid=true]:border-red-600"
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-700">
          {hint}
        </p>
      ) : null}
      <p id={meta.errorId} className="min-h-0 text-sm text-red-700" aria-live="polite">
        {error ?? null}
      </p>
    </div>
  );
}
