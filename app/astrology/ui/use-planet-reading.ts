import { useCallback, useEffect, useRef, useState } from "react";
import type { AstronomicalData } from "~/astrology/ephemeris.server";
import { LOADING_READING, planetReport, readingViewFromApi, type ReadingView } from "~/astrology/reading-view";
import { READING_FAILURE_TEXT } from "~/astrology/tab";
import type { BodyName } from "~/astrology/zodiac-names";

export type ServerReading = { planet: BodyName | null; reading: ReadingView | null; contentAlert: { message: string } };

/**
 * The reading of the planet on the address. The loader's (`server`) when it wrote one for this planet; otherwise,
 * with JavaScript, one asked of the reading API ~100 ms after the planet is chosen, with the loading card
 * meanwhile. The keywords typed in the form (saved or not) go with the request. A fresh loader answer (after
 * saving preferences) wins over readings asked in the browser.
 */
export function usePlanetReading({
  planet,
  sky,
  server,
  keywords,
}: {
  planet: BodyName | null;
  sky: AstronomicalData | null;
  server: ServerReading;
  keywords: string;
}) {
  const [asked, setAsked] = useState<{ planet: BodyName; view: ReadingView } | null>(null);
  useEffect(() => setAsked(null), [server]);
  const reading: ReadingView | null =
    asked?.planet === planet ? asked.view : server.planet === planet ? server.reading : null;

  const keywordsRef = useRef(keywords);
  keywordsRef.current = keywords;
  const alertRef = useRef(server.contentAlert.message);
  alertRef.current = server.contentAlert.message;

  // A planet address without a reading yet: ask for one.
  useEffect(() => {
    if (!planet || !sky || reading) return;
    setAsked({ planet, view: LOADING_READING });
  }, [planet, sky, reading]);

  const pending = asked?.planet === planet && asked?.view.status === "loading" ? asked : null;
  useEffect(() => {
    if (!pending || !sky) return;
    const target = pending.planet;
    const constellation = planetReport(sky, target).constellation;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      let view: ReadingView;
      try {
        const response = await fetch("/api/generate-personalized-reading", {
          method: "POST",
          credentials: "include",
          signal: controller.signal,
          // The visitor cookie names the visitor (decision 100: the page, kept for many visitors, holds no id).
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            planet: target,
            constellation,
            ...(keywordsRef.current.trim() ? { keywords: keywordsRef.current } : {}),
          }),
        });
        const body = (await response.json().catch(() => ({}))) as { reading?: string; error?: string; notice?: string };
        view = readingViewFromApi(response.ok, body, alertRef.current);
      } catch {
        if (controller.signal.aborted) return;
        view = { status: "failed", text: READING_FAILURE_TEXT };
      }
      setAsked((current) => (current?.planet === target ? { planet: target, view } : current));
    }, 100);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [pending, sky]);

  return {
    reading,
    /** a planet link was followed: show its loading card at once */
    choose: useCallback((name: BodyName) => setAsked({ planet: name, view: LOADING_READING }), []),
  };
}
