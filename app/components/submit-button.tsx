import type { ReactNode } from "react";

/** A form's submit button; `busy` shows `busyLabel` and disables it while the form is sent. */
export function SubmitButton({
  children,
  busy,
  busyLabel,
  disabled,
}: {
  children: ReactNode;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className="w-full rounded-md bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900 disabled:opacity-60"
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
