import { useEffect, useState } from "react";

/**
 * True once React has hydrated in the browser, false in the server render and the first client render (so they
 * match). Behaviour that needs JavaScript (disabled states while a request runs, live counters, lazy viewers) waits
 * for it, so every control works as plain HTML before scripts load.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
