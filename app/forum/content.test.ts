import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostContent } from "./content";
import { tokenizeContent } from "./content-tokens";
import { csvCell, emailsToCsv } from "./emails.server";

describe("post content rendering", () => {
  it("links http(s) and www addresses, leaving trailing punctuation outside", () => {
    expect(tokenizeContent("See https://example.org/a?b=1, and www.example.com.")).toEqual([
      { type: "text", text: "See " },
      { type: "link", text: "https://example.org/a?b=1", href: "https://example.org/a?b=1" },
      { type: "text", text: ", and " },
      { type: "link", text: "www.example.com", href: "https://www.example.com" },
      { type: "text", text: "." },
    ]);
    expect(tokenizeContent("(https://en.wikipedia.org/wiki/Nine_(number))")[1]).toMatchObject({
      href: "https://en.wikipedia.org/wiki/Nine_(number)",
    });
  });

  it("escapes HTML and never links javascript: or data: addresses", () => {
    const html = renderToStaticMarkup(
      createElement(PostContent, {
        tokens: tokenizeContent(
          `<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n<a href="javascript:alert(3)">x</a> javascript:alert(4) data:text/html,hi @<b>x</b>`,
        ),
      }),
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toMatch(/href="javascript/i);
    expect(html).not.toMatch(/<a /);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("\n");
  });

  it("marks links nofollow ugc noopener", () => {
    const html = renderToStaticMarkup(
      createElement(PostContent, { tokens: tokenizeContent("go https://example.org now") }),
    );
    expect(html).toContain('<a href="https://example.org" rel="nofollow ugc noopener"');
  });
});

describe("CSV export cells", () => {
  it("neutralises formula cells and quotes special characters", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("+1@x.test")).toBe("'+1@x.test");
    expect(csvCell("-a@x.test")).toBe("'-a@x.test");
    expect(csvCell("@a@x.test")).toBe("'@a@x.test");
    expect(csvCell("a,b@x.test")).toBe('"a,b@x.test"');
    expect(csvCell("plain@x.test")).toBe("plain@x.test");
    expect(emailsToCsv(["a@x.test"])).toBe("email\r\na@x.test\r\n");
  });
});

describe("mentions and post addresses in post text (decision 313)", () => {
  it("emphasises @names, links a post's address on the site, and leaves e-mail addresses alone", () => {
    expect(tokenizeContent("Hi @star_gazer, see me@example.com.\n— bob, post #2 /forum/topic/3/post/2")).toEqual([
      { type: "text", text: "Hi " },
      { type: "mention", text: "@star_gazer" },
      { type: "text", text: ", see me@example.com.\n— bob, post #2 " },
      { type: "link", text: "/forum/topic/3/post/2", href: "/forum/topic/3/post/2" },
    ]);
  });

  it("does not link a post address inside another address or path", () => {
    expect(tokenizeContent("x/forum/topic/3/post/2").every((token) => token.type === "text")).toBe(true);
  });
});
