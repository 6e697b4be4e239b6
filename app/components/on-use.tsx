import {
  createElement,
  lazy,
  memo,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from "react";
import { UNSAFE_DataRouterContext } from "react-router-dom";
import { loadOnce, sameProps } from "./load-once";

/**
 * A form on screen when its page opens, hydrated on first use (decisions 109, 113): the server renders it whole (a
 * plain HTML form, working as without JavaScript); in the browser the server's HTML is kept as it is and the code
 * is fetched when the visitor first points into, focuses, presses a key in, changes or submits it; then the part
 * hydrates over that HTML, keeping what was typed (a field whose value is state adopts it with
 * `useAdoptOnHydration`). A submit made before the code arrives is the browser's own POST, unless `holdSubmit`: then
 * it waits for the code and is sent again by the hydrated form (`requestSubmit`), so it takes the same path as every
 * later submit (Remix's fetch, the page's pending states). A submit of a form around the part (the page's own form
 * holding the part's fields and the page's buttons, decision 130) is held the same way. Rendered in the browser (after a client-side navigation)
 * it loads at once.
 *
 * The part is memoised like `onDemand`'s; a part waiting for use that does get new props (the page sets a field from
 * outside it) loads at once, hydrates with the props it was rendered with, and then takes the new ones. A part with
 * nothing to use, whose code only re-renders it (astrology's planet card, decision 116), thus loads when its props
 * change. `preload` fetches the code early (on pointing at or focusing what will change or show the part).
 */
export function onUse<P extends object>(load: () => Promise<ComponentType<P>>) {
  const { fetchOnce, Loaded } = loadOnce(load);
  function OnUse({
    fallback = null,
    holdSubmit = false,
    ...props
  }: P & { fallback?: ReactNode; holdSubmit?: boolean }) {
    return createElement(HydratedOnUse<P>, { Loaded, load: fetchOnce, fallback, holdSubmit, props: props as P });
  }
  // an early fetch that fails is tried again when the part is used
  const preload = () => void fetchOnce().catch(() => {});
  return Object.assign(memo(OnUse, sameProps), { preload });
}

/**
 * What the visitor typed or chose in the server's HTML of a part hydrated on first use, before its code arrived, is
 * in the DOM, not in the part's (or the page's) state; React keeps it when it hydrates the field but fires no change
 * for it. `adopt` reads it, once, from the element the returned ref is put on (a field, or the form), and sets the
 * state as a change would have (a field formatted as it is typed formats it). It runs while React commits the
 * hydration (a layout effect), so the state and the page's live props reach the part before the browser's next
 * event: a key pressed between the commit and a later (passive) effect would otherwise reach a controlled field
 * still holding the props the server rendered, whose value React then puts back (decision 125). Every part with a
 * field whose value is state uses it (a part whose fields only show what was typed needs nothing).
 */
export function useAdoptOnHydration<T extends Element>(adopt: (element: T) => void): RefObject<T> {
  const ref = useRef<T>(null);
  useClientLayoutEffect(() => {
    if (ref.current) adopt(ref.current);
    // once, on mount: later changes go through the fields' handlers
  }, []);
  return ref;
}

// the server runs no effect; React warns about a layout effect there (in development)
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

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
        // the part, telling the gate when it has mounted (it renders nothing of its own, so hydration matches).
        // In the commit of the hydration (a layout effect, after the part's own `useAdoptOnHydration`): the page's
        // live props then reach the part in a render React finishes before the browser's next event (decision 125)
        function Mounted(partProps: P) {
          useLayoutEffect(() => gate.onMounted(), []);
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
  // The router's state is context the part may read: React cannot pass a change of it into a boundary still
  // waiting for its code, so a navigation or a submission on the page (a transition, decision 122) waits for the
  // part to hydrate. Its first change loads the part; the router tells us before React renders the change. A state
  // equal to the last (lazy route discovery adding the routes of the page's links, decision 126) changes nothing the
  // page shows and is no use of the page.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useEffect(() => {
    if (!router || mounted) return;
    let last = router.state;
    return router.subscribe((state) => {
      const changed = (Object.keys(state) as Array<keyof typeof state>).some((key) => state[key] !== last[key]);
      last = state;
      if (changed) gate.use();
    });
  }, [gate, router, mounted]);
  useEffect(() => {
    const server = serverRenderedNodes(marker.current);
    // a submit held until the hydrated form sends it again (Conform, then Remix's fetch)
    let held: SubmitEvent | undefined;
    // React stops events inside a boundary it has not hydrated at the document (capture phase), so the listener
    // is on the window, which sees them first; it notes the use, and holds a submit if asked to (otherwise a
    // submit is the browser's own POST until the code is there)
    const onUse = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Node) || !server) return;
      // in the part, or (a submit) of the page's form around it: the form is the page's so that its buttons sit
      // in it, which text browsers need (decision 130); its submit waits for the part like one from inside it
      const inPart = server.some((node) => node.contains(target));
      const aroundPart = event instanceof SubmitEvent && server.some((node) => target.contains(node));
      if (!inPart && !aroundPart) return;
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
