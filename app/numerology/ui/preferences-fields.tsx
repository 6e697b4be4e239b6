import { useState } from "react";
import { FieldError } from "~/components/field-error";
import { useAdoptOnHydration } from "~/components/on-use";
import {
  COMPOSITION_LABELS,
  COMPOSITIONS,
  KEYWORDS_MAX,
  STYLE_LABELS,
  STYLES,
  type Preferences,
} from "~/preferences/options";

type PreferenceName = keyof Preferences;
/** What a field needs from its form (Conform's field metadata has it): ids, and the server's errors. */
type FieldMeta = { id: string; errorId: string; errors?: string[] };

const SELECT = "mt-1 block w-full rounded-md border border-violet-300 bg-white px-3 py-2 text-ink";

const describedBy = (meta: FieldMeta, hint?: string) =>
  [hint, meta.errors?.length ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;

/**
 * Style, Content Length and Keywords (n/30, 'No proper nouns'): plain form fields named style, composition and
 * keywords, so they travel with the form that contains them. The forms that hold
 * them hydrate on first use (decision 113): on mount the fields adopt what was chosen or typed before their code
 * arrived (and report it as a change).
 */
export function PreferencesFields({
  fields,
  defaults,
  onPreferenceChange,
}: {
  fields: Record<PreferenceName, FieldMeta>;
  defaults: Preferences;
  onPreferenceChange?: (field: PreferenceName, value: string, all: Preferences) => void;
}) {
  const [values, setValues] = useState<Preferences>(defaults);
  const update = (field: PreferenceName, value: string) => {
    const next = { ...values, [field]: value } as Preferences;
    setValues(next);
    onPreferenceChange?.(field, value, next);
  };
  const hintId = `${fields.keywords.id}-hint`;
  const root = useAdoptOnHydration<HTMLDivElement>((fieldset) => {
    const element = (name: PreferenceName) =>
      fieldset.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
    let next = defaults;
    for (const name of ["style", "composition", "keywords"] as const) {
      const shown = element(name)?.value;
      if (shown === undefined || shown === next[name]) continue;
      next = { ...next, [name]: shown } as Preferences;
      onPreferenceChange?.(name, shown, next);
    }
    if (next !== defaults) setValues(next);
  });
  return (
    <div ref={root} className="grid gap-4 sm:grid-cols-3">
      <div>
        <label htmlFor={fields.style.id} className="text-sm font-semibold">
          Style
        </label>
        <select
          id={fields.style.id}
          name="style"
          value={values.style}
          onChange={(e) => update("style", e.target.value)}
          aria-invalid={fields.style.errors?.length ? true : undefined}
          aria-describedby={describedBy(fields.style)}
          className={SELECT}
        >
          {STYLES.map((s) => (
            <option key={s} value={s}>
              {STYLE_LABELS[s]}
            </option>
          ))}
        </select>
        <FieldError meta={fields.style} />
      </div>
      <div>
        <label htmlFor={fields.composition.id} className="text-sm font-semibold">
          Content Length
        </label>
        <select
          id={fields.composition.id}
          name="composition"
          value={values.composition}
          onChange={(e) => update("composition", e.target.value)}
          aria-invalid={fields.composition.errors?.length ? true : undefined}
          aria-describedby={describedBy(fields.composition)}
          className={SELECT}
        >
          {COMPOSITIONS.map((c) => (
            <option key={c} value={c}>
              {COMPOSITION_LABELS[c]}
            </option>
          ))}
        </select>
        <FieldError meta={fields.composition} />
      </div>
      <div>
        <label htmlFor={fields.keywords.id} className="text-sm font-semibold">
          Keywords
        </label>
        <input
          id={fields.keywords.id}
          name="keywords"
          type="text"
          maxLength={KEYWORDS_MAX}
          value={values.keywords}
          onChange={(e) => update("keywords", e.target.value.slice(0, KEYWORDS_MAX))}
          aria-invalid={fields.keywords.errors?.length ? true : undefined}
          aria-describedby={describedBy(fields.keywords, hintId)}
          className={SELECT}
          autoComplete="off"
        />
        <p id={hintId} className="mt-1 flex justify-between text-xs text-ink">
          <span>No proper nouns</span>
          <span>
            {values.keywords.length}/{KEYWORDS_MAX}
          </span>
        </p>
        <FieldError meta={fields.keywords} />
      </div>
    </div>
  );
}
