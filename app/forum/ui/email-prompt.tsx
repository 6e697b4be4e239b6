import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { forumQueryWithout } from "../pages";
import { answerFor, useAnswerToast, type FormConstraint } from "./form-answer";
import { ForumDialog } from "./forum-dialog";

/**
 * A member without an e-mail address is asked for one on the forum page (until "Later"); "Add Email" opens the
 * add-email dialog on the page itself (an address of its own, ?dialog=add-email, so without JavaScript too).
 */
export function EmailPrompt() {
  const [searchParams] = useSearchParams();
  const { query, href } = forumQueryWithout(searchParams, "dialog");
  const addEmailHref = `/forum?${new URLSearchParams([...new URLSearchParams(query), ["dialog", "add-email"]])}`;
  return (
    <aside
      aria-labelledby="email-prompt-title"
      className="fixed bottom-24 left-4 z-40 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-violet-300 bg-white p-4 shadow-lg"
    >
      <h2 id="email-prompt-title" className="font-semibold">
        Enhance Your Account Security
      </h2>
      <p className="mt-1 text-sm">
        Add an e-mail address so you can recover your account and hear when someone replies to your topics.
      </p>
      <div className="mt-3 flex gap-2">
        <Link
          to={addEmailHref}
          preventScrollReset
          className="rounded bg-cosmic px-3 py-1 text-sm font-semibold text-white"
        >
          Add Email
        </Link>
        <Form method="post" action="/forum?index">
          <input type="hidden" name="intent" value="dismiss-email-prompt" />
          <input type="hidden" name="redirectTo" value={href} />
          <button type="submit" className="rounded border border-violet-300 px-3 py-1 text-sm">
            Later
          </button>
        </Form>
      </div>
    </aside>
  );
}

export function AddEmailDialog({ constraint }: { constraint: FormConstraint }) {
  const answer = answerFor(useActionData(), "add-email");
  useAnswerToast(answer);
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
        <ErrorSummary form={form} title="Failed to add email" fields={[fields.email]} resultKey={answer?.result} />
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
