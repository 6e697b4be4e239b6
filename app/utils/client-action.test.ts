import { describe, expect, it } from "vitest";
import { describeFailure, submitFailure } from "./client-action";

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
  it("describes network errors, 5xx responses and thrown errors", () => {
    expect(describeFailure(new TypeError("Failed to fetch"))).toEqual({ network: true, message: "Failed to fetch" });
    expect(describeFailure(new FakeErrorResponse(500, "Internal Server Error", "database down"))).toEqual({
      network: false,
      message: "database down",
    });
    expect(describeFailure(new FakeErrorResponse(503, "Service Unavailable", null))).toEqual({
      network: false,
      message: "Service Unavailable",
    });
    expect(describeFailure(new Error("boom"))).toEqual({ network: false, message: "boom" });
  });
});

describe("submitFailure", () => {
  it("finds the failure for the intent only", () => {
    const data = { intent: "reply", failure: { network: true, message: "x" } };
    expect(submitFailure(data, "reply")).toEqual(data.failure);
    expect(submitFailure(data, "edit")).toBeNull();
    expect(submitFailure({ intent: "reply", result: {} }, "reply")).toBeNull();
    expect(submitFailure(undefined)).toBeNull();
  });
});
