import { PassThrough } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { renderOnce } from "~/components/server-memo.server";
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
    // the router for a server render, as the server renders the shell (a MemoryRouter runs layout effects, which
    // React's server renderer warns about on every render)
    <StaticRouter location={pathname}>
      <SiteHeader user={user} />
      <main>page</main>
      <SiteFooter />
    </StaticRouter>
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

  it("keeps a bounded number of variants of a part, and renders the rest per request", async () => {
    function Numbered({ n }: { n: number }) {
      return <li>{n}</li>;
    }
    for (let n = 0; n < 100; n++) {
      const html = await renderPage(
        <ServerMemoProvider value={renderOnce}>
          <ServerMemo tag="ul" render={Numbered} props={{ n }} />
        </ServerMemoProvider>,
      );
      expect(html).toBe(`<ul><li>${n}</li></ul>`);
    }
    expect(renderOnce(Numbered as never, { n: 1 })).toBe("<li>1</li>");
    expect(renderOnce(Numbered as never, { n: 99 })).toBeNull();
  });
});
