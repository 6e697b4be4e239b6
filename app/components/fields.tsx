import { getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import { FieldError } from "~/components/field-error";

/**
 * The forum and moderation forms' labelled fields: a label, the control (Conform ties its errors to it with
 * aria-invalid and aria-describedby) and the field's errors under it.
 */
type Meta = FieldMetadata<string>;
const CONTROL = "rounded border border-violet-300 bg-white";

export function TextareaField({
  meta,
  label,
  rows,
  focusOnMount,
}: {
  meta: Meta;
  label: ReactNode;
  rows: number;
  /** focused when it appears in the browser (the post being edited, after Edit: decision 130) */
  focusOnMount?: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // the caret after the text, to go on writing
    if (focusOnMount) ref.current?.setSelectionRange(ref.current.value.length, ref.current.value.length);
    if (focusOnMount) ref.current?.focus();
    // once, when it appears
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold">
        {label}
      </label>
      <textarea {...getTextareaProps(meta)} rows={rows} ref={ref} className={`mt-1 w-full px-3 py-2 ${CONTROL}`} />
      <FieldError meta={meta} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  defaultValue,
}: {
  meta: Meta;
  label: string;
  options: ReadonlyArray<{ value: string | number; label: string }>;
  defaultValue?: string;
}) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <div>
      <label htmlFor={meta.id} className="block font-semibold">
        {label}
      </label>
      <select
        key={key}
        {...props}
        defaultValue={defaultValue ?? props.defaultValue}
        className={`mt-1 px-3 py-2 ${CONTROL}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}
