import { describe, expect, it } from "vitest";
import { DIGITS } from "~/numerology/principles";
import { formatEasternDateTime } from "~/utils/eastern-dates";
import { parseTab } from "./tab";
import { readTabCookie, serializeTabCookie } from "./tab-cookie.server";
import { BODIES, formatDegree, parseBodyName, parseSignName, signAt, SIGNS } from "./zodiac";

describe("the static sky", () => {
  it("gives each of the ten principles to exactly one body", () => {
    expect(BODIES.map((b) => b.principle).sort()).toEqual([...DIGITS]);
    expect(BODIES.filter((b) => !b.canRetrograde).map((b) => b.name)).toEqual(["Sun", "Moon"]);
  });

  it("has twelve signs cycling through the elements and modalities", () => {
    expect(SIGNS.map((s) => s.element).join(" ")).toBe("Fire Earth Air Water ".repeat(3).trim());
    expect(SIGNS.map((s) => s.modality).slice(0, 3)).toEqual(["Cardinal", "Fixed", "Mutable"]);
    for (const s of SIGNS) expect(s.symbol).toMatch(/^[\u2648-\u2653]\uFE0E$/);
  });

  it("finds the sign and the degree within it at any longitude", () => {
    expect(signAt(0)).toEqual({ sign: "Aries", degreeInSign: 0 });
    expect(signAt(359.5).sign).toBe("Pisces");
    expect(signAt(-0.5).sign).toBe("Pisces");
    expect(signAt(725).sign).toBe("Aries");
    expect(signAt(239.68).sign).toBe("Scorpio");
    expect(formatDegree(29.999)).toBe("29°59′");
    expect(formatDegree(3.5)).toBe("3°30′");
  });

  it("reads planet and sign names from URLs, case-insensitively, and nothing else", () => {
    expect(parseBodyName("mars")).toBe("Mars");
    expect(parseBodyName("%20Pluto")).toBe("Pluto");
    expect(parseBodyName("Vulcan")).toBeNull();
    expect(parseBodyName("%E0%A4%A")).toBeNull();
    expect(parseSignName("SAGITTARIUS")).toBe("Sagittarius");
    expect(parseSignName("Ophiuchus")).toBeNull();
  });
});

describe("the remembered tab", () => {
  it("round-trips through the cookie and ignores anything else", () => {
    const cookie = serializeTabCookie("horoscope").split(";")[0]!;
    expect(readTabCookie(new Request("http://x/", { headers: { Cookie: `a=1; ${cookie}` } }))).toBe("horoscope");
    expect(readTabCookie(new Request("http://x/", { headers: { Cookie: "astrology-tab=admin" } }))).toBeNull();
    expect(parseTab("transits")).toBe("transits");
    expect(parseTab("other")).toBeNull();
  });

  it("writes instants in Eastern time with the right suffix", () => {
    expect(formatEasternDateTime("2026-11-21T23:50:00Z")).toBe("Nov 21, 2026, 6:50 PM EST");
    expect(formatEasternDateTime("2026-07-01T12:00:00Z")).toBe("Jul 1, 2026, 8:00 AM EDT");
  });
});
