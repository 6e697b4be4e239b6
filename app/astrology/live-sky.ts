import { useEffect, useRef } from "react";

/**
 * /astrology keeps itself current with JavaScript (spec part 1, section 9): the monitor status is asked again every
 * 2 minutes, the planets every 60 minutes. Nothing is asked while the tab is hidden; a tab that comes back after
 * an interval has passed asks at once, then keeps the interval from there.
 */
export const MONITOR_STATUS_REFRESH_MS = 2 * 60_000;
export const SKY_REFRESH_MS = 60 * 60_000;

export function useVisibleInterval(task: () => void | Promise<void>, intervalMs: number) {
  const latest = useRef(task);
  latest.current = task;
  useEffect(() => {
    let timer: number | undefined;
    let lastRun = Date.now();
    const run = () => {
      lastRun = Date.now();
      void latest.current();
    };
    const start = (delay: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(function tick() {
        if (document.visibilityState === "hidden") return; // stopped; resumed by visibilitychange
        run();
        timer = window.setTimeout(tick, intervalMs);
      }, delay);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        window.clearTimeout(timer);
        return;
      }
      const elapsed = Date.now() - lastRun;
      if (elapsed >= intervalMs) {
        run();
        start(intervalMs);
      } else {
        start(intervalMs - elapsed);
      }
    };
    start(intervalMs);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [intervalMs]);
}
