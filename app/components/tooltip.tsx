import {
  cloneElement,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from "react";
import { createPortal } from "react-dom";

/**
 * Tooltips for controls whose visible label is a symbol or a digit (spec part 1, section 9: delay 700 ms, skip
 * delay 300 ms). Shown on hover after the delay (at once when another tooltip closed less than the skip delay
 * ago) and at once on keyboard focus; kept while the pointer moves onto the bubble or the trigger keeps focus;
 * dismissed with Escape without moving focus (WCAG 1.4.13: dismissable, hoverable, persistent). They add nothing a
 * screen reader or a page without JavaScript lacks: each trigger carries the same text in its accessible name, so
 * the bubble (role tooltip) is not also referenced as a description, which would be read twice.
 *
 * Hand-written instead of Radix Tooltip (decision 108): one bubble at a time, positioned against the viewport, in
 * about 1 KB of script instead of 15 KB on every page.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Time to move the pointer across the gap from the trigger onto the bubble before it closes. */
const HOVER_GRACE_MS = 120;
const SIDE_OFFSET = 6;
const COLLISION_PADDING = 8;

type Side = "top" | "bottom" | "left" | "right";

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
          if (event.pointerType === "touch" || hoverOpened.current) return;
          hoverOpened.current = true;
          window.clearTimeout(closeTimer.current);
          const element = event.currentTarget;
          if (trigger === element) return;
          if (skipDelay) open(element);
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
            <Bubble
              trigger={trigger}
              side={side}
              content={content}
              onPointerEnter={() => window.clearTimeout(closeTimer.current)}
              onPointerLeave={() => {
                if (document.activeElement !== trigger) closeTimer.current = window.setTimeout(close, HOVER_GRACE_MS);
              }}
            />,
            document.body,
          )
        : null}
    </>
  );
}

type Placement = { top: number; left: number; side: Side; arrow: number };

/** Where the bubble goes: on the asked side if it fits in the viewport, else the opposite one; kept inside. */
function place(trigger: DOMRect, bubble: DOMRect, side: Side): Placement {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const fits: Record<Side, boolean> = {
    top: trigger.top - bubble.height - SIDE_OFFSET >= COLLISION_PADDING,
    bottom: trigger.bottom + bubble.height + SIDE_OFFSET <= height - COLLISION_PADDING,
    left: trigger.left - bubble.width - SIDE_OFFSET >= COLLISION_PADDING,
    right: trigger.right + bubble.width + SIDE_OFFSET <= width - COLLISION_PADDING,
  };
  const opposite: Record<Side, Side> = { top: "bottom", bottom: "top", left: "right", right: "left" };
  const chosen = fits[side] || !fits[opposite[side]] ? side : opposite[side];
  const clamp = (value: number, max: number) => Math.max(COLLISION_PADDING, Math.min(value, max - COLLISION_PADDING));
  if (chosen === "top" || chosen === "bottom") {
    const centre = trigger.left + trigger.width / 2;
    const left = clamp(centre - bubble.width / 2, width - bubble.width);
    const top = chosen === "top" ? trigger.top - bubble.height - SIDE_OFFSET : trigger.bottom + SIDE_OFFSET;
    return { top, left, side: chosen, arrow: centre - left };
  }
  const centre = trigger.top + trigger.height / 2;
  const top = clamp(centre - bubble.height / 2, height - bubble.height);
  const left = chosen === "left" ? trigger.left - bubble.width - SIDE_OFFSET : trigger.right + SIDE_OFFSET;
  return { top, left, side: chosen, arrow: centre - top };
}

const ARROW_CLASS: Record<Side, string> = {
  top: "top-full -translate-x-1/2 border-x-[5px] border-t-[5px] border-x-transparent border-t-ink",
  bottom: "bottom-full -translate-x-1/2 border-x-[5px] border-b-[5px] border-x-transparent border-b-ink",
  left: "left-full -translate-y-1/2 border-y-[5px] border-l-[5px] border-y-transparent border-l-ink",
  right: "right-full -translate-y-1/2 border-y-[5px] border-r-[5px] border-y-transparent border-r-ink",
};

function Bubble({
  trigger,
  side,
  content,
  onPointerEnter,
  onPointerLeave,
}: {
  trigger: Element;
  side: Side;
  content: string;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);

  // measured before the first paint, and again when the page scrolls or resizes under it
  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (ref.current)
          setPlacement(place(trigger.getBoundingClientRect(), ref.current.getBoundingClientRect(), side));
      });
    };
    if (ref.current) setPlacement(place(trigger.getBoundingClientRect(), ref.current.getBoundingClientRect(), side));
    window.addEventListener("scroll", update, { capture: true, passive: true });
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update, true);
      window.removeEventListener("resize", update);
    };
  }, [trigger, side]);

  const vertical = placement?.side === "top" || placement?.side === "bottom";
  return (
    <div
      ref={ref}
      role="tooltip"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      style={{
        position: "fixed",
        top: placement?.top ?? 0,
        left: placement?.left ?? 0,
        visibility: placement ? undefined : "hidden",
      }}
      className="z-[60] max-w-xs rounded bg-ink px-2 py-1 text-sm text-white shadow-lg"
    >
      {content}
      {placement ? (
        <span
          aria-hidden="true"
          className={`absolute h-0 w-0 ${ARROW_CLASS[placement.side]}`}
          style={vertical ? { left: placement.arrow } : { top: placement.arrow }}
        />
      ) : null}
    </div>
  );
}
