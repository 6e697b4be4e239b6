import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageHole, pageHoleTags } from "~/components/page-hole";
import { SAVED_READINGS_HOLE } from "./angel";
import { savedReadingsHtml } from "./page-cache.server";
import { SavedReadings } from "./ui/angel-reading";

/** Rendered as app/entry.server.tsx renders a page: React's stream, whole. */
function renderAsThePage(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    let html = "";
    sink.on("data", (chunk) => (html += String(chunk)));
    sink.on("end", () => resolve(html));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

const reading = (id: number, number: string, createdAt: string) => ({ id, number, createdAt });

const HISTORIES = {
  empty: [],
  one: [reading(7, "777", "2026-11-23T08:00:00.000Z")],
  many: Array.from({ length: 20 }, (_, i) =>
    reading(1000 - i, String((i * 37) % 10_000), new Date(Date.UTC(2026, 0, 1 + i, i)).toISOString()),
  ),
  // The numbers are digits by the time they are saved; the rendering must escape whatever it is given all the same.
  "text needing escaping": [
    reading(3, `<script>alert("x")</script>`, "2026-02-03T04:05:06.000Z"),
    reading(2, `a & b ' " > <`, "2026-02-02T00:00:00.000Z"),
    reading(1, "1111", "2025-12-31T23:59:59.999Z"),
  ],
};

describe("the angel page's list of saved readings as the page cache renders it into a kept page (decision 112)", () => {
  for (const [name, readings] of Object.entries(HISTORIES)) {
    it(`is byte for byte the list the page renders uncached: ${name}`, async () => {
      // The route renders the list with its click handler and, on /angel without ?reading=, no reading selected.
      const page = await renderAsThePage(
        <SavedReadings readings={readings} selectedId={undefined} onSelect={() => {}} />,
      );
      const hole = savedReadingsHtml(readings);
      expect(Buffer.from(hole).equals(Buffer.from(page))).toBe(true);
      expect(hole).toBe(page);
      if (readings.length === 0) expect(hole).toBe("");
      else expect(hole).toContain(`<a href="/angel?reading=${readings[0]!.id}"`);
    });
  }

  it("escapes what it shows", () => {
    const html = savedReadingsHtml(HISTORIES["text needing escaping"]);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("a &amp; b &#x27; &quot; &gt; &lt;");
  });

  it("is filled into the element the page renders in its place, which the page cache finds by its tags", () => {
    const { open, close } = pageHoleTags(SAVED_READINGS_HOLE);
    expect(renderToString(<PageHole name={SAVED_READINGS_HOLE} onClick={() => {}} />)).toBe(open + close);
  });
});
