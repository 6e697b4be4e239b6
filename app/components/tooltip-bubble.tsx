import { useLayoutEffect, useRef, useState } from "react";

/**
 * The bubble of `~/components/tooltip`: placed against the viewport on the asked side, or the opposite one when it
 * does not fit, kept inside it. A chunk of its own, fetched when a trigger is first pointed at or focused
 * (decision 116).
 */
export type Side = "top" | "bottom" | "left" | "right";

const SIDE_OFFSET = 6;
const COLLISION_PADDING = 8;

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

export function Bubble({
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
