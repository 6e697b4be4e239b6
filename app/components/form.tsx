import { getInputProps, type FieldMetadata, type useForm } from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A form's HTML constraints (required, maxLength, pattern…), derived from its zod schema on the server and sent by
 * the loader, so the page ships no schema (decision 250: the one definition, for every form of the site).
 */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

// the submit button is a module of its own, so a page that has one without a Conform form loads no Conform
export { SubmitButton } from "./submit-button";

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

type SummaryItem = { id?: string; message: string };

/**
 * Lists the form's errors (form-level first, then each field's first) with links to the inputs. A `description`
 * (one sentence saying what went wrong, e.g. a refused write) is shown under the title; with a description and no
 * errors to list, the summary is the title and the description alone.
 */
export function ErrorSummary({
  form,
  title,
  description,
  fields = [],
  resultKey,
}: {
  form: { id: string; errors?: string[] };
  title: string;
  description?: string;
  fields?: Array<{ id: string; errors?: string[] } | undefined>;
  /** changes with each server answer, so focus moves again after every failed submission */
  resultKey?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const items: SummaryItem[] = [
    ...(form.errors ?? []).map((message) => ({ message })),
    ...fields.flatMap((f) => (f?.errors?.length ? [{ id: f.id, message: f.errors[0]! }] : [])),
  ];
  const hasErrors = items.length > 0 || !!description;
  // Conform applies a server answer's errors a render after it arrives: follow both.
  useEffect(() => {
    if (resultKey && hasErrors) ref.current?.focus();
  }, [resultKey, hasErrors]);
  if (!hasErrors) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${form.id}-summary-title`}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript this is how focus reaches the summary of a failed form
      autoFocus={!!resultKey}
      className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900 outline-none focus:ring-2 focus:ring-red-600"
    >
      <h3 id={`${form.id}-summary-title`} className="font-semibold">
        {title}
      </h3>
      {description ? <p className="mt-1 text-sm">{description}</p> : null}
      {items.length ? (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {items.map((item, index) => (
            <li key={`${item.id ?? "form"}-${index}`}>
              {item.id ? (
                <a href={`#${item.id}`} className="underline">
                  {item.message}
                </a>
              ) : (
                item.message
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
