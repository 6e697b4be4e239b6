import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { prefersReducedMotion } from "~/components/link-navigation";
import { OCTAHEDRON_FACTS, projectOctahedron, shadeColour } from "~/numerology/octahedron";

export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 320;
const START_X = -0.35;
const START_Y = 0.6;
const SPIN_PER_MS = 0.0007;

const description = `An irregular octahedron with ${OCTAHEDRON_FACTS.faces} coloured triangular faces, ${OCTAHEDRON_FACTS.vertices} vertices and ${OCTAHEDRON_FACTS.edges} edges, ${OCTAHEDRON_FACTS.length} units long, ${OCTAHEDRON_FACTS.height} high and ${OCTAHEDRON_FACTS.width} wide`;

/** The same projection as the canvas, as SVG: what visitors without JavaScript see in the canvas's place. */
export function OctahedronDrawing({ angleX = START_X, angleY = START_Y }: { angleX?: number; angleY?: number }) {
  const faces = projectOctahedron(angleX, angleY, CANVAS_WIDTH, CANVAS_HEIGHT);
  return (
    <svg
      viewBox={`0 0 ${CANVAS_WIDTH} ${CANVAS_HEIGHT}`}
      width={CANVAS_WIDTH}
      height={CANVAS_HEIGHT}
      role="img"
      aria-label={`Drawing: ${description}.`}
      className="h-auto w-full max-w-[800px] rounded-xl bg-[#0f0c24]"
    >
      {faces.map((face, i) => (
        <polygon
          key={i}
          points={face.points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}
          fill={shadeColour(face.fill, face.shade)}
          stroke="#f5f3ff"
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

function draw(context: CanvasRenderingContext2D, angleX: number, angleY: number) {
  context.fillStyle = "#0f0c24";
  context.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  for (const face of projectOctahedron(angleX, angleY, CANVAS_WIDTH, CANVAS_HEIGHT)) {
    context.beginPath();
    face.points.forEach(([x, y], i) => (i === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    context.closePath();
    context.fillStyle = shadeColour(face.fill, face.shade);
    context.fill();
    context.strokeStyle = "#f5f3ff";
    context.lineWidth = 1.5;
    context.lineJoin = "round";
    context.stroke();
  }
}

/**
 * The rotating octahedron (spec: canvas 800x320, drag rotates, a 'Stop Auto Spin'/'Start Auto Spin' toggle).
 * Auto spin starts off when the visitor prefers reduced motion. Arrow keys rotate it too, for keyboard users.
 * Before hydration (and without JavaScript) the static SVG drawing stands in its place.
 */
export function OctahedronDisplay() {
  const [hydrated, setHydrated] = useState(false);
  const [autoSpin, setAutoSpin] = useState(true);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const angles = useRef({ x: START_X, y: START_Y });
  const drag = useRef<{ x: number; y: number } | null>(null);
  const spinRef = useRef(autoSpin);
  spinRef.current = autoSpin;

  useEffect(() => {
    setAutoSpin(!prefersReducedMotion());
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    const context = canvasRef.current?.getContext("2d");
    if (!context) return;
    let frame = 0;
    let last = performance.now();
    let drawn = "";
    const tick = (now: number) => {
      const elapsed = Math.min(64, now - last);
      last = now;
      if (spinRef.current && !drag.current) angles.current.y += elapsed * SPIN_PER_MS;
      const key = `${angles.current.x.toFixed(5)}:${angles.current.y.toFixed(5)}`;
      if (key !== drawn) {
        draw(context, angles.current.x, angles.current.y);
        drawn = key;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [hydrated]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current) return;
    angles.current.y += (event.clientX - drag.current.x) * 0.01;
    angles.current.x += (event.clientY - drag.current.y) * 0.01;
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = 0.12;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [0, -step],
      ArrowRight: [0, step],
      ArrowUp: [-step, 0],
      ArrowDown: [step, 0],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    angles.current.x += move[0];
    angles.current.y += move[1];
  };

  return (
    <figure className="mt-6">
      {hydrated ? (
        <canvas
          ref={canvasRef}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          role="img"
          aria-label={`${description}. Drag it, or focus it and use the arrow keys, to turn it.`}
          tabIndex={0}
          className="h-auto w-full max-w-[800px] cursor-grab touch-none rounded-xl bg-[#0f0c24] active:cursor-grabbing"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
        />
      ) : (
        <OctahedronDrawing />
      )}
      <figcaption className="mt-3 flex flex-wrap items-center gap-4 text-base">
        {hydrated ? (
          <button
            type="button"
            onClick={() => setAutoSpin((on) => !on)}
            className="rounded-lg border border-cosmic bg-white px-4 py-2 font-semibold text-cosmic hover:bg-cosmic-light"
          >
            {autoSpin ? "Stop Auto Spin" : "Start Auto Spin"}
          </button>
        ) : null}
        <span>
          {hydrated
            ? "Drag the solid to turn it; the faces carry the colours of the principles 1 to 8."
            : "A still drawing of the octahedron (with JavaScript it turns and can be dragged); the faces carry the colours of the principles 1 to 8."}
        </span>
      </figcaption>
    </figure>
  );
}
