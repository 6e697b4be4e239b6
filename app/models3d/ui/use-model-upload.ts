import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL, MESSAGES, MODEL_EXTENSIONS, modelExtensionOf } from "../formats";

const POLL_MS = 2000;

export type UploadPhase = "idle" | "uploading" | "processing" | "success" | "error";
export type UploadError = { title: string; detail?: string };

/** The picked file's own checks (the server repeats them): an accepted extension and the size limit. */
function pickError(file: File | null): UploadError | null {
  if (file && !modelExtensionOf(file.name)) {
    return {
      title: MESSAGES.uploadFailed,
      detail: `Only these file types are accepted: ${MODEL_EXTENSIONS.join(", ")}.`,
    };
  }
  if (file && file.size > MAX_UPLOAD_BYTES) {
    return { title: MESSAGES.uploadFailed, detail: `The file is larger than the ${MAX_UPLOAD_LABEL} limit.` };
  }
  return null;
}

/** The error text of a failed JSON API answer: its `error`, else the body, else the status text. */
async function failureText(response: Response): Promise<string> {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { error?: string }).error ?? (text || response.statusText);
  } catch {
    return text || response.statusText;
  }
}

/**
 * The 3D viewer page with JavaScript: the viewer token fetched on load (a failure is only logged, as the spec
 * says), the file sent to POST /api/3d/upload, then GET /api/3d/status/{urn} every 2 s until the conversion
 * succeeds or fails (a failed check stops the polling, as the spec says). Without JavaScript the form posts to
 * the page's action and /3d-viewer/{urn} follows the conversion instead.
 */
export function useModelUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const [progress, setProgress] = useState(0);
  const [urn, setUrn] = useState<string | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const pollTimer = useRef<number | null>(null);

  useEffect(() => {
    fetch("/api/3d/viewer-token", { credentials: "same-origin" })
      .then(async (r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}: ${await r.text()}`))))
      .then((body: { access_token: string }) => setToken(body.access_token))
      .catch((e) => console.error(MESSAGES.viewerTokenFailed, e));
    return () => {
      if (pollTimer.current) clearTimeout(pollTimer.current);
    };
  }, []);

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

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setError(pickError(picked));
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
      if (!response.ok) throw new Error(await failureText(response));
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
    setPhase("idle");
    if (inputRef.current) inputRef.current.value = "";
  }

  return { file, phase, progress, urn, error, setError, token, inputRef, onFileChange, onSubmit, reset };
}
