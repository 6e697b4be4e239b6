import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { SubmitButton, TextareaField, useSiteForm, type FormConstraint } from "~/components/form";
import { MARKDOWN_HINT, previewedForm, previewOf } from "../preview";
import { AnswerSummary } from "./answer-summary";
import { PostPreview, PreviewButton } from "./post-preview";

/**
 * The topic page's reply and edit forms, validated by the page's action (constraints from its loader). Loaded on
 * demand (decision 107): the reply form by `CollapsibleReply`, the edit form by the post being edited.
 */

/**
 * `typed`: what was typed into the server's form before the page hydrated (and on, while this form's code came),
 * read as this form appears, which takes it over, focused.
 */
export function ReplyForm({
  constraint,
  typed,
  quote,
  focused,
}: {
  constraint: FormConstraint;
  typed?: () => string;
  /** a Quote link's text (decision 313): the form starts with it, focused */
  quote?: string;
  /** opened by its button: the field takes the focus as it appears (decision 400) */
  focused?: boolean;
}) {
  const { form, fields, answer, busy } = useSiteForm<{ content: string }>({
    intent: "reply",
    constraint,
    defaultValue: typed !== undefined ? { content: typed() } : quote ? { content: quote } : undefined,
  });
  const navigation = useNavigation();
  const sent = navigation.state === "submitting" ? navigation.formData : undefined;
  const previewing = previewedForm(sent, "reply") === "reply";
  return (
    <Form method="post" action={replyAction(useLocation())} {...getFormProps(form)} className="mt-3 space-y-3">
      <AnswerSummary formId={form.id} answer={answer} />
      <TextareaField
        meta={fields.content}
        label="Your reply"
        rows={5}
        focusOnMount={typed !== undefined || !!quote || !!focused}
        hint={MARKDOWN_HINT}
      />
      <SubmitButton name="intent" value="reply" busy={busy} busyLabel="Posting...">
        Post Reply
      </SubmitButton>
      <PreviewButton busy={previewing} className="w-full" />
      <PostPreview id="reply-preview" preview={previewOf(answer)} />
    </Form>
  );
}

/**
 * Where a reply is posted: the topic's page as it is read (its `?page=`), never with another form's state in the
 * address: a form without an action posts to the address shown, and while a post was edited that held `?edit=ID`,
 * which a failed reply then reopened (issue 47).
 */
function replyAction(location: { pathname: string; search: string }): string {
  const page = new URLSearchParams(location.search).get("page");
  return page ? `${location.pathname}?${new URLSearchParams({ page }).toString()}` : location.pathname;
}

export function EditForm({
  post,
  cancelHref,
  constraint,
}: {
  post: { id: number; number: number; content: string };
  cancelHref: string;
  constraint: FormConstraint;
}) {
  const { form, fields, answer, busy } = useSiteForm<{ content: string; postId: string }>({
    intent: "edit",
    id: `edit-${post.id}`,
    constraint,
    defaultValue: { content: post.content, postId: String(post.id) },
  });
  const navigation = useNavigation();
  const sent = navigation.state === "submitting" ? navigation.formData : undefined;
  const previewing = previewedForm(sent, "reply") === "edit";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
      <AnswerSummary formId={form.id} answer={answer} />
      <input type="hidden" name="postId" value={post.id} />
      <TextareaField
        meta={fields.content}
        label={`Edit post #${post.number}`}
        rows={5}
        focusOnMount
        hint={MARKDOWN_HINT}
      />
      <div className="flex gap-3">
        <button
          type="submit"
          name="intent"
          value="edit"
          disabled={busy}
          className="rounded bg-cosmic px-4 py-2 font-semibold text-white"
        >
          {busy ? "Saving..." : "Save"}
        </button>
        <PreviewButton busy={previewing} />
        <Link to={cancelHref} preventScrollReset className="rounded border border-violet-300 px-4 py-2 text-ink">
          Cancel
        </Link>
      </div>
      <PostPreview id={`edit-${post.id}-preview`} preview={previewOf(answer)} />
    </Form>
  );
}
