import { useEffect, useRef, type ReactNode } from "react";

/**
 * A form's submit button; `busy` shows `busyLabel` while the form is sent, and holds a second submission (the
 * button again, or Enter in a field) until the answer. It stays focusable while busy (`aria-disabled`, not
 * `disabled`): a disabled button drops the focus to `<body>`, and a screen reader that followed it there says
 * nothing of the page that comes next (Orca 43 kept its place on the lost button, decision 400). `name` and
 * `value`: the button sends the form's intent itself, where a second submit button sends another (a Preview,
 * decision 342).
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
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const form = ref.current?.form;
    if (!busy || !form) return;
    // on the form itself, before React's handler at the root: Remix's Form does not submit a prevented event
    const hold = (event: Event) => event.preventDefault();
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, [busy]);
  return (
    <button
      ref={ref}
      type="submit"
      name={name}
      value={value}
      disabled={disabled}
      aria-disabled={busy || undefined}
      className="w-full rounded-md bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900 disabled:opacity-60 aria-disabled:opacity-60"
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
