import { createElement, lazy, memo, Suspense, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A component whose code is a chunk of its own, fetched when the page first shows it instead of with the page
 * (decision 107): the route dialogs (opened by a link, `?dialog=…`) and forms behind a button. The server renders
 * it whole as before (the document waits for every lazy part, decision 005), so nothing changes without JavaScript;
 * a page that opens with it shown hydrates it as soon as its chunk arrives.
 *
 * `wanted={false}` (a part the page hides once hydrated: the topic's collapsed reply form) keeps the code from
 * loading: the server still renders the part, hydration leaves it as the server's HTML (React keeps a suspended
 * boundary as it is), and once hydrated it leaves the page; when it is wanted the code loads and it renders.
 * `preload` fetches the chunk early (on pointing at or focusing what opens it).
 *
 * The part is memoised: React switches a boundary that is still waiting for its code to client rendering (and
 * reports an error) when it receives new props, so it only re-renders when its own props change.
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

  function OnDemand({ wanted = true, fallback = null, ...props }: P & { wanted?: boolean; fallback?: ReactNode }) {
    // the server always renders the part (for visitors without JavaScript, and for the page's first paint)
    if (!wanted && typeof document !== "undefined") return <ServerRendered />;
    return <Suspense fallback={fallback}>{createElement(Loaded, props as P)}</Suspense>;
  }
  // an early fetch that fails is tried again when the part is shown
  const preload = () => void fetchOnce().catch(() => {});
  return Object.assign(memo(OnDemand), { preload });
}

const NeverLoaded = lazy(() => new Promise<never>(() => {}));

/** What the server rendered, left as it is during hydration (no code fetched) and removed after it. */
function ServerRendered() {
  const hydrated = useHydrated();
  return hydrated ? null : (
    <Suspense fallback={null}>
      <NeverLoaded />
    </Suspense>
  );
}
