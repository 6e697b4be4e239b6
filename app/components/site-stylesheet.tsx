import { createContext, useContext, useState } from "react";

/**
 * The site's stylesheet, inlined for visitors and linked for signed-in members (decisions 101 and 114).
 *
 * - Signed out (and so every page the page cache keeps): the whole sheet in a `<style>` in the head. A
 *   `<link rel="stylesheet">` blocks the first paint until the sheet arrives (2.2-2.8 s of Lighthouse's slow 4G),
 *   while the whole sheet is small (about 7 KB gzipped). The server provides the text (entry.server.tsx reads the
 *   built file once); the CSP allows inline styles ('unsafe-inline' in style-src).
 * - Signed in: a `<link rel="stylesheet">` to the built, hashed file, which /build serves as immutable for a year.
 *   A member's browser has been here before (signing in is a page of the site), so the sheet costs nothing after
 *   the first time, and every document is 37 KB smaller to render, write and send (style-src 'self').
 *
 * The server decides from the root loader's user (`linked`), with the text and address entry.server.tsx provides;
 * the browser keeps what the server rendered for the life of the document (it reads the element), so hydration
 * matches, and signing in or out by a client-side
 * navigation neither drops the inline sheet before a link has loaded nor needs text the browser never received.
 */
const StylesheetContext = createContext<{ css: string; href: string } | null>(null);
export const StylesheetProvider = StylesheetContext.Provider;

const ID = "site-stylesheet";

export function SiteStylesheet({ linked }: { linked: boolean }) {
  const fromServer = useContext(StylesheetContext);
  const [sheet] = useState(() => {
    if (fromServer) return linked ? { href: fromServer.href, css: "" } : { href: null, css: fromServer.css };
    const element = typeof document === "undefined" ? null : document.getElementById(ID);
    return { href: element?.getAttribute("href"), css: element?.textContent ?? "" };
  });
  return sheet.href ? (
    <link id={ID} rel="stylesheet" href={sheet.href} />
  ) : (
    <style id={ID} dangerouslySetInnerHTML={{ __html: sheet.css }} />
  );
}
