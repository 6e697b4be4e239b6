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
 * A form on screen when the page opens hydrates on first use instead: `onUse` (`~/components/on-use`, decisions
 * 109 and 113), a module of its own so pages without such a form do not carry it.
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

/**
 * The part's code, fetched once (a failed fetch is forgotten, so the next try fetches again), and the part as a
 * lazy component, typed as the component it loads (React's lazy type does not carry a generic component's props); a
 * chunk that cannot be fetched fails like the page's own modules: the route's error boundary says so.
 */
export function loadOnce<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Loaded = lazy(() => fetchOnce().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  return { fetchOnce, Loaded };
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

/** Props are the same when each is the same value, or equal data (plain objects and arrays, compared as JSON). */
export function sameProps(previous: object, next: object): boolean {
  const a = previous as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => Object.is(a[key], b[key]) || (isData(a[key]) && isData(b[key]) && sameData(a[key], b[key])),
  );
}

function isData(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

function sameData(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
