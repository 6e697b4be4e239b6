import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { MESSAGES } from "../formats";
import { OCTAHEDRON_FACES, OCTAHEDRON_VERTICES } from "../octahedron-geometry";
import { ModelViewer } from "./viewer";

/**
 * The octahedron model in the 3D viewer, for the /octahedron page. It follows the spec's timing: the generate
 * call is retried once; a 'translating' model waits 5 s; viewer initialisation is retried up to 2 times at
 * 1.5 s; the model render up to 3 times; after loading, a 200 ms settle and an 800 ms fit. When the viewer cannot
 * show the model, a drawn visual representation takes its place with the spec's notice.
 */
const TRANSLATING_WAIT_MS = 5000;
const RETRY_DELAY_MS = 1500;
const INIT_RETRIES = 2;
const RENDER_RETRIES = 3;
const SETTLE_DELAY_MS = 200;
const FIT_DELAY_MS = 800;
const VIEWER_HEIGHT = 480;

type State =
  | { phase: "loading" }
  | { phase: "viewer"; urn: string; token: string }
  | { phase: "ready"; urn: string; token: string }
  | { phase: "failed"; message: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as T;
}

export function OctahedronModelSection({ autoSpin = false }: { autoSpin?: boolean }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ phase: "loading" });
  const [attempt, setAttempt] = useState(0);
  const failures = useRef({ init: 0, render: 0 });

  useEffect(() => {
    if (!hydrated) return;
    let cancelled = false;
    (async () => {
      let model: { urn: string; status: string };
      try {
        const generate = () => getJson<{ urn: string; status: string }>("/api/octahedron/generate");
        model = await generate().catch(generate);
      } catch (error) {
        console.error(MESSAGES.octahedronGenerateFailed, error);
        if (!cancelled) setState({ phase: "failed", message: MESSAGES.octahedronGenerateFailed });
        return;
      }
      let token: string;
      try {
        const body = await getJson<{ access_token?: string; token?: string }>("/api/3d/viewer-token");
        token = body.access_token ?? body.token ?? "";
        if (!token) throw new Error("no token in the answer");
      } catch (error) {
        console.error(MESSAGES.viewerTokenFailed, error);
        if (!cancelled) setState({ phase: "failed", message: MESSAGES.viewerTokenFailed });
        return;
      }
      if (model.status === "translating") await sleep(TRANSLATING_WAIT_MS);
      if (!cancelled) setState({ phase: "viewer", urn: model.urn, token });
    })();
    return () => {
      cancelled = true;
    };
  }, [hydrated]);

  function onViewerError(message: string) {
    const isInit = message === MESSAGES.viewerInitFailed || message === MESSAGES.viewerScriptFailed;
    const count = isInit ? ++failures.current.init : ++failures.current.render;
    const limit = isInit ? INIT_RETRIES : RENDER_RETRIES;
    if (count <= limit) {
      setTimeout(() => setAttempt((a) => a + 1), RETRY_DELAY_MS);
      return;
    }
    setState({ phase: "failed", message: isInit ? MESSAGES.viewerInitExhausted : message });
  }

  const showViewer = state.phase === "viewer" || state.phase === "ready";
  return (
    <section aria-labelledby="octahedron-model-title" className="mt-8">
      <h2 id="octahedron-model-title" className="font-serif text-2xl font-bold text-ink">
        The Octahedron in 3D
      </h2>
      {showViewer ? (
        <div className="mt-4">
          <ModelViewer
            key={attempt}
            src={`/api/3d/model/${state.urn}`}
            getToken={async () => state.token}
            label="the octahedron"
            height={VIEWER_HEIGHT}
            autoSpin={autoSpin}
            settleDelayMs={SETTLE_DELAY_MS}
            fitDelayMs={FIT_DELAY_MS}
            onReady={() => setState({ phase: "ready", urn: state.urn, token: state.token })}
            onError={onViewerError}
          />
          <p className="mt-2 text-sm text-ink" aria-live="polite">
            {state.phase === "ready"
              ? "The octahedron model is ready: drag to turn it."
              : "Loading the octahedron model…"}
          </p>
        </div>
      ) : null}
      {state.phase === "failed" ? (
        <div className="mt-4">
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-ink">
            <p className="font-semibold">{state.message}</p>
            <p className="mt-1">{MESSAGES.credentialNotice}</p>
          </div>
          <OctahedronDrawing />
        </div>
      ) : null}
      {state.phase === "loading" ? (
        <div className="mt-4">
          <OctahedronDrawing />
          <p className="mt-2 text-sm text-ink">
            {hydrated
              ? "Loading the octahedron model…"
              : "The interactive model needs JavaScript; here is its drawing."}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/** The visual representation: the octahedron drawn isometrically, faces shaded and sorted back to front. */
export function OctahedronDrawing() {
  const size = 320;
  const c = Math.SQRT1_2;
  const t = Math.atan(Math.SQRT1_2);
  const project = ([x, y, z]: [number, number, number]) => {
    const x1 = c * x + c * z;
    const z1 = -c * x + c * z;
    return [x1, Math.cos(t) * y - Math.sin(t) * z1, Math.sin(t) * y + Math.cos(t) * z1] as const;
  };
  const points = OCTAHEDRON_VERTICES.map(project);
  const faces = OCTAHEDRON_FACES.map((face, i) => ({
    face,
    i,
    depth: face.reduce((sum, v) => sum + points[v]![2], 0),
  })).sort((a, b) => a.depth - b.depth);
  const scale = size * 0.38;
  const shades = ["#5b3fc4", "#7456d8", "#8d70e6", "#a68bf0", "#4a32a8", "#6247c9", "#7b5fdc", "#9a80ec"];
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      role="img"
      aria-labelledby="octahedron-drawing-title"
      className="mx-auto"
    >
      <title id="octahedron-drawing-title">Octahedron: 8 faces, 6 vertices, 12 edges</title>
      {faces.map(({ face, i }) => (
        <polygon
          key={i}
          points={face
            .map(
              (v) =>
                `${(size / 2 + points[v]![0] * scale).toFixed(1)},${(size / 2 - points[v]![1] * scale).toFixed(1)}`,
            )
            .join(" ")}
          fill={shades[i]}
          stroke="#1c1830"
          strokeWidth={1}
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}
