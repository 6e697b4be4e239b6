import { createContext, createElement, useContext, type ComponentType, type HTMLAttributes } from "react";

/**
 * The server's HTML of a pure part of the page, rendered once and reused (decision 114). Every page renders the
 * shell's menus and links, the same for everyone (or one of a few variants, such as which link is current): about
 * a third of a signed-in member's page, rendered anew by React on every request. `<ServerMemo>` renders its host
 * element as usual and, on the server, puts the part's HTML inside it, kept per `render` (the component) and
 * `props` (`renderOnce`, provided by entry.server.tsx); in the browser there is no provider and the part renders
 * normally, so hydration finds exactly the elements React would have rendered on the server.
 *
 * `render` must be a pure function of `props`: it reads no context (no router hook, no nonce), uses no `useId` and
 * no Suspense (both depend on where in the page the part is), and `props` are plain JSON data that name every
 * variant (they are the key). Handlers and refs inside it work (the browser attaches them at hydration).
 * `app/components/server-memo.test.tsx` renders the shell both ways and compares the HTML byte for byte.
 */
export type RenderOnce = (part: ComponentType<never>, props: object) => string | null;

const ServerMemoContext = createContext<RenderOnce | null>(null);
export const ServerMemoProvider = ServerMemoContext.Provider;

type HostTag = "div" | "ul" | "nav" | "footer" | "header" | "section";

export function ServerMemo<P extends object>({
  tag,
  render,
  props,
  ...host
}: HTMLAttributes<HTMLElement> & { tag: HostTag; render: ComponentType<P>; props: P }) {
  // the server's kept HTML of the part, or (in the browser, or past the kept variants) null: rendered as usual
  const html = useContext(ServerMemoContext)?.(render as ComponentType<never>, props) ?? null;
  return html === null
    ? createElement(tag, host, createElement(render, props))
    : createElement(tag, { ...host, dangerouslySetInnerHTML: { __html: html } });
}
