import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { FormAnswer } from "~/components/form-answer";
import { useHydrated } from "~/components/use-hydrated";
import { STATUS_CHECK_FAILED } from "~/models3d/formats";
import type { ModelSummary } from "~/models3d/summary";
import { ModelDescription } from "~/models3d/ui/model-description";
import { ModelError, ProcessingCard, SupportedFormatsCard } from "~/models3d/ui/upload-card";
import { UploadForm } from "~/models3d/ui/upload-form";
import { useModelUpload } from "~/models3d/ui/use-model-upload";
import { ModelViewer } from "~/models3d/ui/viewer";
import { receiveUploadRequest } from "~/models3d/upload.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

const VIEWER_HEIGHT = 600;

/**
 * Without JavaScript the upload form posts here; the visitor then follows the conversion on /3d-viewer/{urn}. A refused
 * upload is the site's form answer (decision 250), the reason in `error`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { result, headers } = await receiveUploadRequest(request, context);
  if (!result.ok)
    return data<FormAnswer>({ intent: "upload", error: result.error }, { status: result.status, headers });
  throw redirect(`/3d-viewer/${result.urn}`, { headers });
}

export default function ThreeDViewerPage() {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const upload = useModelUpload();
  const { file, phase, progress, urn, error } = upload;
  const [viewerReady, setViewerReady] = useState(false);
  const [summary, setSummary] = useState<ModelSummary | null>(null);
  const reset = () => {
    upload.reset();
    setViewerReady(false);
    setSummary(null);
  };

  const serverError = hydrated ? null : actionData?.error;
  const showForm = phase === "idle" || phase === "uploading" || (phase === "error" && !urn);
  const stage: FocusStage =
    phase === "processing" || (phase === "success" && !viewerReady)
      ? "processing"
      : phase === "success"
        ? "result"
        : phase === "error"
          ? urn
            ? "failed"
            : "retry"
          : phase === "idle"
            ? "pick"
            : null;
  // a failure's summary takes the focus itself (decision 450): the stage's own focus waits until it is gone
  const focusRefs = useStageFocus(error ? null : stage, upload.inputRef);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-serif text-4xl font-bold text-ink">3D Model Viewer</h1>
      <p className="mt-3 text-lg text-ink">
        Upload a 3D model; it is converted on our server and shown here, ready to turn, zoom and pan.
      </p>
      <p role="status" aria-live="polite" aria-label="Upload status" className="sr-only">
        {upload.announcement}
      </p>

      {showForm ? (
        <UploadForm
          file={file}
          inputRef={upload.inputRef}
          uploading={phase === "uploading"}
          blocked={error?.kind === "pick"}
          hydrated={hydrated}
          onFileChange={upload.onFileChange}
          onSubmit={upload.onSubmit}
        >
          {error ? (
            <ModelError id="upload-error" failed="upload" title={error.title} detail={error.detail} resultKey={error} />
          ) : null}
          {serverError ? (
            <ModelError id="upload-error" failed="upload" detail={serverError} resultKey={actionData} onNewPage />
          ) : null}
        </UploadForm>
      ) : null}

      {stage === "processing" ? (
        <ProcessingCard progress={progress} headingRef={focusRefs.processing}>
          {upload.statusProblem ? <StatusProblem message={upload.statusProblem} onRetry={upload.checkAgain} /> : null}
        </ProcessingCard>
      ) : null}

      {phase === "error" && urn && error ? (
        <>
          <ModelError
            id="conversion-error"
            failed="conversion"
            title={error.title}
            detail={error.detail}
            resultKey={error}
          />
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
            <h2
              id="viewer-title"
              ref={focusRefs.result}
              tabIndex={-1}
              className="font-serif text-2xl font-bold text-ink"
            >
              {file?.name ?? "Your model"}
            </h2>
            <button type="button" onClick={reset} className="rounded-lg bg-cosmic px-5 py-2 font-semibold text-white">
              Upload New Model
            </button>
          </div>
          {/* under the model's name, where the visitor looks once it is ready, not below the viewer */}
          {error ? (
            <ModelError id="viewer-error" failed="viewer" title={error.title} detail={error.detail} resultKey={error} />
          ) : null}
          <div className="mt-4">
            <ModelViewer
              src={`/api/3d/model/${urn}`}
              getToken={upload.getToken}
              label={file?.name ?? "the uploaded model"}
              height={VIEWER_HEIGHT}
              onReady={() => {
                setViewerReady(true);
                upload.onViewerDone();
              }}
              onSummary={setSummary}
              onError={(message) => {
                setViewerReady(true);
                upload.onViewerDone(message);
              }}
            />
          </div>
          {summary ? <ModelDescription summary={summary} /> : null}
        </section>
      ) : null}

      <SupportedFormatsCard />
    </div>
  );
}

/**
 * A status check that failed: what happened, and a way on without a reload. Its summary takes the focus and is
 * announced once by it (decision 450); Tab reaches the button that continues.
 */
function StatusProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div>
      <ModelError
        id="status-check-error"
        failed="conversion"
        title={STATUS_CHECK_FAILED}
        detail={message}
        resultKey={message}
      />
      <button type="button" onClick={onRetry} className="mt-3 rounded-lg bg-cosmic px-5 py-2 font-semibold text-white">
        Check again
      </button>
    </div>
  );
}

type FocusStage = "pick" | "retry" | "processing" | "result" | "failed" | null;

/**
 * Where focus goes when the page moves to another stage, so it never falls to <body> when the control it was on
 * goes away: the processing card's heading once the file is sent, the model's name once it is shown, the file
 * picker after Upload New Model. A failed upload or conversion (`retry`, `failed`) is the failure's summary's to
 * focus (decision 450): Tab from it reaches Upload Model (the same file again) or Upload New Model. Not on the first
 * render: a page that has just loaded keeps the browser's focus.
 */
function useStageFocus(stage: FocusStage, fileInput: RefObject<HTMLInputElement>) {
  const refs = {
    processing: useRef<HTMLHeadingElement>(null),
    result: useRef<HTMLHeadingElement>(null),
  };
  const previous = useRef(stage);
  useEffect(() => {
    if (stage === previous.current) return;
    previous.current = stage;
    const target = stage === "pick" ? fileInput : stage === "processing" || stage === "result" ? refs[stage] : null;
    target?.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are stable; only a new stage moves focus
  }, [stage]);
  return refs;
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
