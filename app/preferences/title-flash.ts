import { useCallback, useEffect, useRef } from "react";
import { COMPOSITION_LABELS, STYLE_LABELS, type Preferences } from "./options";

/** The spec's title flash: a changed style or length shows in the page title for 2 s. */
export const TITLE_FLASH_MS = 2000;

/** `(field, all)`: puts 'Style: Poetic' (or 'Content Length: Brief') before the page title for 2 s. */
export function useTitleFlash() {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((field: "style" | "composition", all: Preferences) => {
    const original = document.title.replace(/^(Style|Content Length): [^|]+\| /, "");
    const label =
      field === "style"
        ? `Style: ${STYLE_LABELS[all.style]}`
        : `Content Length: ${COMPOSITION_LABELS[all.composition]}`;
    document.title = `${label} | ${original}`;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => (document.title = original), TITLE_FLASH_MS);
  }, []);
}
