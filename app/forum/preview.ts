/**
 * The Preview of a post, a topic's opening or an edit (decision 340): a second submit button of the same form,
 * `name="intent" value="preview"`, beside the form's own hidden intent. The page's action answers it with the text
 * rendered, and the form keeps what was typed; nothing is written. Server and browser both load this file.
 */
export const PREVIEW_INTENT = "preview";

/** The form was sent by its Preview button (the form's own intent comes first, the button's after it). */
export const wantsPreview = (formData: FormData | undefined) => !!formData?.getAll("intent").includes(PREVIEW_INTENT);

/** What a preview answer carries beside the form's answer: the text's HTML, as the post would show it. */
export type PreviewAnswer = { preview?: { html: string } };

export const previewOf = (answer: unknown) => (answer as PreviewAnswer | undefined)?.preview;

/** After a preview, the page's data is as it was: the loaders need not run again. */
export const isPreviewAnswer = (actionResult: unknown) => previewOf(actionResult) !== undefined;

export const MARKDOWN_HINT =
  "Formatting: Markdown. *italic*, **bold**, - lists, > quotes, [words](https://address); HTML shows as text.";
