import { getFormProps } from "@conform-to/react";
import { Form, useSearchParams } from "@remix-run/react";
import { ErrorSummary, SubmitButton, TextField, useSiteForm, type FormConstraint } from "~/components/form";
import { submitFailure } from "~/utils/client-action";
import { forumQueryWithout } from "../list-without";
import { ForumDialog } from "./forum-dialog";

/** The forum page's add-email dialog (?dialog=add-email), opened from the e-mail prompt (email-prompt.tsx). */
export function AddEmailDialog({ constraint }: { constraint: FormConstraint }) {
  const { form, fields, answer, busy } = useSiteForm<{ email: string }>({
    intent: "add-email",
    id: "forum-add-email",
    constraint,
    toast: true,
  });
  const failure = submitFailure(answer);
  const [searchParams] = useSearchParams();
  const closeTo = forumQueryWithout(searchParams, "dialog").href;
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
          resultKey={answer}
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
