import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * A component whose code is a chunk of its own, fetched when the page first shows it instead of with the page
 * (decision 107): the route dialogs (opened by a link, `?dialog=…`) and forms behind a button. The server renders
 * it whole as before (the document waits for every lazy part, decision 005), so nothing changes without JavaScript;
 * a page that opens with it shown hydrates it as soon as its chunk arrives.
 *
 * `wanted={false}` keeps what the server rendered (it always renders the part) without fetching the code in the
 * browser: during hydration the part stays the server's HTML (React leaves a suspended boundary as it is), after it
 * nothing is rendered. For a part the page hides once hydrated (the topic's collapsed reply form); when it is
 * wanted the code loads and it renders.
 * `preload` fetches the chunk early (on pointing at or focusing what opens it).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  // a failed fetch is forgotten, so the next try fetches again
  const fetchOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  // typed as the component it loads (React's lazy type does not carry a generic component's props); a chunk that
  // cannot be fetched fails like the page's own modules: the route's error boundary says so
  const Loaded = lazy(() => fetchOnce().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  const Kept = lazy(() => new Promise<never>(() => {}));

  function OnDemand({ wanted = true, fallback = null, ...props }: P & { wanted?: boolean; fallback?: ReactNode }) {
    // the server always renders the part (for visitors without JavaScript, and for the page's first paint)
    const render = wanted || typeof document === "undefined";
    return <Suspense fallback={fallback}>{render ? createElement(Loaded, props as P) : <Kept />}</Suspense>;
  }
  // an early fetch that fails is tried again when the part is shown
  const preload = () => void fetchOnce().catch(() => {});
  return Object.assign(OnDemand, { preload });
}
