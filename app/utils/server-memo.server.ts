import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import type { RenderOnce } from "~/components/server-memo";

const kept = new WeakMap<ComponentType<never>, Map<string, string>>();

/**
 * `<ServerMemo>`'s HTML (decisions 114, 117): each part rendered once per distinct props and reused, keeping the
 * `keep` most recently used variants of each part (a Map in use order: a hit moves to the end, the oldest goes
 * first). The shell's parts depend on the build only (a few variants, kept for good); a part of the page's content
 * (the forum's topic list, a post's text) is keyed by the data it shows, so a change is a new variant and the old
 * one ages out. renderToString runs synchronously inside the page's render; it is React's other server build
 * (react-dom-server-legacy), with its own state, and the part reads no context, so the page's render is not
 * disturbed. Its HTML of a part is the same bytes as the page renderer's (server-memo.test.tsx).
 */
export const renderOnce: RenderOnce = (part, props, keep) => {
  let variants = kept.get(part);
  if (!variants) kept.set(part, (variants = new Map()));
  const key = JSON.stringify(props);
  let html = variants.get(key);
  if (html !== undefined) {
    variants.delete(key);
  } else {
    html = renderToString(createElement(part, props as never));
    if (variants.size >= keep) variants.delete(variants.keys().next().value!);
  }
  variants.set(key, html);
  return html;
};
