import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useHydrated } from "~/components/use-hydrated";
import {
  ACCEPT_ATTRIBUTE,
  formatMegabytes,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_LABEL,
  MESSAGES,
  MODEL_EXTENSIONS,
  modelExtensionOf,
} from "~/models3d/formats";
import { ModelDescription } from "~/models3d/model-description";
import type { ModelSummary } from "~/models3d/summary";
import { ErrorAlert, ProcessingCard, SupportedFormatsCard } from "~/models3d/upload-card";
import { receiveModelUpload } from "~/models3d/upload.server";
import { ModelViewer } from "~/models3d/viewer";
import { personOf } from "~/utils/cost-limits.server";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { getVisitor } from "~/utils/visitor.server";

const POLL_MS = 2000;
const VIEWER_HEIGHT = 600;

/** Without JavaScript the upload form posts here; the visitor then follows the conversion on /3d-viewer/{urn}. */
export async function action({ request, context }: ActionFunctionArgs) {
  const visitor = await getVisitor(request);
  const person = await personOf(request, context);
  const result = await receiveModelUpload(request, { ...person, sessionId: visitor.sessionId });
  const headers = new Headers(visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined);
  if (!result.ok) {
    if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
    return data({ error: result.error }, { status: result.status, headers });
  }
  throw redirect(`/3d-viewer/${result.urn}`, { headers });
}

type Phase = "idle" | "uploading" | "processing" | "success" | "error";

