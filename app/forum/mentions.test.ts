import { describe, expect, it } from "vitest";
import { mentionedNames, quotedPosts, QUOTED_CHARACTERS, quoteText } from "./mentions";

describe("mentions and quotes in a post's text (decision 313)", () => {
  it("finds each mentioned name once, without case, and no e-mail address", () => {
    expect(mentionedNames("@Alice_1 and @alice_1, @bob-2. mail me@example.com or @@carol")).toEqual([
      "Alice_1",
      "bob-2",
    ]);
  });

  it("reads the quote the Quote link writes, and not a quote inside a quote or a bare attribution", () => {
    const quote = quoteText({ topicId: 7, number: 3, content: "First line\nsecond line", author: "alice_1" });
    expect(quote).toBe("> First line\n> second line\n— alice_1, post #3 /forum/topic/7/post/3\n\n");
    expect(quotedPosts(`${quote}I agree.`)).toEqual([{ topicId: 7, number: 3 }]);
    expect(quotedPosts(quote.replace(/^/gm, "> "))).toEqual([]);
    expect(quotedPosts("— alice_1, post #3 /forum/topic/7/post/3")).toEqual([]);
    expect(quotedPosts("> x\n— a, post #1 /forum/topic/99999999999/post/1")).toEqual([]);
  });

  it("cuts a long post's quote so the reply still fits", () => {
    const quote = quoteText({ topicId: 1, number: 1, content: "a".repeat(1900), author: "alice_1" });
    expect(quote.length).toBeLessThan(QUOTED_CHARACTERS + 100);
    expect(quotedPosts(quote)).toEqual([{ topicId: 1, number: 1 }]);
  });
});
