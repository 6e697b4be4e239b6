import * as RadixToast from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

/**
 * Toasts with the spec's numbers (Radix Toast: one at a time, 5000 ms, swipe right past 50 px, F8 focuses the
 * region). Server flash toasts arrive through the root loader; client code calls `useToast().show(...)`.
 * Without JavaScript the same message is rendered in a status region by <NoScriptToast>.
 */
export type ToastMessage = { id: string; title: string; description?: string; type?: "success" | "error" | "info" };

const ToastContext = createContext<{ show: (toast: Omit<ToastMessage, "id">) => void }>({ show: () => {} });
export const useToast = () => useContext(ToastContext);

export const TOAST_DURATION_MS = 5000;

export function ToastProvider({ flash, children }: { flash: ToastMessage | null; children: ReactNode }) {
  const [current, setCurrent] = useState<ToastMessage | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((toast: Omit<ToastMessage, "id">) => {
    setCurrent({ ...toast, id: Math.random().toString(36).slice(2) });
    setOpen(true);
  }, []);

  useEffect(() => {
    if (flash) {
      setCurrent(flash);
      setOpen(true);
    }
  }, [flash?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
        {children}
        {current ? (
          <RadixToast.Root
            key={current.id}
            open={open}
            onOpenChange={setOpen}
            type={current.type === "error" ? "foreground" : "background"}
            className={`rounded-lg border p-4 shadow-lg ${
              current.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-violet-300 bg-white text-ink"
            }`}
          >
            <RadixToast.Title className="font-semibold">{current.title}</RadixToast.Title>
            {current.description ? (
              <RadixToast.Description className="mt-1 text-sm">{current.description}</RadixToast.Description>
            ) : null}
            <RadixToast.Close className="mt-2 text-sm underline">Dismiss</RadixToast.Close>
          </RadixToast.Root>
        ) : null}
        <RadixToast.Viewport className="fixed right-4 bottom-24 z-[60] flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/**
 * The flash message as part of the page, for visitors without JavaScript (and for the first paint). Once React has
 * hydrated, the Radix toast takes over and this copy is removed, so nobody hears the message twice.
 */
export function StaticToast({ flash }: { flash: ToastMessage | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
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
