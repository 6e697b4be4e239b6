import { getFormProps } from "@conform-to/react";
import { Form, useNavigation, useSearchParams } from "@remix-run/react";
import {
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  useSiteForm,
  type FormConstraint,
} from "~/components/form";
import { HoneypotField } from "~/components/honeypot";
import { CATEGORY_OPTIONS } from "../categories";
import { forumQueryWithout } from "../list-without";
import { MARKDOWN_HINT, previewedForm, previewOf } from "../preview";
import { AnswerSummary } from "./answer-summary";
import { ForumDialog } from "./forum-dialog";
import { PostPreview, PreviewButton } from "./post-preview";

/** The new-topic form at /forum?new=1: a route dialog, validated by the page's action. */
export function NewTopicDialog({ category, constraint }: { category: string | null; constraint: FormConstraint }) {
  const { form, fields, answer, busy } = useSiteForm<{ title: string; description: string; category: string }>({
    intent: "create-topic",
    constraint,
    defaultValue: { category: category ?? "general" },
    toast: true,
  });
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const sent = navigation.state === "submitting" ? navigation.formData : undefined;
  const previewing = previewedForm(sent, "create-topic") !== null;
  return (
    <ForumDialog id="new-topic" title="Create New Topic" closeTo={forumQueryWithout(searchParams, "new").href}>
      <AnswerSummary formId={form.id} answer={answer} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <HoneypotField formId="new-topic" />
        <TextField meta={fields.title} label="Title" />
        <TextareaField meta={fields.description} label="Description (optional)" rows={4} hint={MARKDOWN_HINT} />
        <SelectField meta={fields.category} label="Category" options={CATEGORY_OPTIONS} />
        <SubmitButton name="intent" value="create-topic" busy={busy} busyLabel="Creating...">
          Create Topic
        </SubmitButton>
        <PreviewButton busy={previewing} className="w-full" />
        <PostPreview id="create-topic-preview" preview={previewOf(answer)} />
      </Form>
    </ForumDialog>
  );
}
