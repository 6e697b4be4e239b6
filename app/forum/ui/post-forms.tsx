import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { TextareaField } from "~/components/fields";
import { SubmitButton } from "~/components/form";
import type { FormConstraint } from "~/components/form";
import { useFormAnswer } from "~/components/form-answer";
import { AnswerSummary } from "./answer-summary";

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
  const answer = useFormAnswer("reply");
  const navigation = useNavigation();
  const [form, fields] = useForm<{ content: string }>({
    id: "reply",
    defaultValue: typed !== undefined ? { content: typed() } : quote ? { content: quote } : undefined,
    lastResult: answer?.result,
    constraint,
    shouldValidate: "onSubmit",
    defaultNoValidate: false,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  return (
    <Form method="post" action={replyAction(useLocation())} {...getFormProps(form)} className="mt-3 space-y-3">
      <AnswerSummary formId={form.id} answer={answer} />
      <input type="hidden" name="intent" value="reply" />
      <TextareaField
        meta={fields.content}
        label="Your reply"
        rows={5}
        focusOnMount={typed !== undefined || !!quote || !!focused}
      />
      <SubmitButton busy={busy} busyLabel="Posting...">
        Post Reply
      </SubmitButton>
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
  const answer = useFormAnswer("edit");
  const navigation = useNavigation();
  const [form, fields] = useForm<{ content: string; postId: string }>({
    id: `edit-${post.id}`,
    lastResult: answer?.result,
    constraint,
    shouldValidate: "onSubmit",
    defaultNoValidate: false,
    defaultValue: { content: post.content, postId: String(post.id) },
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "edit";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
      <AnswerSummary formId={form.id} answer={answer} />
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="postId" value={post.id} />
      <TextareaField meta={fields.content} label={`Edit post #${post.number}`} rows={5} focusOnMount />
      <div className="flex gap-3">
        <button type="submit" disabled={busy} className="rounded bg-cosmic px-4 py-2 font-semibold text-white">
          {busy ? "Saving..." : "Save"}
        </button>
        <Link to={cancelHref} preventScrollReset className="rounded border border-violet-300 px-4 py-2 text-ink">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
