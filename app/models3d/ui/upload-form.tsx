import { Form } from "@remix-run/react";
import type { ChangeEvent, FormEvent, ReactNode, RefObject } from "react";
import { ACCEPT_ATTRIBUTE, formatMegabytes, MAX_UPLOAD_LABEL, MODEL_EXTENSIONS } from "../formats";

/**
 * 'Upload a Model': a multipart form that posts to the page's action (without JavaScript) or, through `onSubmit`,
 * to the JSON API. The submit button waits for a valid file once JavaScript runs.
 */
export function UploadForm({
  file,
  inputRef,
  uploading,
  blocked,
  hydrated,
  onFileChange,
  onSubmit,
  children,
}: {
  file: File | null;
  inputRef: RefObject<HTMLInputElement>;
  uploading: boolean;
  blocked: boolean;
  hydrated: boolean;
  onFileChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="upload-title" className="mt-6 rounded-xl border border-violet-200 bg-white p-6 shadow-sm">
      <h2 id="upload-title" className="font-serif text-2xl font-bold text-ink">
        Upload a Model
      </h2>
      <Form method="post" encType="multipart/form-data" reloadDocument onSubmit={onSubmit} className="mt-4 space-y-4">
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
          <p className="text-ink">
            Selected: <span className="font-semibold">{file.name}</span> ({formatMegabytes(file.size)})
          </p>
        ) : null}
        <button
          type="submit"
          disabled={hydrated && (!file || uploading || blocked)}
          className="rounded-lg bg-cosmic px-5 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          {uploading ? "Uploading…" : "Upload Model"}
        </button>
      </Form>
      {children}
    </section>
  );
}
