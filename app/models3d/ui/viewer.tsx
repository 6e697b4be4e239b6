import { Component, lazy, Suspense, type ReactNode } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { MESSAGES } from "../formats";
import type { ModelViewerProps } from "./model-viewer.client";

/**
 * The viewer as the pages use it: nothing on the server (a fallback instead), then, once React runs in the
 * browser, the three.js module fetched as its own chunk. A failed chunk load reports the spec's message.
 */
const LazyViewer = lazy(() => import("./model-viewer.client"));

class ChunkBoundary extends Component<
  { onError?: (message: string) => void; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onError?.(MESSAGES.viewerScriptFailed);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function ModelViewer(props: ModelViewerProps & { fallback?: ReactNode }) {
  const hydrated = useHydrated();
  const placeholder = props.fallback ?? (
    <div
      style={{ height: props.height }}
      className="flex w-full items-center justify-center rounded-lg border border-violet-200 bg-violet-50"
    >
      <p className="text-ink">Loading the 3D viewer…</p>
    </div>
  );
  if (!hydrated) return <>{placeholder}</>;
  return (
    <ChunkBoundary onError={props.onError}>
      <Suspense fallback={placeholder}>
        <LazyViewer {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
