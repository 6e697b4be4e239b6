import { createElement, type ComponentType } from "react";
import { loadOnce } from "./load-once";

/**
 * A page's views, one shown at a time, each a chunk of its own (decision 116): the page loads the code of the view
 * it shows, and another view's code only when the page switches to it (`preload(view)` fetches it early, on
 * pointing at or focusing what switches). The server renders the shown view whole, as before.
 *
 * Unlike `onDemand`'s parts, the shown view has no Suspense boundary of its own: it is the page's content, so the
 * page's hydration waits for its code (the server's HTML stays as sent until then, nothing can update the view
 * before it hydrates), and a switch, which Remix makes in a transition, keeps the view on screen until the next
 * one's code is there (no fallback, no layout shift). The shown view's chunk is part of what the page loads: the
 * JavaScript budget counts it (`PAGE_VIEWS` in scripts/bundle-size.ts).
 */
export function onDemandViews<V extends Record<string, object>>(loads: {
  [K in keyof V]: () => Promise<ComponentType<V[K]>>;
}) {
  const views = new Map(
    Object.entries(loads).map(([name, load]) => [name, loadOnce(load as () => Promise<ComponentType<object>>)]),
  );
  const view = (name: keyof V) => {
    const found = views.get(name as string);
    if (!found) throw new Error(`no view ${String(name)}`);
    return found;
  };
  function OnDemandView(props: { [K in keyof V]: { view: K } & V[K] }[keyof V]) {
    const { view: name, ...rest } = props as { view: keyof V };
    return createElement(view(name).Loaded, rest);
  }
  // an early fetch that fails is tried again when the view is shown
  const preload = (name: keyof V) =>
    void view(name)
      .fetchOnce()
      .catch(() => {});
  return Object.assign(OnDemandView, { preload });
}