export default function ThreeDViewerPage() {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const [urn, setUrn] = useState<string | null>(null);
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [viewerReady, setViewerReady] = useState(false);
  const [summary, setSummary] = useState<ModelSummary | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const pollTimer = useRef<number | null>(null);

  // The token is fetched on page load; a failure is only logged (the spec's behaviour on this page).
  useEffect(() => {
    fetch("/api/3d/viewer-token", { credentials: "same-origin" })
      .then(async (r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}: ${await r.text()}`))))
      .then((body: { access_token: string }) => setToken(body.access_token))
      .catch((e) => console.error(MESSAGES.viewerTokenFailed, e));
    return () => {
      if (pollTimer.current) clearTimeout(pollTimer.current);
    };
  }, []);

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setError(null);
    setFile(picked);
    if (picked && !modelExtensionOf(picked.name)) {
      setError({
        title: MESSAGES.uploadFailed,
        detail: `Only these file types are accepted: ${MODEL_EXTENSIONS.join(", ")}.`,
      });
    } else if (picked && picked.size > MAX_UPLOAD_BYTES) {
      setError({ title: MESSAGES.uploadFailed, detail: `The file is larger than the ${MAX_UPLOAD_LABEL} limit.` });
    }
  }

  function poll(id: string) {
    pollTimer.current = window.setTimeout(async () => {
      try {
        const response = await fetch(`/api/3d/status/${id}`, { credentials: "same-origin" });
        if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
        const body = (await response.json()) as { status: string; progress: string; error?: string; detail?: string };
        if (body.status === "success") {
          setProgress(100);
          setPhase("success");
        } else if (body.status === "failed") {
          setPhase("error");
          setError({ title: body.error ?? MESSAGES.translationFailed, detail: body.detail });
        } else {
          setProgress(Number.parseInt(body.progress, 10) || 0);
          poll(id);
        }
      } catch (e) {
        console.error("Status check failed", e); // polling stops, as the spec says
      }
    }, POLL_MS);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || phase === "uploading" || error) return;
    setPhase("uploading");
    setError(null);
    try {
      const body = new FormData();
      body.append("model", file);
      const response = await fetch("/api/3d/upload", { method: "POST", body, credentials: "same-origin" });
      if (!response.ok) {
        const text = await response.text();
        let detail = text || response.statusText;
        try {
          detail = (JSON.parse(text) as { error?: string }).error ?? detail;
        } catch {
          /* not JSON: keep the text */
        }
        throw new Error(detail);
      }
      const result = (await response.json()) as { urn: string; status: string };
      setUrn(result.urn);
      setProgress(0);
      setPhase("processing");
      poll(result.urn);
    } catch (e) {
      setPhase("error");
      setError({ title: MESSAGES.uploadFailed, detail: e instanceof Error ? e.message : undefined });
    }
  }

  function reset() {
    if (pollTimer.current) clearTimeout(pollTimer.current);
    setFile(null);
    setUrn(null);
    setProgress(0);
    setError(null);
    setViewerReady(false);
    setSummary(null);
    setPhase("idle");
    if (inputRef.current) inputRef.current.value = "";
  }

  const uploading = phase === "uploading";
  const serverError = !hydrated && actionData && "error" in actionData ? actionData.error : null;
  const showForm = phase === "idle" || phase === "uploading" || (phase === "error" && !urn);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-serif text-4xl font-bold text-ink">3D Model Viewer</h1>
      <p className="mt-3 text-lg text-ink">
        Upload a 3D model; it is converted on our server and shown here, ready to turn, zoom and pan.
      </p>

      {showForm ? (
        <section
          aria-labelledby="upload-title"
          className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
        >
          <h2 id="upload-title" className="font-serif text-2xl font-bold text-ink">
            Upload a Model
          </h2>
          <Form
            method="post"
            encType="multipart/form-data"
            reloadDocument
            onSubmit={onSubmit}
            className="mt-4 space-y-4"
          >
            <div>
              <label htmlFor="model-file" className="block font-medium text-ink">
                3D model file
              </label>
              <input
                ref={inputRef}
                id="model-file"
                name="model"
                type="file"
                required
                accept={ACCEPT_ATTRIBUTE}
                onChange={onFileChange}
                aria-describedby="model-file-hint"
                className="mt-1 block w-full text-ink file:mr-4 file:rounded file:border-0 file:bg-cosmic-light file:px-4 file:py-2 file:text-cosmic"
              />
              <p id="model-file-hint" className="mt-1 text-sm text-ink">
                {MODEL_EXTENSIONS.map((e) => `.${e}`).join(", ")} up to {MAX_UPLOAD_LABEL}.
              </p>
            </div>
            {file ? (
              <p className="text-ink" aria-live="polite">
                Selected: <span className="font-semibold">{file.name}</span> ({formatMegabytes(file.size)})
              </p>
            ) : null}
            <button
              type="submit"
              disabled={hydrated && (!file || uploading || !!error)}
              className="rounded-lg bg-cosmic px-5 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50"
            >
              {uploading ? "Uploading…" : "Upload Model"}
            </button>
          </Form>
          {error ? <ErrorAlert title={error.title} detail={error.detail} /> : null}
          {serverError ? <ErrorAlert detail={serverError} /> : null}
        </section>
      ) : null}

      {phase === "processing" || (phase === "success" && !viewerReady) ? <ProcessingCard progress={progress} /> : null}

      {phase === "error" && urn && error ? (
        <>
          <ErrorAlert title={error.title} detail={error.detail} />
          <button
            type="button"
            onClick={reset}
            className="mt-4 rounded-lg bg-cosmic px-5 py-2 font-semibold text-white"
          >
            Upload New Model
          </button>
        </>
      ) : null}

      {phase === "success" && urn ? (
        <section aria-labelledby="viewer-title" className="mt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="viewer-title" className="font-serif text-2xl font-bold text-ink">
              {file?.name ?? "Your model"}
            </h2>
            <button type="button" onClick={reset} className="rounded-lg bg-cosmic px-5 py-2 font-semibold text-white">
              Upload New Model
            </button>
          </div>
          <div className="mt-4">
            <ModelViewer
              src={`/api/3d/model/${urn}`}
              token={token}
              label={file?.name ?? "the uploaded model"}
              height={VIEWER_HEIGHT}
              onReady={() => setViewerReady(true)}
              onSummary={setSummary}
              onError={(message) => {
                setViewerReady(true);
                setError({ title: message });
              }}
            />
          </div>
          {summary ? <ModelDescription summary={summary} /> : null}
          {error ? <ErrorAlert title={error.title} detail={error.detail} /> : null}
        </section>
      ) : null}

      <SupportedFormatsCard />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "3D Model Viewer",
    description:
      "Upload a 3D model (obj, fbx, stl, glTF, STEP and more), converted on our own server and shown in your browser.",
    path: "/3d-viewer",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
