import { describe, expect, it } from "vitest";
import { CONTENT_ALERT_MESSAGE, GRAPHIC_ALERT } from "~/ai/moderation.server";
import { BUDGET_SPENT_NOTICE, OFFLINE_BUDGET_PROVIDER } from "~/utils/paid-budget.server";
import { PREFERENCES_CONSTRAINT } from "./forms.server";
import { readingViewOf } from "./page.server";
import { READING_FAILURE_TEXT } from "./tab";

describe("a reading the server wrote, as the page shows it", () => {
  it("shows the reading, and says so when the offline composer wrote it because the budget was spent", () => {
    expect(readingViewOf({ ok: true, reading: "R", rawReading: "R", provider: "openai" })).toEqual({
      status: "ok",
      text: "R",
    });
    expect(readingViewOf({ ok: true, reading: "R", rawReading: "R", provider: OFFLINE_BUDGET_PROVIDER })).toEqual({
      status: "ok",
      text: "R",
      notice: BUDGET_SPENT_NOTICE,
    });
  });

  it("gives the content alert, the limit's message with the failure text, or the failure text", () => {
    expect(readingViewOf({ ok: false, code: GRAPHIC_ALERT, message: "x" })).toEqual({
      status: "alert",
      text: CONTENT_ALERT_MESSAGE,
    });
    expect(readingViewOf({ ok: false, code: "RATE_LIMITED", message: "wait", retryAfterSeconds: 5 })).toEqual({
      status: "failed",
      text: READING_FAILURE_TEXT,
      notice: "wait",
    });
    expect(readingViewOf({ ok: false, code: "TIMEOUT", message: "slow" })).toEqual({
      status: "failed",
      text: READING_FAILURE_TEXT,
    });
  });

  it("derives the preferences form's constraints from its schema", () => {
    expect(Object.keys(PREFERENCES_CONSTRAINT).sort()).toEqual(["composition", "keywords", "style"]);
  });
});
