import { describe, expect, it } from "vitest";
import { FAILURE_TEXTS, describeFailure, submitFailure } from "./client-action";

class FakeErrorResponse {
  constructor(
    public status: number,
    public statusText: string,
    public data: unknown,
    public internal = false,
  ) {}
}

describe("describeFailure", () => {
  it("passes redirects and 4xx responses through", () => {
    expect(describeFailure(new Response(null, { status: 302 }))).toBeNull();
    expect(describeFailure(new FakeErrorResponse(404, "Not Found", "gone"))).toBeNull();
  });
  it("says what failed in the site's words, never the browser's or the framework's (issue 47)", () => {
    const lost = { network: true, ...FAILURE_TEXTS.network };
    const failed = { network: false, ...FAILURE_TEXTS.server };
    expect(describeFailure(new TypeError("Failed to fetch"))).toEqual(lost);
    expect(describeFailure(new TypeError("NetworkError when attempting to fetch resource."))).toEqual(lost);
    expect(
      describeFailure(new Error("Unable to decode turbo-stream response from URL: http://127.0.0.1/x.data")),
    ).toEqual(lost);
    expect(describeFailure(new FakeErrorResponse(500, "Internal Server Error", "database down"))).toEqual(failed);
    expect(describeFailure(new FakeErrorResponse(503, "Service Unavailable", null))).toEqual(failed);
    expect(describeFailure(new Error("boom"))).toEqual(failed);
    for (const text of [FAILURE_TEXTS.network.message, FAILURE_TEXTS.server.message])
      expect(text).not.toMatch(/fetch|turbo|decode|500|Internal/i);
  });
});

describe("submitFailure", () => {
  it("finds the failure for the intent only", () => {
    const data = { intent: "reply", failure: { network: true, message: "x", reason: "y" } };
    expect(submitFailure(data, "reply")).toEqual(data.failure);
    expect(submitFailure(data, "edit")).toBeNull();
    expect(submitFailure({ intent: "reply", result: {} }, "reply")).toBeNull();
    expect(submitFailure(undefined)).toBeNull();
  });
});
