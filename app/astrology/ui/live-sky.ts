import { useEffect, useRef, useState } from "react";
import type { AstronomicalData } from "~/astrology/ephemeris.server";

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

export type LiveSky = { sky: AstronomicalData | null; lastUpdate: string | null; checkIntervalMinutes: number };

/**
 * The sky and the monitor's status as last asked: the loader's (`initial`, followed when the loader answers
 * again), then refreshed in the browser from the status and sky APIs.
 */
export function useLiveSky(initial: LiveSky): LiveSky {
  const [live, setLive] = useState(initial);
  useEffect(() => {
    setLive({ sky: initial.sky, lastUpdate: initial.lastUpdate, checkIntervalMinutes: initial.checkIntervalMinutes });
  }, [initial]);
  useVisibleInterval(async () => {
    const response = await fetch("/api/astrology-monitor/status", { cache: "no-store" }).catch(() => null);
    if (!response?.ok) return;
    const status = (await response.json()) as { lastUpdate: string | null; checkIntervalMinutes: number };
    setLive((current) => ({
      ...current,
      lastUpdate: status.lastUpdate ?? current.lastUpdate,
      checkIntervalMinutes: status.checkIntervalMinutes,
    }));
  }, MONITOR_STATUS_REFRESH_MS);
  useVisibleInterval(async () => {
    const response = await fetch("/api/astrology", { cache: "no-store" }).catch(() => null);
    if (!response?.ok) return;
    const { lastUpdate, ...next } = (await response.json()) as AstronomicalData & { lastUpdate: string | null };
    setLive((current) => ({ ...current, sky: next, lastUpdate: lastUpdate ?? current.lastUpdate }));
  }, SKY_REFRESH_MS);
  return live;
}
