/**
 * The Preview of a post, a topic's opening or an edit (decision 342): a second submit button of the same form,
 * `name="intent" value="preview"`, where the form's own button sends the form's intent (`reply`, `edit`,
 * `create-topic`: a form field is sent once, decision 091, so the intent is the pressed button's, not a hidden
 * field's). The page's action answers a preview with the text rendered, and the form keeps what was typed; nothing is
 * written. Server and browser both load this file.
 */
export const PREVIEW_INTENT = "preview";

/** The form a submission asks to preview, or null: the edit form is the one that sends the post's id. */
export function previewedForm(formData: FormData | undefined, pageForm: "reply" | "create-topic") {
  if (formData?.get("intent") !== PREVIEW_INTENT) return null;
  return pageForm === "reply" && formData.has("postId") ? "edit" : pageForm;
}

/** What a preview answer carries beside the form's answer: the text's HTML, as the post would show it. */
export type PreviewAnswer = { preview?: { html: string } };

export const previewOf = (answer: unknown) => (answer as PreviewAnswer | undefined)?.preview;

export const MARKDOWN_HINT =
  "Formatting: Markdown. *italic*, **bold**, - lists, > quotes, [words](https://address); HTML shows as text.";
