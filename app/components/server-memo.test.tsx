import { PassThrough } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PostContent } from "~/forum/content";
import { TopicList } from "~/forum/ui/topic-list";
import { renderOnce } from "~/utils/server-memo.server";
import { TOP_BAR_LINKS } from "./navigation";
import { ServerMemo, ServerMemoProvider } from "./server-memo";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The page renderer's HTML of `node` (renderToPipeableStream, as app/entry.server.tsx renders every page). */
function renderPage(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    let html = "";
    sink.on("data", (chunk: Buffer) => (html += chunk.toString("utf8")));
    sink.on("end", () => resolve(html));
    const { pipe } = renderToPipeableStream(node, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

function shell(pathname: string, user: { username: string } | null) {
  return (
    <MemoryRouter initialEntries={[pathname]}>
      <SiteHeader user={user} />
      <main>page</main>
      <SiteFooter />
    </MemoryRouter>
  );
}

describe("<ServerMemo> (decision 114)", () => {
  const pathnames = [...TOP_BAR_LINKS.map((link) => link.to), "/forum/topic/12", "/user-profile", "/privacy", "/x"];

  it("gives the shell the same HTML, byte for byte, as rendering it whole, on every page, signed in or not", async () => {
    for (const pathname of pathnames)
      for (const user of [null, { username: "a<b>&\"c'" }]) {
        const plain = await renderPage(shell(pathname, user));
        for (const time of ["first", "kept"]) {
          const memoised = await renderPage(
            <ServerMemoProvider value={renderOnce}>{shell(pathname, user)}</ServerMemoProvider>,
          );
          expect(memoised, `${pathname} ${user ? "member" : "visitor"} ${time}`).toBe(plain);
        }
      }
  });

  it("marks the current page's top bar link in the kept HTML", async () => {
    const html = await renderPage(
      <ServerMemoProvider value={renderOnce}>{shell("/forum/topic/3", null)}</ServerMemoProvider>,
    );
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(html).toMatch(/<a href="\/forum" aria-current="page"/);
  });

  it("keeps the most recently used variants of a part, up to `keep`, and renders the others again", async () => {
    const rendered: number[] = [];
    function Numbered({ n }: { n: number }) {
      rendered.push(n);
      return <li>{n}</li>;
    }
    const page = (n: number) =>
      renderPage(
        <ServerMemoProvider value={renderOnce}>
          <ServerMemo tag="ul" render={Numbered} props={{ n }} keep={10} />
        </ServerMemoProvider>,
      );
    for (let n = 0; n < 20; n++) expect(await page(n)).toBe(`<ul><li>${n}</li></ul>`);
    expect(rendered).toHaveLength(20);
    // the last ten are kept: no new render
    for (let n = 10; n < 20; n++) expect(await page(n)).toBe(`<ul><li>${n}</li></ul>`);
    expect(rendered).toHaveLength(20);
    // 10, used again, becomes the most recent; 0 was dropped and is rendered again, which drops 11, now the oldest
    await page(10);
    expect(await page(0)).toBe("<ul><li>0</li></ul>");
    expect(rendered).toEqual([...Array.from({ length: 20 }, (_, n) => n), 0]);
    await page(10);
    expect(rendered).toHaveLength(21);
    await page(11);
    expect(rendered).toEqual([...Array.from({ length: 20 }, (_, n) => n), 0, 11]);
  });

  it("gives the forum's topic cards and post texts the same HTML as rendering them whole", async () => {
    const topics = [
      {
        id: 7,
        title: "Seven <and> \"eight\" & 'nine'",
        category: "numerology",
        author: { username: "ana<b>" },
        createdAt: new Date("2026-11-20T10:00:00Z"),
        lastActivityAt: new Date("2026-11-22T23:59:59Z"),
        postCount: 1,
      },
      {
        id: 8,
        title: "עברית and English",
        category: "general",
        author: { username: "bo" },
        createdAt: new Date("2026-01-01T00:00:00Z"),
        lastActivityAt: new Date("2026-01-02T00:00:00Z"),
        postCount: 12,
      },
    ];
    const texts = [
      "plain",
      "two\nlines & <tags> see https://example.com/a_(b) and www.example.org.",
      'javascript:alert(1) http://x.test/?q=<x>&y="1"',
      "",
    ];
    const content = () => (
      <>
        <TopicList topics={topics} category={null} isFirstPage={false} nextCursor="abc" />
        {texts.map((text) => (
          <PostContent key={text} text={text} className="mt-2" />
        ))}
      </>
    );
    const plain = await renderPage(<MemoryRouter>{content()}</MemoryRouter>);
    expect(plain).toContain("Seven &lt;and&gt;");
    for (const time of ["first", "kept"]) {
      const memoised = await renderPage(
        <ServerMemoProvider value={renderOnce}>
          <MemoryRouter>{content()}</MemoryRouter>
        </ServerMemoProvider>,
      );
      expect(memoised, time).toBe(plain);
    }
  });
});
