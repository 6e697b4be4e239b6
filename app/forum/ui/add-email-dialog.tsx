import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation, useSearchParams } from "@remix-run/react";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import type { FormConstraint } from "~/components/form";
import { useAnswerToast, useFormAnswer } from "~/components/form-answer";
import { submitFailure } from "~/utils/client-action";
import { forumQueryWithout } from "../pages";
import { ForumDialog } from "./forum-dialog";

/** The forum page's add-email dialog (?dialog=add-email), opened from the e-mail prompt (email-prompt.tsx). */
export function AddEmailDialog({ constraint }: { constraint: FormConstraint }) {
  const answer = useFormAnswer("add-email");
  useAnswerToast(answer);
  const failure = submitFailure(answer);
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const closeTo = forumQueryWithout(searchParams, "dialog").href;
  const [form, fields] = useForm<{ email: string }>({
    id: "forum-add-email",
    lastResult: answer?.result,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-email";
  return (
    <ForumDialog
      id="forum-add-email"
      title="Add Email"
      closeTo={closeTo}
      description="Add an email address to recover your account if you forget your password. We'll send a link to confirm it."
    >
      <Form
        method="post"
        action={`/forum?index&${new URLSearchParams({ dialog: "add-email" })}`}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <ErrorSummary
          form={form}
          title="Failed to add email"
          description={failure?.message}
          fields={[fields.email]}
          resultKey={failure ? answer : answer?.result}
        />
        <input type="hidden" name="intent" value="add-email" />
        <input type="hidden" name="redirectTo" value={closeTo} />
        <TextField meta={fields.email} label="Email address" type="email" autoComplete="email" />
        <SubmitButton busy={busy} busyLabel="Adding...">
          Add Email
        </SubmitButton>
      </Form>
    </ForumDialog>
  );
}
