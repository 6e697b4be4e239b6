import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { failureDetail, failureMessage, formatMegabytes } from "~/models3d/formats";
import { getModelSummary, isModelUrn, NOT_A_MODEL_ADDRESS } from "~/models3d/models.server";
import { modelAfterChange, modelStage } from "~/models3d/status.server";
import { signedModelQuery } from "~/models3d/token.server";
import { ModelDescription } from "~/models3d/ui/model-description";
import { ModelError, ProcessingCard } from "~/models3d/ui/upload-card";
import { ModelViewer } from "~/models3d/ui/viewer";
import { invariantResponse } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

/** With JavaScript the page asks for the model's state this often while the conversion runs. */
const POLL_MS = 2000;

/**
 * A model's page: while the conversion runs it does not reload itself (a reload re-reads the whole page to a screen
 * reader, and a timed refresh fails WCAG 2.2.1): 'Check again' asks the server, which answers once the conversion
 * has moved on (or after 15 s). With JavaScript the page asks every 2 s in the background and changes in place.
 * Once converted it offers the GLB and a server-rendered picture of it (and, with JavaScript, the viewer as well).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isModelUrn(params.urn)) throw new Response(NOT_A_MODEL_ADDRESS, { status: 400 });
  const since = new URL(request.url).searchParams.get("since");
  const model = await modelAfterChange({ urn: params.urn, since, signal: request.signal });
  invariantResponse(model, "Model Not Found", { status: 404 });
  const done = model.status === "success" || model.status === "failed";
  const query = model.status === "success" ? signedModelQuery(model.urn) : null;
  return {
    // came by 'Check again' (without JavaScript the page reloads): the outcome, once there, takes the focus
    checked: since !== null,
    urn: model.urn,
    name: model.originalName,
    size: formatMegabytes(model.sizeBytes),
    status: model.status,
    progress: model.progress,
    stage: modelStage(model),
    done,
    failure: model.status === "failed" ? failureMessage(model.error) : null,
    failureDetail: model.status === "failed" ? failureDetail(model.error) : null,
    summary: model.status === "success" && model.glbKey ? await getModelSummary({ glbKey: model.glbKey }) : null,
    modelUrl: query ? `/api/3d/model/${model.urn}?${query}` : null,
    posterUrl: query ? `/api/3d/poster/${model.urn}?${query}` : null,
  };
}

export default function ModelStatusPage() {
  const model = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (model.done || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => revalidator.revalidate(), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [model, revalidator]);
  // When the conversion ends while the page is shown, the page says so and the focus moves to what is new: the
  // ready model's heading (said by the live region too), or the failure's summary, said by the focus alone (decision
  // 450; Tab from it reaches 'Upload New Model'). It had changed in silence, the focus left on <body> with the Check
  // again button gone (issue 47).
  const waiting = useRef(!model.done);
  // the page was shown while the conversion ran: a failure comes in place, not with a new page
  const watched = useRef(!model.done);
  const readyHeading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (!model.done || !waiting.current) return;
    waiting.current = false;
    if (!model.failure) {
      setSaid(`${model.name} is converted and ready to view.`);
      readyHeading.current?.focus();
    }
  }, [model.done, model.failure, model.name]);
  const focusOnLoad = model.checked && model.done;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-serif text-4xl font-bold text-ink">3D Model Viewer</h1>
      <p className="mt-3 text-ink">
        <span className="font-semibold">{model.name}</span> ({model.size})
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {said}
      </p>
      {!model.done ? (
        <ProcessingCard progress={model.progress}>
          <p className="mt-2 text-sm text-ink">
            Check again to see how far it has got: the answer comes as soon as something changes.
          </p>
          {/* a GET form: this address with the stage shown, which the server waits to see change */}
          <Form method="get" className="mt-3">
            <input type="hidden" name="since" value={model.stage} />
            <button
              type="submit"
              className="rounded-lg border border-cosmic px-4 py-1 font-semibold text-cosmic hover:bg-violet-50"
            >
              Check again
            </button>
          </Form>
        </ProcessingCard>
      ) : null}
      {model.failure ? (
        <ModelError
          id="conversion-error"
          failed="conversion"
          title={model.failure}
          detail={model.failureDetail}
          resultKey={model.urn}
          // a page that loads with the failure reads on from the focus, the detail included: named, not also described
          onNewPage={!watched.current}
        />
      ) : null}
      {model.modelUrl && model.posterUrl ? (
        <section
          aria-labelledby="ready-title"
          className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
        >
          <h2
            id="ready-title"
            ref={readyHeading}
            tabIndex={-1}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- reached by Check again without JavaScript: the outcome takes the focus
            autoFocus={focusOnLoad}
            className="font-serif text-2xl font-bold text-ink outline-none focus-visible:ring-2 focus-visible:ring-cosmic"
          >
            Your Model Is Ready
          </h2>
          <div className="mt-4">
            <ModelViewer
              src={model.modelUrl}
              label={model.name}
              height={600}
              fallback={
                <img
                  src={model.posterUrl}
                  alt={`Preview of ${model.name}`}
                  width={480}
                  height={480}
                  className="mx-auto"
                />
              }
            />
          </div>
          {model.summary ? <ModelDescription summary={model.summary} /> : null}
          <p className="mt-4">
            <a href={`${model.modelUrl}&download=1`} download className="font-semibold text-cosmic underline">
              Download the converted model (.glb)
            </a>
          </p>
        </section>
      ) : null}
      <p className="mt-6">
        <Link to="/3d-viewer" className="rounded-lg bg-cosmic px-5 py-2 font-semibold text-white">
          Upload New Model
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const tags = pageMeta({
    title: data?.done ? "Your 3D Model" : "Processing Model",
    description: "The conversion of an uploaded 3D model.",
    path: `/3d-viewer/${data?.urn ?? ""}`,
    origin: originFromMatches(matches),
  });
  tags.push({ name: "robots", content: "noindex" });
  return tags;
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
