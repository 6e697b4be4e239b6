import { useState } from "react";
import {
  COMPOSITION_LABELS,
  COMPOSITIONS,
  KEYWORDS_MAX,
  STYLE_LABELS,
  STYLES,
  type Preferences,
} from "~/preferences/schema";

/**
 * Style, Content Length and Keywords (n/30, 'No proper nouns'): plain form fields named style, composition and
 * keywords, so they travel with the form that contains them (or points at them with `form`).
 */
export function PreferencesFields({
  idPrefix,
  defaults,
  formId,
  onPreferenceChange,
}: {
  idPrefix: string;
  defaults: Preferences;
  formId?: string;
  onPreferenceChange?: (field: "style" | "composition" | "keywords", value: string, all: Preferences) => void;
}) {
  const [values, setValues] = useState<Preferences>(defaults);
  const update = (field: "style" | "composition" | "keywords", value: string) => {
    const next = { ...values, [field]: value } as Preferences;
    setValues(next);
    onPreferenceChange?.(field, value, next);
  };
  const select = "mt-1 block w-full rounded-md border border-violet-300 bg-white px-3 py-2 text-ink";
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div>
        <label htmlFor={`${idPrefix}-style`} className="text-sm font-semibold">
          Style
        </label>
        <select
          id={`${idPrefix}-style`}
          name="style"
          form={formId}
          value={values.style}
          onChange={(e) => update("style", e.target.value)}
          className={select}
        >
          {STYLES.map((s) => (
            <option key={s} value={s}>
              {STYLE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-composition`} className="text-sm font-semibold">
          Content Length
        </label>
        <select
          id={`${idPrefix}-composition`}
          name="composition"
          form={formId}
          value={values.composition}
          onChange={(e) => update("composition", e.target.value)}
          className={select}
        >
          {COMPOSITIONS.map((c) => (
            <option key={c} value={c}>
              {COMPOSITION_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-keywords`} className="text-sm font-semibold">
          Keywords
        </label>
        <input
          id={`${idPrefix}-keywords`}
          name="keywords"
          form={formId}
          type="text"
          maxLength={KEYWORDS_MAX}
          value={values.keywords}
          onChange={(e) => update("keywords", e.target.value.slice(0, KEYWORDS_MAX))}
          aria-describedby={`${idPrefix}-keywords-hint`}
          className={select}
          autoComplete="off"
        />
        <p id={`${idPrefix}-keywords-hint`} className="mt-1 flex justify-between text-xs text-ink">
          <span>No proper nouns</span>
          <span>
            {values.keywords.length}/{KEYWORDS_MAX}
          </span>
        </p>
      </div>
    </div>
  );
}
