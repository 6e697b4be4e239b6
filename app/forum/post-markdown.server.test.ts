import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inertProblems, XSS_VECTORS } from "../../tests/fixtures/xss-vectors";
import { PostContent } from "./content";
import { quoteText } from "./mentions";
import { excerptOf, postPlainText, renderPostHtml, safeHref } from "./post-markdown.server";

const REL = 'rel="ugc nofollow noopener"';

describe("a post's Markdown (decision 340)", () => {
  it("renders emphasis, lists, quotes, code, tables, strikethrough and GitHub's autolinks", () => {
    const html = renderPostHtml(
      "Some *stars* and **suns** and ~~moons~~.\n\n- one\n- two\n\n1. first\n2. second\n\n> wise words\n\n`code`\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nSee https://example.org/a?b=1, and www.example.com.",
    );
    expect(html).toContain("<em>stars</em>");
    expect(html).toContain("<strong>suns</strong>");
    expect(html).toContain("<del>moons</del>");
    expect(html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>first</li>");
    expect(html).toContain("<blockquote>\n<p>wise words</p>\n</blockquote>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain("<td>1</td>");
    expect(html).toContain(`<a href="https://example.org/a?b=1" ${REL}>https://example.org/a?b=1</a>,`);
    expect(html).toContain(`<a href="https://www.example.com/" ${REL}>www.example.com</a>.`);
  });

  it("keeps a plain-text post's lines and words as its author wrote them", () => {
    expect(renderPostHtml("Line one\nline two\n\nA new paragraph 2*3 = 6")).toBe(
      "<p>Line one<br>\nline two</p>\n<p>A new paragraph 2*3 = 6</p>",
    );
    expect(renderPostHtml("(https://en.wikipedia.org/wiki/Nine_(number))")).toContain(
      'href="https://en.wikipedia.org/wiki/Nine_(number)"',
    );
  });

  it("shows raw HTML as text and never loads a remote image", () => {
    const html = renderPostHtml(
      `<b>bold?</b>\n\n![a sunrise](https://example.com/sun.png) ![](https://example.com/x.png)`,
    );
    expect(html).toContain("&lt;b&gt;bold?&lt;/b&gt;");
    expect(html).not.toContain("<img");
    expect(html).toContain(`<a href="https://example.com/sun.png" ${REL}>a sunrise</a>`);
    expect(html).toContain(`<a href="https://example.com/x.png" ${REL}>https://example.com/x.png</a>`);
  });

  it("links only http, https, mailto and this site's paths, each rel=ugc nofollow noopener", () => {
    expect(safeHref("https://example.org/x")).toBe("https://example.org/x");
    expect(safeHref("mailto:a@example.org")).toBe("mailto:a@example.org");
    expect(safeHref("/forum/topic/1")).toBe("/forum/topic/1");
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/\\evil.example",
      "ftp://x.org",
      "x.html",
    ])
      expect(safeHref(bad), bad).toBeNull();
    const html = renderPostHtml(
      "[ok](https://example.org) [home](/forum) [no](javascript:alert(1)) <mailto:a@example.org>",
    );
    expect(html).toContain(`<a href="https://example.org/" ${REL}>ok</a>`);
    expect(html).toContain(`<a href="/forum" ${REL}>home</a>`);
    expect(html).toContain(" no ");
    expect(html).toContain(`<a href="mailto:a@example.org" ${REL}>`);
    expect(inertProblems(html)).toEqual([]);
  });

  it("links a resolved @mention to the member's page and emphasises any other", () => {
    const html = renderPostHtml(
      "Hi @Star_gazer and @nobody, me@example.com [see @Star_gazer](https://x.org)",
      new Map([["star_gazer", "Star_Gazer"]]),
    );
    expect(html).toContain(`<a href="/forum/u/Star_Gazer" ${REL}><strong>@Star_gazer</strong></a>`);
    expect(html).toContain("<strong>@nobody</strong>");
    expect(html).toContain(`<a href="mailto:me@example.com" ${REL}>me@example.com</a>`);
    // a link holds no link
    expect(html).toContain(`<a href="https://x.org/" ${REL}>see @Star_gazer</a>`);
  });

  it("renders a Quote link's text as a blockquote with its author and a link back to the post", () => {
    const source = `${quoteText({ topicId: 3, number: 2, author: "bob", content: "I *love* nines\nand threes" })}Me too`;
    const html = renderPostHtml(source);
    expect(html).toBe(
      `<figure><blockquote><p>I <em>love</em> nines<br>\nand threes</p>\n</blockquote><figcaption>— bob, <a href="/forum/topic/3/post/2" ${REL}>post #2</a></figcaption></figure>\n<p>Me too</p>`,
    );
    expect(renderPostHtml("see /forum/topic/3/post/2 not x/forum/topic/3/post/2")).toBe(
      `<p>see <a href="/forum/topic/3/post/2" ${REL}>/forum/topic/3/post/2</a> not x/forum/topic/3/post/2</p>`,
    );
  });

  it("renders headings from level 3, without ids", () => {
    expect(renderPostHtml("# Big\n\n###### Small")).toBe("<h3>Big</h3>\n<h6>Small</h6>");
  });

  it("renders every XSS vector of the hostile-input suite inert", () => {
    for (const vector of XSS_VECTORS) {
      const html = renderPostHtml(vector);
      expect(inertProblems(html), `${vector}\n→ ${html}`).toEqual([]);
      expect(html, vector).not.toMatch(/<(script|img|svg|iframe|style|form|object|embed|meta|math|details)\b/i);
    }
  });

  it("PostContent isolates the text's direction (dir=auto) around the server's HTML", () => {
    const markup = renderToStaticMarkup(createElement(PostContent, { html: renderPostHtml("**hi**") }));
    expect(markup).toMatch(/^<div dir="auto" class="[^"]*"><p><strong>hi<\/strong><\/p><\/div>$/);
  });
});

describe("a post's plain text (mail and search excerpts)", () => {
  it("has the words and none of the markup", () => {
    const text = postPlainText(
      `${quoteText({ topicId: 3, number: 2, author: "bob", content: "so **true**" })}I *love* [the sky](https://example.org/sky) &amp; ~~the~~ \`sea\`\n\n- one\n- two\n\n# Title\n\n<b>raw</b>`,
    );
    expect(text).toBe(
      "> so true\n— bob, post #2\n\nI love the sky (https://example.org/sky) & the sea\n\n- one\n- two\n\nTitle\n\n<b>raw</b>",
    );
    expect(text).not.toMatch(/\*\*|~~|`|\]\(/);
  });

  it("cuts an excerpt at a character, never in one", () => {
    expect(excerptOf("ab😀cd", 3)).toBe("ab😀…");
    expect(excerptOf("abc", 3)).toBe("abc");
  });
});
