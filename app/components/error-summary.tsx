import { useEffect, useRef } from "react";

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
