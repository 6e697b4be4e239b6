import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, useNavigation, useSearchParams } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { SelectField, TextareaField } from "~/components/fields";
import { SubmitButton } from "~/components/form";
import type { FormConstraint } from "~/components/form";
import { useAnswerToast, useFormAnswer } from "~/components/form-answer";
import { HoneypotField } from "~/components/honeypot";
import { CATEGORY_OPTIONS } from "../categories";
import { forumQueryWithout } from "../pages";
import { previewedForm, previewOf } from "../preview";
import { AnswerSummary } from "./answer-summary";
import { ForumDialog } from "./forum-dialog";
import { MarkdownHint, PostPreview, PreviewButton } from "./post-preview";

const INPUT = "mt-1 w-full rounded border border-violet-300 px-3 py-2";

/** The new-topic form at /forum?new=1: a route dialog, validated by the page's action. */
export function NewTopicDialog({ category, constraint }: { category: string | null; constraint: FormConstraint }) {
  const answer = useFormAnswer("create-topic");
  useAnswerToast(answer);
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm<{ title: string; description: string; category: string }>({
    id: "create-topic",
    lastResult: answer?.result,
    constraint,
    shouldValidate: "onSubmit",
    defaultNoValidate: false,
    defaultValue: { category: category ?? "general" },
  });
  const sent = navigation.state === "submitting" ? navigation.formData : undefined;
  const creating = sent?.get("intent") === "create-topic";
  const previewing = previewedForm(sent, "create-topic") !== null;
  return (
    <ForumDialog id="new-topic" title="Create New Topic" closeTo={forumQueryWithout(searchParams, "new").href}>
      <AnswerSummary formId={form.id} answer={answer} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <HoneypotField formId="new-topic" />
        <div>
          <label htmlFor={fields.title.id} className="block font-semibold">
            Title
          </label>
          <input {...getInputProps(fields.title, { type: "text" })} className={INPUT} />
          <FieldError meta={fields.title} />
        </div>
        <TextareaField meta={fields.description} label="Description (optional)" rows={4} />
        <MarkdownHint id="create-topic-hint" />
        <SelectField meta={fields.category} label="Category" options={CATEGORY_OPTIONS} />
        <SubmitButton name="intent" value="create-topic" busy={creating} busyLabel="Creating...">
          Create Topic
        </SubmitButton>
        <PreviewButton busy={previewing} className="w-full" />
        <PostPreview id="create-topic-preview" preview={previewOf(answer)} />
      </Form>
    </ForumDialog>
  );
}
