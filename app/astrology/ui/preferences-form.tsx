import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { ErrorSummary, SubmitButton, useSiteForm, type FormConstraint } from "~/components/form";
import { useAdoptOnHydration } from "~/components/on-use";
import {
  COMPOSITION_LABELS,
  COMPOSITIONS,
  KEYWORDS_MAX,
  STYLE_LABELS,
  STYLES,
  type Preferences,
} from "~/preferences/options";
import { usePreferencesSave } from "./use-preferences-save";

export const PREFERENCES_INTENT = "preferences";

/**
 * Style, Content Length and Keywords for the readings. A plain POST form (the action validates with the
 * preferences schema; the constraint comes from the server); with JavaScript a changed style or length is saved
 * at once through the API (`usePreferencesSave`: the spec's title flash, status clear and failure messages; a dropped
 * connection keeps the page and what was chosen). Keywords are controlled by the page: the count shows as they are typed, and a reading asked in the
 * browser takes them before they are saved. It hydrates on first use (decisions 109, 113): on mount it adopts the
 * keywords typed before its code arrived, and saves a style or length chosen meanwhile, as a change would have.
 */
export function PreferencesForm({
  preferences,
  constraint,
  keywords,
  onKeywords,
  onReady,
}: {
  preferences: Preferences;
  constraint: FormConstraint;
  keywords: string;
  onKeywords: (value: string) => void;
  /** told once the form has hydrated (the horoscope holds a planet switch until then, decision 116) */
  onReady?: (ready: true) => void;
  /** changed by the page to load the form before a planet switch (a new prop wakes a part waiting for use) */
  awake?: boolean;
}) {
  const { save, status } = usePreferencesSave();
  // a refused save (without JavaScript, or one the API sent back to the form): the page's answer (decision 250)
  const { form, fields, answer, busy } = useSiteForm({
    intent: PREFERENCES_INTENT,
    constraint,
    defaultValue: preferences,
  });
  const formRef = useAdoptOnHydration<HTMLFormElement>((element) => {
    const shown = new FormData(element);
    const typed = shown.get("keywords");
    if (typeof typed === "string" && typed !== keywords) onKeywords(typed.slice(0, KEYWORDS_MAX));
    if (shown.get("style") !== preferences.style) void save(element, "style");
    else if (shown.get("composition") !== preferences.composition) void save(element, "composition");
    onReady?.(true);
  });
  const remaining = KEYWORDS_MAX - keywords.length;
  const {
    key: keywordsKey,
    defaultValue: _typed,
    ...keywordsProps
  } = getInputProps(fields.keywords, {
    type: "text",
    ariaDescribedBy: `${fields.keywords.id}-hint ${fields.keywords.id}-counter`,
  });
  const formProps = getFormProps(form);
  return (
    <Form
      {...formProps}
      ref={formRef}
      method="post"
      replace
      preventScrollReset
      className="mt-4 space-y-4"
      onChange={(event) => {
        const field = event.target instanceof HTMLSelectElement ? event.target.name : null;
        if (field === "style" || field === "composition") void save(event.currentTarget, field);
      }}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        if (event.defaultPrevented) return;
        // with JavaScript the API saves it; a refusal comes back through the form's own submission
        event.preventDefault();
        void save(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value={PREFERENCES_INTENT} />
      <ErrorSummary
        form={form}
        title={answer?.toast?.title ?? ""}
        fields={[fields.style, fields.composition, fields.keywords]}
        resultKey={answer}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Choice meta={fields.style} label="Style" options={STYLES} labels={STYLE_LABELS} />
        <Choice meta={fields.composition} label="Content Length" options={COMPOSITIONS} labels={COMPOSITION_LABELS} />
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.keywords.id} className="font-semibold">
            Keywords
          </label>
          <input
            key={keywordsKey}
            {...keywordsProps}
            value={keywords}
            maxLength={KEYWORDS_MAX}
            autoComplete="off"
            onChange={(e) => onKeywords(e.target.value.slice(0, KEYWORDS_MAX))}
            className="rounded border border-violet-300 p-2"
          />
          <span id={`${fields.keywords.id}-hint`} className="text-sm">
            No proper nouns
          </span>
          <span
            id={`${fields.keywords.id}-counter`}
            className={`text-sm ${remaining < 10 ? "font-semibold text-red-800" : ""}`}
          >
            {keywords.length}/{KEYWORDS_MAX}
            {remaining < 10 ? ` (${remaining} left)` : ""}
          </span>
          <FieldError meta={fields.keywords} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="sm:w-60">
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save Preferences
          </SubmitButton>
        </div>
        {/* one polite status line for the save's outcome (JavaScript only: without it the page reloads) */}
        <p role="status" className={`min-h-6 ${status?.failed ? "font-semibold text-red-800" : ""}`}>
          {status?.text ?? ""}
        </p>
      </div>
    </Form>
  );
}

function Choice<T extends string>({
  meta,
  label,
  options,
  labels,
}: {
  meta: FieldMetadata<T>;
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
}) {
  const { key, ...selectProps } = getSelectProps(meta);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-semibold">
        {label}
      </label>
      <select key={key} {...selectProps} className="rounded border border-violet-300 bg-white p-2">
        {options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}
