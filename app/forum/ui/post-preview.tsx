import { useEffect, useRef } from "react";
import { useToast } from "~/components/toaster";
import { PREVIEW_INTENT } from "../preview";

/**
 * The Preview button (decision 340): a second submit button of the form, so it works as a plain form submission
 * without JavaScript and in text browsers. It comes after the form's own button, which stays the one Enter sends.
 */
export function PreviewButton({ busy, className = "" }: { busy: boolean; className?: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={PREVIEW_INTENT}
      disabled={busy}
      className={`rounded-md border border-cosmic bg-white px-4 py-2 font-semibold text-cosmic hover:bg-cosmic-light disabled:opacity-60 ${className}`}
    >
      {busy ? "Previewing..." : "Preview"}
    </button>
  );
}

/**
 * The text as it will show, from the action's answer (`preview`). With JavaScript, each new preview takes the focus
 * and the toasts' live region says it is there; without, it is on the page the form answered with.
 */
export function PostPreview({ id, preview }: { id: string; preview: { html: string } | undefined }) {
  const ref = useRef<HTMLElement>(null);
  const { show } = useToast();
  useEffect(() => {
    if (!preview) return;
    ref.current?.focus();
    show({ title: "Preview shown", description: "The preview is below the form's buttons.", type: "info" });
  }, [preview, show]);
  if (!preview) return null;
  return (
    <section
      id={id}
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="rounded border border-dashed border-violet-300 bg-cosmic-light/40 p-3 outline-none focus-visible:ring-2 focus-visible:ring-cosmic"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-cosmic">
        Preview
      </h3>
      {preview.html ? (
        // PostContent's markup (../content.tsx), written here: importing it from this chunk, loaded on demand, would
        // split it into a chunk of its own on the topic page, over that page's script budget
        <div dir="auto" className="post-prose mt-2" dangerouslySetInnerHTML={{ __html: preview.html }} />
      ) : (
        <p className="mt-2 italic">Nothing to preview yet.</p>
      )}
    </section>
  );
}
