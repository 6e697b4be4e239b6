import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from "react";
import { useHydrated } from "./use-hydrated";

/**
 * Toasts with the spec's numbers: one at a time, shown 5000 ms, dismissed by a swipe right past 50 px, by its
 * Dismiss button or by Escape inside it; F8 moves focus to the notification region. Server flash toasts arrive
 * through the root loader; client code calls `useToast().show(...)`. Without JavaScript the same message is rendered
 * in a status region by <StaticToast>.
 *
 * The region and its two live regions (polite for news, assertive for errors; both role status, not alert, so a
 * toast never doubles a form's own alert) are in the page from the first render, so a toast put into them is
 * announced. The timer pauses while the pointer is over the toast, while focus
 * is in it and while the window is in the background (WCAG 2.2.1), as Radix Toast did; hand-written instead of
 * Radix (13 KB of script on every page) to keep each page's JavaScript within its budget (decision 108).
 */
export type ToastMessage = {
  id: string;
  title: string;
  description?: string;
  type?: "success" | "error" | "info";
  /**
   * Shown, not announced: the page announces the same outcome in its own live region or alert, and a second
   * announcement would only repeat it (decision 130).
   */
  quiet?: boolean;
};

const ToastContext = createContext<{ show: (toast: Omit<ToastMessage, "id">) => void }>({ show: () => {} });
export const useToast = () => useContext(ToastContext);

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function ToastProvider({ flash, children }: { flash: ToastMessage | null; children: ReactNode }) {
  const [current, setCurrent] = useState<ToastMessage | null>(null);
  const regionRef = useRef<HTMLElement>(null);

  const show = useCallback((toast: Omit<ToastMessage, "id">) => {
    setCurrent({ ...toast, id: Math.random().toString(36).slice(2) });
  }, []);

  useEffect(() => {
    if (flash) setCurrent(flash);
  }, [flash?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- a new flash (a new id) shows; the same flash re-sent by a revalidation must not show again

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const dismiss = useCallback(() => {
    // focus inside the toast goes to the region rather than being lost with the toast
    if (regionRef.current?.contains(document.activeElement)) regionRef.current.focus();
    setCurrent(null);
  }, []);

  const value = useMemo(() => ({ show }), [show]);
  const error = current?.type === "error";
  const quiet = !!current?.quiet;
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section
        ref={regionRef}
        aria-label="Notifications (F8)"
        tabIndex={-1}
        // Above the read-aloud control, whatever its height (decision 195); the empty region lets clicks through.
        className="pointer-events-none fixed right-4 bottom-[calc(var(--read-aloud-reserve)+0.5rem)] z-[60] flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none *:pointer-events-auto"
      >
        <div role="status" aria-live="polite" aria-atomic="true">
          {current && !error && !quiet ? <Toast key={current.id} toast={current} onDismiss={dismiss} /> : null}
        </div>
        <div role="status" aria-live="assertive" aria-atomic="true">
          {current && error && !quiet ? <Toast key={current.id} toast={current} onDismiss={dismiss} /> : null}
        </div>
        <div>{current && quiet ? <Toast key={current.id} toast={current} onDismiss={dismiss} /> : null}</div>
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);

  // The display timer: 5000 ms of the toast being in view and unattended.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let remaining = TOAST_DURATION_MS;
    let startedAt = 0;
    let timer: number | undefined;
    const holds = new Set<string>();
    const run = () => {
      if (holds.size > 0 || timer !== undefined) return;
      startedAt = Date.now();
      timer = window.setTimeout(onDismiss, remaining);
    };
    const hold = (reason: string) => {
      holds.add(reason);
      if (timer === undefined) return;
      window.clearTimeout(timer);
      timer = undefined;
      remaining = Math.max(0, remaining - (Date.now() - startedAt));
    };
    const release = (reason: string) => {
      holds.delete(reason);
      run();
    };
    const listeners: Array<[EventTarget, string, () => void]> = [
      [element, "pointerenter", () => hold("pointer")],
      [element, "pointerleave", () => release("pointer")],
      [element, "focusin", () => hold("focus")],
      [element, "focusout", () => release("focus")],
      [window, "blur", () => hold("window")],
      [window, "focus", () => release("window")],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    run();
    return () => {
      window.clearTimeout(timer);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [onDismiss]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest("button")) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current !== null) setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerUp = () => {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (offset > TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  return (
    // Escape and the swipe are shortcuts; the Dismiss button is the control for keyboard and pointer alike.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={ref}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDismiss();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      className={`touch-pan-y rounded-lg border p-4 shadow-lg ${
        toast.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-violet-300 bg-white text-ink"
      }`}
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      <button type="button" onClick={onDismiss} className="mt-2 text-sm underline">
        Dismiss
      </button>
    </div>
  );
}

/**
 * The flash message as part of the page, for visitors without JavaScript (and for the first paint). Once React has
 * hydrated, the toast takes over and this copy is removed, so nobody hears the message twice.
 */
export function StaticToast({ flash }: { flash: ToastMessage | null }) {
  const hydrated = useHydrated();
  if (!flash || hydrated) return null;
  return (
    <div
      role="status"
      className={`mx-auto mt-4 max-w-3xl rounded-lg border p-4 ${
        flash.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-violet-300 bg-white text-ink"
      }`}
    >
      <p className="font-semibold">{flash.title}</p>
      {flash.description ? <p className="mt-1 text-sm">{flash.description}</p> : null}
    </div>
  );
}
