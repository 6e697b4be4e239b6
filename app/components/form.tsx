import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import { FieldError } from "./field-error";
import { useAnswerToast, useFormAnswer } from "./form-answer";
import { useFormBusy } from "./form-busy";

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
 * The one way a page form is set up (decision 370; lint refuses Conform's `useForm` anywhere else). It reads the
 * page action's answer to this form (`useFormAnswer(intent)`, a FormAnswer, decision 250) and gives Conform the
 * site's options: the constraints the loader sent (the action validates: no schema in the browser, decision 102),
 * the browser's own checks until JavaScript loads, validation on submit only, and the answer's `result` (the
 * errors by field, and what was typed). `answer` is the `resultKey` of the form's `ErrorSummary` (focus moves to it
 * after each failed answer, and its alert is read); `toast` raises the answer's toast with JavaScript (the toasts'
 * live region). `busy` is true while the form is sent and the page it leads to loads.
 *
 *     const { form, fields, answer, busy } = useSiteForm<{ title: string }>({ intent: "create-topic", constraint });
 *     <Form method="post" {...getFormProps(form)}>
 *       <ErrorSummary form={form} title="Could not create the topic" fields={[fields.title]} resultKey={answer} />
 *       <input type="hidden" name="intent" value="create-topic" />
 *       <TextField meta={fields.title} label="Title" />
 *       <SubmitButton busy={busy} busyLabel="Creating...">Create Topic</SubmitButton>
 *     </Form>
 *
 * `id` is the form's id when it differs from its intent (several forms with one intent on a page); `lastResult`
 * replaces the answer's result (accounts show a network failure under a field). Fields a page controls itself take
 * Conform's ids and errors only (the numerology forms).
 */
export function useSiteForm<Fields extends Record<string, unknown>>(options: {
  intent: string;
  id?: string;
  constraint: FormConstraint;
  defaultValue?: DefaultValue<Fields>;
  lastResult?: SubmissionResult<string[]>;
  toast?: boolean;
}) {
  const { intent, constraint, defaultValue } = options;
  const answer = useFormAnswer(intent);
  useAnswerToast(options.toast ? answer : undefined);
  const [form, fields] = useForm<Fields>({
    id: options.id ?? intent,
    lastResult: options.lastResult ?? answer?.result,
    constraint,
    defaultValue,
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
  });
  return { form, fields, answer, busy: useFormBusy(intent) };
}

/**
 * The site's one field kit: a label, the control (Conform ties its first error to it with aria-invalid and
 * aria-describedby, and gives it the constraints) and the field's error line under it (`FieldError`).
 */
type Meta = FieldMetadata<string | undefined>;
const CONTROL = "mt-1 rounded border border-violet-300 bg-white px-3 py-2 text-ink aria-[invalid=true]:border-red-600";

function Field({ meta, label, children }: { meta: Meta; label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold">
        {label}
      </label>
      {children}
      <FieldError meta={meta} />
    </div>
  );
}

/** A field's hint, named by the control's aria-describedby (with its error's id while it has one). */
function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-stone-700">
      {children}
    </p>
  );
}

export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  hint,
  inputMode,
}: {
  meta: Meta;
  label: ReactNode;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  hint?: ReactNode;
  /** the on-screen keyboard to offer ("numeric" for a one-time code) */
  inputMode?: "numeric" | "text";
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <Field meta={meta} label={label}>
      <input
        key={key}
        {...props}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={`block w-full ${CONTROL}`}
      />
      {hint ? <FieldHint id={hintId!}>{hint}</FieldHint> : null}
    </Field>
  );
}

export function TextareaField({
  meta,
  label,
  rows,
  focusOnMount,
  hint,
}: {
  meta: Meta;
  label: ReactNode;
  rows: number;
  /** focused when it appears in the browser (the post being edited, after Edit: decision 130) */
  focusOnMount?: boolean;
  /** a line under the field that it is described by, beside its error (the forum's Markdown hint) */
  hint?: ReactNode;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // the caret after the text, to go on writing
    if (focusOnMount) ref.current?.setSelectionRange(ref.current.value.length, ref.current.value.length);
    if (focusOnMount) ref.current?.focus();
    // once, when it appears
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Field meta={meta} label={label}>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: hintId })}
        rows={rows}
        ref={ref}
        className={`w-full ${CONTROL}`}
      />
      {hint ? <FieldHint id={hintId!}>{hint}</FieldHint> : null}
    </Field>
  );
}

export function SelectField({
  meta,
  label,
  options,
  defaultValue,
}: {
  meta: Meta;
  label: ReactNode;
  options: ReadonlyArray<{ value: string | number; label: string }>;
  defaultValue?: string;
}) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <Field meta={meta} label={label}>
      <select key={key} {...props} defaultValue={defaultValue ?? props.defaultValue} className={CONTROL}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
