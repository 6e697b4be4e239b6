import {
  cloneElement,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from "react";
import { createPortal } from "react-dom";
import { loadOnce } from "./load-once";
import type { Side } from "./tooltip-bubble";

/**
 * Tooltips for controls whose visible label is a symbol or a digit (spec part 1, section 9: delay 700 ms, skip
 * delay 300 ms). Shown on hover after the delay (at once when another tooltip closed less than the skip delay
 * ago) and at once on keyboard focus; kept while the pointer moves onto the bubble or the trigger keeps focus;
 * dismissed with Escape without moving focus (WCAG 1.4.13: dismissable, hoverable, persistent). They add nothing a
 * screen reader or a page without JavaScript lacks: each trigger carries the same text in its accessible name, so
 * the bubble (role tooltip) is not also referenced as a description, which would be read twice.
 *
 * Hand-written instead of Radix Tooltip (decision 108): one bubble at a time, positioned against the viewport, in
 * about 1 KB of script instead of 15 KB on every page. The bubble itself (its placement) is a chunk of its own
 * (decision 116), fetched when the pointer first moves over or focus first reaches a trigger: long before the hover
 * delay ends; a bubble opened by focus shows once it is there.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Time to move the pointer across the gap from the trigger onto the bubble before it closes. */
const HOVER_GRACE_MS = 120;

const bubble = loadOnce(() => import("./tooltip-bubble").then((m) => m.Bubble));
// an early fetch that fails is tried again when a bubble opens
const preloadBubble = () => void bubble.fetchOnce().catch(() => {});
const Bubble = bubble.Loaded;

// One bubble is open at a time across the page; closing one opens the skip-delay window for the next.
let closeOpenTooltip: (() => void) | null = null;
let skipDelay = false;
let skipDelayTimer: number | undefined;

function noteClosed() {
  skipDelay = true;
  window.clearTimeout(skipDelayTimer);
  skipDelayTimer = window.setTimeout(() => (skipDelay = false), TOOLTIP_SKIP_DELAY_MS);
}

type TriggerProps = {
  onPointerMove?: (event: PointerEvent<Element>) => void;
  onPointerLeave?: (event: PointerEvent<Element>) => void;
  onPointerDown?: (event: PointerEvent<Element>) => void;
  onFocus?: (event: FocusEvent<Element>) => void;
  onBlur?: (event: FocusEvent<Element>) => void;
  onClick?: (event: unknown) => void;
};

export function Tooltip({
  content,
  children,
  side = "top",
}: {
  content: string;
  children: ReactElement<TriggerProps>;
  side?: Side;
}) {
  const [trigger, setTrigger] = useState<Element | null>(null);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);
  const hoverOpened = useRef(false);
  const pointerDown = useRef(false);

  const clearTimers = () => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  };

  const close = useCallback(() => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
    setTrigger((open) => {
      if (open) noteClosed();
      return null;
    });
  }, []);

  const open = useCallback(
    (element: Element) => {
      clearTimers();
      if (closeOpenTooltip && closeOpenTooltip !== close) closeOpenTooltip();
      closeOpenTooltip = close;
      setTrigger(element);
    },
    [close],
  );

  useEffect(() => {
    if (!trigger) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // the bubble is the topmost layer: Escape dismisses it and nothing else
      event.stopPropagation();
      close();
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      if (closeOpenTooltip === close) closeOpenTooltip = null;
    };
  }, [trigger, close]);

  useEffect(() => () => clearTimers(), []);

  const props = children.props;
  return (
    <>
      {cloneElement(children, {
        onPointerMove: (event: PointerEvent<Element>) => {
          props.onPointerMove?.(event);
          preloadBubble();
          if (event.pointerType === "touch" || hoverOpened.current) return;
          hoverOpened.current = true;
          window.clearTimeout(closeTimer.current);
          const element = event.currentTarget;
          if (trigger === element) return;
          // another bubble still open (its trigger just left, within the hover grace) or closed less than the skip
          // delay ago: this one opens at once, as Radix's skipDelayDuration does
          if (skipDelay || closeOpenTooltip) open(element);
          else openTimer.current = window.setTimeout(() => open(element), TOOLTIP_DELAY_MS);
        },
        onPointerLeave: (event: PointerEvent<Element>) => {
          props.onPointerLeave?.(event);
          hoverOpened.current = false;
          window.clearTimeout(openTimer.current);
          if (document.activeElement === event.currentTarget) return;
          closeTimer.current = window.setTimeout(close, HOVER_GRACE_MS);
        },
        onPointerDown: (event: PointerEvent<Element>) => {
          props.onPointerDown?.(event);
          pointerDown.current = true;
          document.addEventListener("pointerup", () => (pointerDown.current = false), { once: true });
          close();
        },
        onFocus: (event: FocusEvent<Element>) => {
          props.onFocus?.(event);
          preloadBubble();
          // focus that comes from a click is not keyboard focus: no bubble over what was just pressed
          if (!pointerDown.current) open(event.currentTarget);
        },
        onBlur: (event: FocusEvent<Element>) => {
          props.onBlur?.(event);
          close();
        },
        onClick: (event: unknown) => {
          props.onClick?.(event);
          close();
        },
      })}
      {trigger
        ? createPortal(
            <Suspense fallback={null}>
              <Bubble
                trigger={trigger}
                side={side}
                content={content}
                onPointerEnter={() => window.clearTimeout(closeTimer.current)}
                onPointerLeave={() => {
                  if (document.activeElement !== trigger) closeTimer.current = window.setTimeout(close, HOVER_GRACE_MS);
                }}
              />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
