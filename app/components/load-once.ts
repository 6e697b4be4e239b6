import { lazy, type ComponentType } from "react";

/**
 * What `onDemand`, `onUse` and `onDemandViews` share (decisions 107, 113, 116), a module of its own so a page
 * carries only the kind of part it uses.
 */

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
