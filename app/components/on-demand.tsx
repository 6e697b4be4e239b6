import { createElement, lazy, memo, Suspense, type ComponentType, type ReactNode } from "react";
import { loadOnce, sameProps } from "./load-once";
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
 * A form on screen when the page opens hydrates on first use instead: `onUse` (`~/components/on-use`, decisions
 * 109 and 113), a module of its own so pages without such a form do not carry it; a page's views, one shown at a
 * time, are `onDemandViews` (`~/components/on-demand-views`, decision 116).
 *
 * The part is memoised: React switches a boundary that is still waiting for its code to client rendering (and
 * reports an error) when it receives new props, so it only re-renders when its own props change, by value for
 * data (a revalidation brings the loader's data again as new, equal objects).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const { fetchOnce, Loaded } = loadOnce(load);

  function OnDemand({ wanted = true, fallback = null, ...props }: P & { wanted?: boolean; fallback?: ReactNode }) {
    // the server always renders the part (for visitors without JavaScript, and for the page's first paint)
    if (!wanted && typeof document !== "undefined") return <ServerRendered />;
    return <Suspense fallback={fallback}>{createElement(Loaded, props as P)}</Suspense>;
  }
  // an early fetch that fails is tried again when the part is shown
  const preload = () => void fetchOnce().catch(() => {});
  return Object.assign(memo(OnDemand, sameProps), { preload });
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
