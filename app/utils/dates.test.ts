import { describe, expect, it, vi } from "vitest";
import { countConstructions } from "../../tests/support/intl";
import { formatDay, formatUtcDate, formatUtcDateTime, formatUtcDateTime24 } from "./dates";
import { formatEasternDateTime } from "./eastern-dates";

const intl = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

describe("formatUtcDateTime", () => {
  it("writes what Intl writes for en-US in UTC", () => {
    expect(formatUtcDateTime(new Date("2026-11-21T15:04:59Z"))).toBe("Nov 21, 2026, 3:04 PM UTC");
    expect(formatUtcDateTime(new Date("2026-01-01T00:05:00Z"))).toBe("Jan 1, 2026, 12:05 AM UTC");
    expect(formatUtcDateTime(new Date("2026-06-09T12:00:00Z"))).toBe("Jun 9, 2026, 12:00 PM UTC");
  });

  it("agrees with Intl over thousands of moments (midnight, noon, month ends, leap days)", () => {
    const start = Date.UTC(2000, 0, 1);
    const step = 7 * 60 * 60 * 1000 + 13 * 60 * 1000 + 1234; // walks through every hour and minute pattern
    for (let i = 0; i < 5000; i++) {
      const date = new Date(start + i * step * 3);
      expect(formatUtcDateTime(date)).toBe(intl.format(date).replace(/\u202f/g, " "));
    }
  });
});

describe("the other formats agree with Intl (en-US, UTC)", () => {
  const format = (options: Intl.DateTimeFormatOptions) => {
    const intlFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options });
    return (date: Date) => intlFormat.format(date).replace(/\u202f/g, " ");
  };
  const shortDay = format({ year: "numeric", month: "short", day: "numeric" });
  const longDay = format({ year: "numeric", month: "long", day: "numeric" });
  const clock24 = format({
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });

  it("writes the examples the pages show", () => {
    expect(formatUtcDate(new Date("2026-11-21T23:59:00Z"))).toBe("Nov 21, 2026");
    expect(formatUtcDate("2025-09-04T00:00:00Z", "long")).toBe("September 4, 2025");
    expect(formatDay("2025-09-04")).toBe("September 4, 2025");
    expect(formatDay("2025-09-04", "short")).toBe("Sep 4, 2025");
    expect(formatUtcDateTime24(new Date("2026-01-01T00:05:00Z"))).toBe("Jan 1, 2026, 00:05 UTC");
    expect(formatEasternDateTime("2026-07-04T16:30:00Z")).toBe("Jul 4, 2026, 12:30 PM EDT");
    expect(formatEasternDateTime("2026-12-04T16:30:00Z")).toBe("Dec 4, 2026, 11:30 AM EST");
  });

  it("over thousands of moments", () => {
    const start = Date.UTC(1999, 11, 31);
    const step = 5 * 60 * 60 * 1000 + 17 * 60 * 1000 + 4321;
    for (let i = 0; i < 5000; i++) {
      const date = new Date(start + i * step * 3);
      expect(formatUtcDate(date)).toBe(shortDay(date));
      expect(formatUtcDate(date, "long")).toBe(longDay(date));
      expect(formatUtcDateTime24(date)).toBe(clock24(date));
    }
  });
});

describe("the module's cost when a page loads it", () => {
  it("makes none for an instant the server formatted (the loader's formatEasternDateTimes)", async () => {
    vi.resetModules();
    const made = countConstructions("DateTimeFormat");
    try {
      const server = await import("./eastern-dates");
      const formatted = server.formatEasternDateTimes(["2026-11-21T15:04:00.000Z", null]);
      expect(formatted).toEqual({ "2026-11-21T15:04:00.000Z": "Nov 21, 2026, 10:04 AM EST" });
      vi.resetModules();
      const browser = await import("./eastern-dates");
      const before = made.count;
      expect(browser.formatEasternDateTime("2026-11-21T15:04:00.000Z", formatted)).toBe("Nov 21, 2026, 10:04 AM EST");
      expect(made.count).toBe(before);
      // an instant the server did not format (a later refresh of the sky) is formatted here
      expect(browser.formatEasternDateTime("2026-07-01T12:00:00.000Z", formatted)).toBe("Jul 1, 2026, 8:00 AM EDT");
      expect(made.count).toBeGreaterThan(before);
    } finally {
      made.restore();
    }
  });

  it("makes no Intl formatter until an Eastern time is formatted, then one set for every call", async () => {
    vi.resetModules();
    const made = countConstructions("DateTimeFormat");
    try {
      const dates = await import("./dates");
      const eastern = await import("./eastern-dates");
      dates.formatUtcDateTime(new Date("2026-11-21T15:04:59Z"));
      expect(made.count).toBe(0);
      expect(eastern.formatEasternDateTime("2026-11-21T15:04:00Z")).toBe("Nov 21, 2026, 10:04 AM EST");
      expect(eastern.easternDateTime("2026-07-01T09:30:00Z")).toEqual({ date: "Jul 1, 2026", time: "5:30 AM EDT" });
      const count = made.count;
      expect(count).toBeGreaterThan(0);
      eastern.formatEasternDateTime("2026-11-22T15:04:00Z");
      expect(made.count).toBe(count);
    } finally {
      made.restore();
    }
  });
});
