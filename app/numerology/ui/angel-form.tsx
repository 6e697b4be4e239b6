import { getInputProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { ErrorSummary, useSiteForm, type FormConstraint } from "~/components/form";
import { useAdoptOnHydration } from "~/components/on-use";
import type { Preferences } from "~/preferences/options";
import { ANGEL_ERROR_ID, ANGEL_FORM_ID, ANGEL_MAX_DIGITS, ANGEL_TEXTS, sanitizeAngelInput } from "../angel";
import { PreferencesFields } from "./preferences-fields";

const ANGEL_ERROR_MESSAGES_ID = `${ANGEL_ERROR_ID}-messages`;

/**
 * The angel number form's fields (spec part 1): the content preferences, the number (digits only, at most 4) and
 * "Decode Angel Message". The `<form>` is the page's, around these and the reading's 'Generate Fresh Reading'
 * (decision 130: text browsers ignore a button's `form` attribute). This part hydrates on first use (decisions 109,
 * 113). The number is the page's (the saved readings set it from outside the form); on mount the part adopts what
 * was typed before its code arrived. The page's answer to a failed decode (a FormAnswer, decision 250) is read here:
 * Conform's result, and the error summary's title, message and reason line.
 */
export function AngelFields({
  constraint,
  preferences,
  value,
  onValue,
  onReady,
}: {
  constraint: FormConstraint;
  preferences: Preferences;
  value: string;
  onValue: (value: string) => void;
  /** told once the form has hydrated (the page holds a navigation until then) */
  onReady: (ready: true) => void;
  /** changed by the page to load the form before it is used (a new prop wakes a part waiting for use) */
  awake: boolean;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { fields, answer } = useSiteForm<Preferences & { number: string }>({ intent: ANGEL_FORM_ID, constraint });
  // a number typed before hydration is in the field, not in the page's state
  const input = useAdoptOnHydration<HTMLInputElement>((field) => {
    if (field.value !== value) onValue(sanitizeAngelInput(field.value));
    onReady(true);
  });

  const { key: _key, defaultValue: _default, ...numberProps } = getInputProps(fields.number, { type: "text" });
  return (
    <div className="mt-8 rounded-xl border border-violet-200 bg-white p-5 shadow-sm">
      <PreferencesFields fields={fields} defaults={preferences} />
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fields.number.id} className="text-sm font-semibold">
            Angel number
          </label>
          <input
            {...numberProps}
            ref={input}
            maxLength={ANGEL_MAX_DIGITS}
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(e) => onValue(sanitizeAngelInput(e.target.value))}
            placeholder="1111"
            aria-invalid={answer ? true : undefined}
            aria-describedby={answer?.toast && !pending ? ANGEL_ERROR_MESSAGES_ID : undefined}
            className="mt-1 block w-40 rounded-md border border-violet-300 px-3 py-2 text-2xl tracking-widest"
          />
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-cosmic px-5 py-3 font-semibold text-white disabled:opacity-60"
        >
          {pending ? ANGEL_TEXTS.pending : "Decode Angel Message"}
        </button>
      </div>
      {answer?.toast && !pending ? (
        // focused and announced once, as a named group (decision 400); the field names its messages
        <div className="mt-4">
          <ErrorSummary
            id={ANGEL_ERROR_ID}
            form={{ id: ANGEL_ERROR_ID }}
            title={answer.toast.title}
            description={answer.error ?? answer.toast.description}
            detail={answer.detail}
            resultKey={answer}
            messagesId={ANGEL_ERROR_MESSAGES_ID}
          />
        </div>
      ) : null}
    </div>
  );
}
