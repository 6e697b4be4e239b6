import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A dialog that has a URL (`?dialog=…`). The server renders it open in the page (a non-modal <dialog open>), so
 * it works without JavaScript; once hydrated it reopens as a real modal (focus trapped) and Escape
 * navigates to `closeTo`. Opened, focus goes to its first real field (a field people fill in: never the honeypot
 * or a hidden input), or to the dialog's first control when it has no field (decision 130).
 */
export function RouteDialog({
  id,
  title,
  closeTo,
  children,
  description,
}: {
  id: string;
  title: string;
  closeTo: string;
  children: ReactNode;
  description?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
      firstRealField(dialog)?.focus();
    }
    // Escape: leave the dialog's URL instead of only hiding it (the "Close" link does the same).
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeTo, { preventScrollReset: true, replace: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [closeTo, navigate]);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      className="relative z-50 mx-auto my-6 w-full max-w-md rounded-xl border border-violet-300 bg-white p-6 text-ink shadow-2xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl font-bold">
        {title}
      </h2>
      {description ? (
        <div id={`${id}-description`} className="mt-2 text-sm">
          {description}
        </div>
      ) : null}
      <div className="mt-4 space-y-4">{children}</div>
      <Link
        to={closeTo}
        replace
        preventScrollReset
        className="absolute top-3 right-3 rounded px-2 py-1 text-sm text-stone-700 underline"
      >
        Close<span className="sr-only"> dialog</span>
      </Link>
    </dialog>
  );
}

/** The first control of a dialog a person would use first: a visible field in the tab order, else a button or link. */
function firstRealField(dialog: HTMLDialogElement): HTMLElement | null {
  const usable = (el: HTMLElement) => el.tabIndex >= 0 && !el.closest("[hidden], [aria-hidden='true']");
  const fields = [...dialog.querySelectorAll<HTMLElement>("input:not([type=hidden]), select, textarea")];
  const controls = [...dialog.querySelectorAll<HTMLElement>("button, a[href]")];
  return fields.find(usable) ?? controls.find(usable) ?? null;
}
