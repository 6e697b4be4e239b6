import { describe, expect, it } from "vitest";
import type { AstronomicalData } from "./ephemeris.server";
import { planetReport, planetTooltip, readingParagraphs, readingViewFromApi } from "./reading-view";
import { isPlanetSwitch, pageTab, READING_FAILURE_TEXT } from "./tab";

const ALERT = "Content generation paused due to inappropriate keywords.";

describe("a reading as the page shows it", () => {
  it("shows the API's reading, with its notice when there is one", () => {
    expect(readingViewFromApi(true, { reading: "Mars in Leo…" }, ALERT)).toEqual({
      status: "ok",
      text: "Mars in Leo…",
    });
    expect(readingViewFromApi(true, { reading: "R", notice: "budget spent" }, ALERT)).toEqual({
      status: "ok",
      text: "R",
      notice: "budget spent",
    });
  });

  it("turns a GRAPHIC_ALERT into the content alert, and anything else into the spec's failure text", () => {
    expect(readingViewFromApi(false, { error: "GRAPHIC_ALERT: keywords" }, ALERT)).toEqual({
      status: "alert",
      text: ALERT,
    });
    const failed = { status: "failed", text: READING_FAILURE_TEXT };
    expect(readingViewFromApi(false, { error: "down" }, ALERT)).toEqual(failed);
    expect(readingViewFromApi(true, {}, ALERT)).toEqual(failed);
  });

  it("splits paragraphs at blank lines", () => {
    expect(readingParagraphs("one\n\ntwo\nstill two\n\n\nthree")).toEqual(["one", "two\nstill two", "three"]);
  });
});

describe("which tab and which planet", () => {
  it("opens the horoscope on a planet's address, else the saved tab, else the transits", () => {
    expect(pageTab("Mars", "transits")).toBe("horoscope");
    expect(pageTab(null, "horoscope")).toBe("horoscope");
    expect(pageTab(null, null)).toBe("transits");
  });

  it("names the chosen body's entry and what it stands for", () => {
    const mars = { name: "Mars", constellation: "Leo" } as AstronomicalData["planets"][number];
    const sky = { planets: [{ name: "Sun", constellation: "Aries" }, mars] } as AstronomicalData;
    expect(planetReport(sky, "Mars")).toBe(mars);
    expect(planetTooltip(mars)).toBe("Mars in Leo: Drive · Courage · Action");
  });

  it("keeps the loader quiet only when a planet link is followed from the page", () => {
    const at = (path: string) => new URL(path, "http://x");
    expect(isPlanetSwitch(at("/astrology"), at("/astrology/Mars"))).toBe(true);
    expect(isPlanetSwitch(at("/astrology/Mars"), at("/astrology/Venus"))).toBe(true);
    expect(isPlanetSwitch(at("/astrology/Mars"), at("/astrology?tab=transits"))).toBe(false);
    expect(isPlanetSwitch(at("/astrology/Mars"), at("/astrology/Venus?tab=x"))).toBe(false);
    expect(isPlanetSwitch(at("/forum"), at("/astrology/Mars"))).toBe(false);
  });
});
