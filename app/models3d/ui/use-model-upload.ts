import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_LABEL,
  MESSAGES,
  MODEL_EXTENSIONS,
  modelExtensionOf,
  requestProblem,
} from "../formats";
import { useViewerToken } from "./use-viewer-token";

const POLL_MS = 2000;

export type UploadPhase = "idle" | "uploading" | "processing" | "success" | "error";
/** `pick`: the picked file itself is refused (blocks the button until another is picked); the others may be retried. */
export type UploadError = { title: string; detail?: string; kind: "pick" | "upload" | "conversion" | "viewer" };

/** The picked file's own checks (the server repeats them): an accepted extension and the size limit. */
function pickError(file: File | null): UploadError | null {
  if (file && !modelExtensionOf(file.name)) {
    return {
      title: MESSAGES.uploadFailed,
      detail: `Only these file types are accepted: ${MODEL_EXTENSIONS.join(", ")}.`,
      kind: "pick",
    };
  }
  if (file && file.size > MAX_UPLOAD_BYTES) {
    return {
      title: MESSAGES.uploadFailed,
      detail: `The file is larger than the ${MAX_UPLOAD_LABEL} limit.`,
      kind: "pick",
    };
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
 * The 3D viewer page with JavaScript: the file sent to POST /api/3d/upload, then GET /api/3d/status/{urn} every 2 s
 * until the conversion succeeds or fails (a failed check stops the polling, as the spec says); the viewer token
 * comes from `useViewerToken` (fetched on load, renewed before it expires). A file picked before the page's scripts
 * ran is read from the input when it hydrates. After a failed upload the same file can be sent again. What happens
 * is told once through one polite live region (`announcement`): uploading, converting with each new percentage,
 * ready; errors are the page's error summaries, said by the focus they take (decision 450). Without JavaScript the form posts to the page's action and
 * /3d-viewer/{urn} follows the conversion instead.
 */
export function useModelUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const [statusProblem, setStatusProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [urn, setUrn] = useState<string | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const getToken = useViewerToken();
  const inputRef = useRef<HTMLInputElement>(null);
  const pollTimer = useRef<number | null>(null);

  useEffect(() => {
    // picked before hydration: the input holds the file, React's state did not see the change event
    const picked = inputRef.current?.files?.[0] ?? null;
    if (picked) {
      setFile(picked);
      setError(pickError(picked));
    }
    return () => {
      if (pollTimer.current) clearTimeout(pollTimer.current);
    };
  }, []);

  function poll(id: string, name: string, shown: number, wait = POLL_MS) {
    pollTimer.current = window.setTimeout(async () => {
      try {
        const response = await fetch(`/api/3d/status/${id}`, { credentials: "same-origin" });
        if (!response.ok) throw Object.assign(new Error(`status check answered ${response.status}`), { response });
        const body = (await response.json()) as { status: string; progress: string; error?: string; detail?: string };
        if (body.status === "success") {
          setProgress(100);
          setPhase("success");
          setAnnouncement(`${name} is converted. Loading it into the viewer…`);
        } else if (body.status === "failed") {
          setPhase("error");
          setAnnouncement("");
          setError({ title: body.error ?? MESSAGES.translationFailed, detail: body.detail, kind: "conversion" });
        } else {
          const value = Number.parseInt(body.progress, 10) || 0;
          setProgress(value);
          if (value !== shown) setAnnouncement(`Converting ${name}: ${value}%`);
          poll(id, name, value);
        }
      } catch (e) {
        // Polling stops, as the spec says; the page says so and offers to check again (issue 47: it stayed on
        // 'Processing Model 0%' with no way on but a reload).
        console.error("Status check failed", e);
        // under the summary's title (STATUS_CHECK_FAILED, the page's), which the focus says: not also the live region (decision 450)
        const problem = requestProblem(e);
        setStatusProblem(`${problem.charAt(0).toUpperCase()}${problem.slice(1)}. The model may still be converting.`);
        setAnnouncement("");
      }
    }, wait);
  }

  /** After a failed status check: asks again at once, and polling goes on from there. */
  function checkAgain() {
    if (!urn || !file) return;
    setStatusProblem(null);
    setAnnouncement(`Checking on ${file.name} again…`);
    poll(urn, file.name, progress, 0);
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setError(pickError(picked));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || phase === "uploading" || error?.kind === "pick") return;
    setPhase("uploading");
    setError(null);
    setAnnouncement(`Uploading ${file.name}…`);
    try {
      const body = new FormData();
      body.append("model", file);
      const response = await fetch("/api/3d/upload", { method: "POST", body, credentials: "same-origin" });
      if (!response.ok) throw new Error(await failureText(response));
      const result = (await response.json()) as { urn: string; status: string };
      setUrn(result.urn);
      setProgress(0);
      setPhase("processing");
      setAnnouncement(`Uploaded ${file.name}. Converting it: 0%`);
      poll(result.urn, file.name, 0);
    } catch (e) {
      setPhase("error");
      setAnnouncement("");
      // the server's own message (it writes them for visitors); a lost connection in the site's words, not the browser's
      const detail = e instanceof TypeError ? requestProblem(e) : e instanceof Error ? e.message : undefined;
      setError({ title: MESSAGES.uploadFailed, detail, kind: "upload" });
    }
  }

  /** The viewer has drawn the model (or failed to: then `problem` is its message). */
  function onViewerDone(problem?: string) {
    if (problem) {
      setAnnouncement("");
      setError({ title: problem, kind: "viewer" });
    } else setAnnouncement(`${file?.name ?? "Your model"} is ready to view.`);
  }

  function reset() {
    if (pollTimer.current) clearTimeout(pollTimer.current);
    setFile(null);
    setUrn(null);
    setProgress(0);
    setError(null);
    setStatusProblem(null);
    setAnnouncement("");
    setPhase("idle");
    if (inputRef.current) inputRef.current.value = "";
  }

  return {
    file,
    phase,
    progress,
    urn,
    error,
    announcement,
    getToken,
    inputRef,
    onFileChange,
    onSubmit,
    onViewerDone,
    reset,
    statusProblem,
    checkAgain,
  };
}
