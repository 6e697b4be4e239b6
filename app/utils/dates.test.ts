import { describe, expect, it } from "vitest";
import { formatUtcDate, formatUtcDateTime } from "./dates";

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

describe("formatUtcDate", () => {
  it("writes what toLocaleDateString writes for en-US in UTC", () => {
    for (const iso of ["2026-11-21T23:59:59Z", "2026-01-01T00:00:00Z", "2024-02-29T12:00:00Z"]) {
      const date = new Date(iso);
      expect(formatUtcDate(date)).toBe(
        date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }),
      );
    }
  });
});
