import { describe, expect, it } from "vitest";
import { conditionalResponse, ownTypeOrPlainText } from "./conditional-get.server";

const RSS = "application/rss+xml; charset=utf-8";
const PLAIN = "text/plain; charset=utf-8";
const LYNX = "text/html, text/plain, text/sgml, text/css, */*;q=0.01";
const W3M = "text/html, text/*;q=0.5, image/*, application/*, audio/*, x-scheme-handler/*";
const CHROMIUM =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";
const FEED_READER = "application/rss+xml, application/rdf+xml;q=0.8, application/atom+xml;q=0.6, application/xml;q=0.4";

const get = (accept?: string, more: Record<string, string> = {}) =>
  new Request("http://localhost/blog/rss.xml", { headers: { ...(accept ? { accept } : {}), ...more } });

describe("ownTypeOrPlainText (decision 230)", () => {
  it.each([
    ["lynx", LYNX, PLAIN],
    ["w3m (application/* above text/*)", W3M, RSS],
    ["Chromium (a tie through */*)", CHROMIUM, RSS],
    ["a feed reader", FEED_READER, RSS],
    ["*/*", "*/*", RSS],
    ["no Accept", undefined, RSS],
    ["only application/xml (neither offered)", "application/xml", RSS],
  ])("%s", (_who, accept, type) => {
    expect(ownTypeOrPlainText(get(accept), RSS)).toBe(type);
  });

  it("keeps text/calendar for a calendar client and for w3m (which shows it), and gives lynx text", () => {
    expect(ownTypeOrPlainText(get(W3M), "text/calendar; charset=utf-8")).toBe("text/calendar; charset=utf-8");
    expect(ownTypeOrPlainText(get("text/calendar"), "text/calendar; charset=utf-8")).toBe(
      "text/calendar; charset=utf-8",
    );
    expect(ownTypeOrPlainText(get(LYNX), "text/calendar; charset=utf-8")).toBe(PLAIN);
  });
});

describe("conditionalResponse with orPlainText", () => {
  const headers = { "Content-Type": RSS, "Cache-Control": "public, max-age=3600" };

  it("varies by Accept, with an entity tag for each representation", async () => {
    const own = conditionalResponse(get(CHROMIUM), "<rss/>", { headers, orPlainText: true });
    const text = conditionalResponse(get(LYNX), "<rss/>", { headers, orPlainText: true });
    expect(own.headers.get("content-type")).toBe(RSS);
    expect(text.headers.get("content-type")).toBe(PLAIN);
    expect(own.headers.get("vary")).toBe("Accept");
    expect(text.headers.get("vary")).toBe("Accept");
    expect(await text.text()).toBe("<rss/>");
    const ownTag = own.headers.get("etag")!;
    const textTag = text.headers.get("etag")!;
    expect(textTag).not.toBe(ownTag);
    expect(textTag).toMatch(/^"[^"]+-text"$/);
    // each representation's own tag revalidates it; the other's does not
    expect(
      conditionalResponse(get(LYNX, { "if-none-match": textTag }), "<rss/>", { headers, orPlainText: true }).status,
    ).toBe(304);
    expect(
      conditionalResponse(get(LYNX, { "if-none-match": ownTag }), "<rss/>", { headers, orPlainText: true }).status,
    ).toBe(200);
  });

  it("leaves the type alone without orPlainText", () => {
    const response = conditionalResponse(get(LYNX), "<rss/>", { headers });
    expect(response.headers.get("content-type")).toBe(RSS);
    expect(response.headers.get("vary")).toBeNull();
  });
});
