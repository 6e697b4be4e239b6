import { createElement, Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from "react";
import { loadOnce } from "./load-once";

/**
 * A page's views, one shown at a time, each a chunk of its own (decision 116): the page loads the code of the view
 * it shows, and another view's code only when the page switches to it (`preload(view)` fetches it early, on
 * pointing at or focusing what switches). The server renders the shown view whole, as before. The shown view's
 * chunk is part of what the page loads: the JavaScript budget counts it (`PAGE_VIEWS` in scripts/bundle-size.ts).
 *
 * The views share one Suspense boundary. At hydration it keeps the server's HTML as sent until the shown view's
 * code arrives, while the rest of the page hydrates; until the view has mounted the boundary keeps the props it was
 * first rendered with (as `onUse` does: new props reaching a boundary that waits for its code make React drop the
 * server's HTML, error 421), so a navigation in that moment (another tab) is shown once the view has hydrated. A
 * later switch, which Remix makes in a transition, keeps the view on screen until the next one's code is there (the
 * boundary is already showing content, so React shows no fallback and nothing shifts).
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
    const [firstProps] = useState(props);
    const [mounted, setMounted] = useState(false);
    const shown = (mounted ? props : firstProps) as { view: keyof V };
    const boundary = useMemo(() => {
      const { view: name, ...rest } = shown;
      return createElement(
        Suspense,
        { fallback: null },
        createElement(Mounted, { part: view(name).Loaded, partProps: rest, onMounted: () => setMounted(true) }),
      );
    }, [shown]);
    return boundary;
  }
  // an early fetch that fails is tried again when the view is shown
  const preload = (name: keyof V) =>
    void view(name)
      .fetchOnce()
      .catch(() => {});
  return Object.assign(OnDemandView, { preload });
}

/** The view, telling the boundary when it has mounted (it renders nothing of its own, so hydration matches). */
function Mounted({
  part,
  partProps,
  onMounted,
}: {
  part: ComponentType<object>;
  partProps: object;
  onMounted: () => void;
}) {
  // once, when the view has mounted (a later render's callback is not a second mount)
  const mounted = useRef(onMounted);
  useEffect(() => mounted.current(), []);
  return createElement(part, partProps);
}
