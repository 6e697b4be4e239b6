import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import type { RenderOnce } from "~/components/server-memo";

/** Variants kept per part; past this the part is rendered per request (props that are not a small set). */
const MAX_VARIANTS = 64;

const kept = new WeakMap<ComponentType<never>, Map<string, string>>();

/**
 * `<ServerMemo>`'s HTML (decision 114): each part rendered once per distinct props, for the life of the process
 * (the parts depend on the build only). renderToString runs synchronously inside the page's render; it is React's
 * other server build (react-dom-server-legacy), with its own state, and the part reads no context, so the page's
 * render is not disturbed. Its HTML of a part is the same bytes as the page renderer's (server-memo.test.tsx).
 */
export const renderOnce: RenderOnce = (part, props) => {
  let variants = kept.get(part);
  if (!variants) kept.set(part, (variants = new Map()));
  const key = JSON.stringify(props);
  let html = variants.get(key);
  if (html === undefined) {
    if (variants.size >= MAX_VARIANTS) return null;
    html = renderToString(createElement(part, props as never));
    variants.set(key, html);
  }
  return html;
};
