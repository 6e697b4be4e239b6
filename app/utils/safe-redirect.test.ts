import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./http.server";

/** Decision 083: a redirect target from a request is a path on this site, or the fallback. */
const HOSTILE = [
  "https://evil.example",
  "http://evil.example/forum",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0aSet-Cookie:x=1",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "/%2509/evil.example",
  "/%00",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " /forum",
  "evil.example",
  "forum",
  "/\u2028/evil.example",
  "/\u0085/evil.example",
  `/${"a".repeat(3000)}`,
];

describe("safeRedirectPath", () => {
  it.each(HOSTILE)("refuses %j", (target) => {
    expect(safeRedirectPath(target, "/forum")).toBe("/forum");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null, "/forum")).toBe("/forum");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath("")).toBe("/");
  });

  it.each([
    ["/forum", "/forum"],
    ["/forum/topic/12?page=2#post-31", "/forum/topic/12?page=2#post-31"],
    ["/forum?q=http%3A%2F%2Fexample.org&page=2", "/forum?q=http%3A%2F%2Fexample.org&page=2"],
    ["/user-profile", "/user-profile"],
    ["/astrology/Venus?tab=reading", "/astrology/Venus?tab=reading"],
    ["/blog/caf%C3%A9", "/blog/caf%C3%A9"],
    ["/blog/café", "/blog/caf%C3%A9"],
    ["/forum?q=100%25", "/forum?q=100%25"],
    ["/forum?q=%E2%82%AC", "/forum?q=%E2%82%AC"],
  ])("keeps the local path %j", (target, expected) => {
    expect(safeRedirectPath(target, "/forum")).toBe(expected);
  });
});
