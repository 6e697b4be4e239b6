import {
  createElement,
  lazy,
  memo,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
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
 * `wanted="on-use"` (a form on screen when the page opens, decision 109) keeps the server's HTML as it is (a plain
 * HTML form, working as without JavaScript) and fetches the code when the visitor first points into, focuses, presses
 * a key in or clicks it; then the part hydrates over that HTML, keeping what was typed (its inputs must be
 * uncontrolled at hydration, or adopt the field's value on mount). A submit made before the code arrives is the
 * browser's own POST. Rendered in the browser (after a client-side navigation) it loads at once.
 *
 * `holdSubmit` (with "on-use"): a submit of the part's form made before its code arrives (a submit button outside
 * the part pointing at it with `form`, a key shortcut) waits for the code and is then sent again by the hydrated
 * form, so it takes the same path as every later submit (Remix's fetch, the page's pending states) instead of the
 * browser's own POST (decision 113).
 *
 * The part is memoised: React switches a boundary that is still waiting for its code to client rendering (and
 * reports an error) when it receives new props, so it only re-renders when its own props change, by value for
 * data (a revalidation brings the loader's data again as new, equal objects). A part waiting for use that does
 * get new props (the page sets a field from outside it) loads at once, hydrates with the props it was rendered
 * with, and then takes the new ones (decision 113).
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

  function OnDemand({
    wanted = true,
    fallback = null,
    holdSubmit = false,
    ...props
  }: P & { wanted?: boolean | "on-use"; fallback?: ReactNode; holdSubmit?: boolean }) {
    // the server always renders the part (for visitors without JavaScript, and for the page's first paint)
    if (wanted === "on-use")
      return createElement(HydratedOnUse<P>, { Loaded, load: fetchOnce, fallback, holdSubmit, props: props as P });
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

/**
 * What starts a part's hydration when it happens inside the server's HTML of it (decision 109); `input` and
 * `change` also catch a value set without focus (an autofill, a select changed by a script), `submit` a submit
 * from outside it (a button pointing at its form). They are listened to until the part has mounted.
 */
const USE_EVENTS = ["pointerover", "pointerdown", "focusin", "keydown", "input", "change", "submit"] as const;

function HydratedOnUse<P extends object>({
  Loaded,
  load,
  fallback,
  holdSubmit,
  props,
}: {
  /** the part as the server renders it (its code at once) */
  Loaded: ComponentType<P>;
  load: () => Promise<ComponentType<P>>;
  fallback: ReactNode;
  holdSubmit: boolean;
  props: P;
}) {
  const marker = useRef<HTMLSpanElement>(null);
  // the part's code is asked for during hydration but fetched only once `use` is called: until then React keeps
  // the boundary as the server's HTML (a suspended boundary that receives no new props stays dehydrated)
  const [gate] = useState(() => {
    const gate = { use: () => {}, Part: Loaded, onMounted: () => {} };
    if (typeof document === "undefined") return gate;
    const used = new Promise<void>((resolve) => (gate.use = resolve));
    gate.Part = lazy(() =>
      used.then(load).then((component) => {
        // the part, telling the gate when it has mounted (it renders nothing of its own, so hydration matches)
        function Mounted(partProps: P) {
          useEffect(() => gate.onMounted(), []);
          return createElement(component, partProps);
        }
        return { default: Mounted };
      }),
    ) as unknown as ComponentType<P>;
    return gate;
  });
  // the props the boundary was first rendered with: it keeps them until the part has mounted, since new props
  // reaching a boundary that waits for its code make React drop the server's HTML (error 421)
  const [firstProps] = useState(props);
  const [mounted, setMounted] = useState(false);
  const shownProps = mounted ? props : firstProps;
  const boundary = useMemo(
    () => <Suspense fallback={fallback}>{createElement(gate.Part, shownProps)}</Suspense>,
    // the fallback only matters while the code loads; a new one alone does not re-render the part
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [gate, shownProps],
  );
  // new props before the part is used: load it now, it takes them once hydrated
  useEffect(() => {
    if (props !== firstProps) gate.use();
  }, [gate, props, firstProps]);
  useEffect(() => {
    const server = serverRenderedNodes(marker.current);
    // a submit held until the hydrated form sends it again (Conform, then Remix's fetch)
    let held: SubmitEvent | undefined;
    // React stops events inside a boundary it has not hydrated at the document (capture phase), so the listener
    // is on the window, which sees them first; it notes the use, and holds a submit if asked to (otherwise a
    // submit is the browser's own POST until the code is there)
    const onUse = (event: Event) => {
      if (!(event.target instanceof Node) || !server?.some((node) => node.contains(event.target as Node))) return;
      if (event instanceof SubmitEvent && holdSubmit) {
        event.preventDefault();
        held = event;
      }
      gate.use();
    };
    const stop = () => USE_EVENTS.forEach((type) => window.removeEventListener(type, onUse, true));
    gate.onMounted = () => {
      stop();
      setMounted(true);
      const form = held?.target;
      const submitter = held?.submitter;
      // after the hydrated form's handlers are in place; a button the hydrated form left out (one shown only
      // without JavaScript) cannot submit it: the form is sent alone
      if (form instanceof HTMLFormElement && form.isConnected)
        setTimeout(() => form.requestSubmit(submitter?.isConnected ? submitter : null));
    };
    // rendered in the browser (a client-side navigation): no HTML to keep, so load now
    if (!server) return gate.use();
    // used before the page's scripts ran (the visitor is already in it): load now
    if (server.some((node) => node.contains(document.activeElement))) gate.use();
    USE_EVENTS.forEach((type) => window.addEventListener(type, onUse, true));
    return stop;
  }, [gate, holdSubmit]);
  return (
    <>
      <span hidden ref={marker} />
      {boundary}
    </>
  );
}

/**
 * The elements of the server's HTML of the boundary that follows `marker` (between React's `<!--$-->` and
 * `<!--/$-->` comments), or null when there is none (the boundary was rendered in the browser).
 */
function serverRenderedNodes(marker: Element | null): Element[] | null {
  const start = marker?.nextSibling;
  if (!(start instanceof Comment) || start.data !== "$") return null;
  const nodes: Element[] = [];
  let depth = 0;
  for (let node = start.nextSibling; node; node = node.nextSibling) {
    if (node instanceof Comment && node.data === "/$") {
      if (depth === 0) break;
      depth -= 1;
    } else if (node instanceof Comment && node.data.startsWith("$")) depth += 1;
    else if (node instanceof Element) nodes.push(node);
  }
  return nodes;
}

/** Props are the same when each is the same value, or equal data (plain objects and arrays, compared as JSON). */
function sameProps(previous: object, next: object): boolean {
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
