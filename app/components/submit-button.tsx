import type { ReactNode } from "react";

/**
 * A form's submit button; `busy` shows `busyLabel` and disables it while the form is sent. `name` and `value`: the
 * button sends the form's intent itself, where a second submit button sends another (a Preview, decision 342).
 */
export function SubmitButton({
  children,
  busy,
  busyLabel,
  disabled,
  name,
  value,
}: {
  children: ReactNode;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy || disabled}
      className="w-full rounded-md bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900 disabled:opacity-60"
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
