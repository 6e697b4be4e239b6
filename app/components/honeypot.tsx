/**
 * The anti-bot honeypot (decision 093): a text field people never see or fill, which form-filling robots do.
 * It sits off-screen (not display:none, which robots skip), out of the tab order and hidden from screen readers
 * (`aria-hidden`: Orca read it in browse mode, decision 400), still sent with the form; text browsers, which show it,
 * show its label telling the reader to leave it empty. A filled field is refused with 400 by the action.
 */
export const HONEYPOT_FIELD = "leave_this_empty";
export const HONEYPOT_LABEL = "Leave this field empty (it catches spam robots)";
export const HONEYPOT_MESSAGE =
  "The form was not sent: the field “Leave this field empty” was filled in. It is there to catch spam robots; leave it empty and send again.";

export function HoneypotField({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{HONEYPOT_LABEL}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} defaultValue="" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** True when a robot filled the honeypot (a form's FormData or a JSON body's field). */
export function honeypotFilled(value: FormDataEntryValue | unknown): boolean {
  return typeof value === "string" ? value.length > 0 : value !== undefined && value !== null;
}
