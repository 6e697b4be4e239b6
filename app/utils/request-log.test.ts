import { describe, expect, it } from "vitest";
import { redactUrl } from "./request-log.server";

describe("redactUrl", () => {
  it.each([
    ["/reset-password?token=abc123", "/reset-password?token=[redacted]"],
    ["/verify-email?token=abc&next=/forum", "/verify-email?token=[redacted]&next=/forum"],
    ["/unsubscribe?x=1&token=abc", "/unsubscribe?x=1&token=[redacted]"],
    ["/callback?code=xyz&state=s", "/callback?code=[redacted]&state=s"],
    ["/api/thing?api_key=k&API-KEY=k2", "/api/thing?api_key=[redacted]&API-KEY=[redacted]"],
    ["/api/3d/viewer-token?viewerToken=t", "/api/3d/viewer-token?viewerToken=[redacted]"],
    ["/x?%74oken=abc", "/x?%74oken=[redacted]"],
    ["/forum?page=2&q=numbers", "/forum?page=2&q=numbers"],
    ["/about", "/about"],
    ["/reset-password?token=abc#frag", "/reset-password?token=[redacted]"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
