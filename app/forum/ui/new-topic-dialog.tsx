import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { SubmitButton } from "~/components/form";
import { HoneypotField } from "~/components/honeypot";
import { FORUM_CATEGORIES } from "../categories";
import { forumQueryWithout } from "../pages";
import { FieldError } from "./field-error";
import { AnswerSummary, answerFor, useAnswerToast, type FormConstraint } from "./form-answer";
import { ForumDialog } from "./forum-dialog";

const INPUT = "mt-1 w-full rounded border border-violet-300 px-3 py-2";

/** The new-topic form at /forum?new=1: a route dialog, validated by the page's action. */
export function NewTopicDialog({ category, constraint }: { category: string | null; constraint: FormConstraint }) {
  const actionData = useActionData();
  const answer = answerFor(actionData, "create-topic");
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
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-topic";
  return (
    <ForumDialog id="new-topic" title="Create New Topic" closeTo={forumQueryWithout(searchParams, "new").href}>
      <AnswerSummary formId={form.id} answer={answer} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="create-topic" />
        <HoneypotField formId="new-topic" />
        <div>
          <label htmlFor={fields.title.id} className="block font-semibold">
            Title
          </label>
          <input {...getInputProps(fields.title, { type: "text" })} className={INPUT} />
          <FieldError id={fields.title.errorId} errors={fields.title.errors} />
        </div>
        <div>
          <label htmlFor={fields.description.id} className="block font-semibold">
            Description (optional)
          </label>
          <textarea {...getTextareaProps(fields.description)} rows={4} className={INPUT} />
          <FieldError id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <div>
          <label htmlFor={fields.category.id} className="block font-semibold">
            Category
          </label>
          <select {...getSelectProps(fields.category)} className={`${INPUT} bg-white`}>
            {FORUM_CATEGORIES.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        </div>
        <SubmitButton busy={busy} busyLabel="Creating...">
          Create Topic
        </SubmitButton>
      </Form>
    </ForumDialog>
  );
}
