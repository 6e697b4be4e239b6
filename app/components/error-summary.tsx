import { useEffect, useRef } from "react";

type SummaryItem = { id?: string; message: string };

/**
 * Lists the form's errors (form-level first, then each field's first) with links to the inputs. A `description`
 * (one sentence saying what went wrong, e.g. a refused write) is shown under the title; with a description and no
 * errors to list, the summary is the title and the description alone.
 *
 * Announced once (decision 400): a summary that takes focus (`resultKey`) is a named group, and the focus move is
 * what a screen reader says; it is not also an alert, which Orca reads on its own as it appears (and again as a live
 * region), before and beside the focus. A summary that does not take focus is the alert. Focus moves once per
 * answer, whatever re-renders or re-creates the summary for it.
 */
export function ErrorSummary({
  form,
  title,
  description,
  fields = [],
  detail,
  resultKey,
  messagesId = `${form.id}-summary-body`,
  id,
  onNewPage = false,
}: {
  form: { id: string; errors?: string[] };
  title: string;
  description?: string;
  /** a smaller line under the description (e.g. the reason a request was refused) */
  detail?: string;
  fields?: Array<{ id: string; errors?: string[] } | undefined>;
  /** changes with each server answer, so focus moves again after every failed submission */
  resultKey?: unknown;
  /** the id of the messages under the title (a field may name them in its aria-describedby) */
  messagesId?: string;
  /** the summary's own id (a page's tests or links may name it) */
  id?: string;
  /**
   * the summary always comes with a new page (a plain GET form's answer): the screen reader reads the page on from
   * the focus as it loads, the messages included, so the group is named but not also described by them (Orca 43
   * said them twice)
   */
  onNewPage?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // the answer focus last moved for: a summary shown again for the same answer is not announced again
  const focusedFor = useRef<unknown>(undefined);
  const items: SummaryItem[] = [
    ...(form.errors ?? []).map((message) => ({ message })),
    ...fields.flatMap((f) => (f?.errors?.length ? [{ id: f.id, message: f.errors[0]! }] : [])),
  ];
  const hasErrors = items.length > 0 || !!description || !!detail;
  // Conform applies a server answer's errors a render after it arrives: follow both.
  useEffect(() => {
    if (!resultKey || !hasErrors || focusedFor.current === resultKey) return;
    focusedFor.current = resultKey;
    if (!ref.current?.contains(document.activeElement)) ref.current?.focus();
  }, [resultKey, hasErrors]);
  if (!hasErrors) return null;
  return (
    <div
      id={id}
      ref={ref}
      tabIndex={-1}
      role={resultKey ? "group" : "alert"}
      aria-labelledby={`${form.id}-summary-title`}
      aria-describedby={resultKey && !onNewPage ? messagesId : undefined}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript this is how focus reaches the summary of a failed form
      autoFocus={!!resultKey}
      className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900 outline-none focus:ring-2 focus:ring-red-600"
    >
      <h3 id={`${form.id}-summary-title`} className="font-semibold">
        {title}
      </h3>
      <div id={messagesId}>
        {description ? <p className="mt-1 text-sm">{description}</p> : null}
        {detail ? <p className="mt-1 text-sm">{detail}</p> : null}
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
    </div>
  );
}
