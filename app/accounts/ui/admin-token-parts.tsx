import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SelectField } from "~/components/fields";
import { ErrorSummary, SubmitButton, TextField, type FormConstraint } from "~/components/form";
import { useFormAnswer } from "~/components/form-answer";
import { FormattedDate } from "~/components/formatted-date";

/** The admin's API tokens page parts (decision 291): the form that makes one, and the token shown once. */
export function NewAdminTokenForm({
  constraint,
  dayChoices,
}: {
  constraint: FormConstraint;
  dayChoices: readonly number[];
}) {
  const answer = useFormAnswer("create");
  const navigation = useNavigation();
  const [form, fields] = useForm<{ name: string; days: string }>({
    id: "admin-token",
    lastResult: answer?.result,
    constraint,
    shouldValidate: "onSubmit",
    defaultNoValidate: false,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-3 space-y-3 rounded border border-violet-200 bg-white p-4"
    >
      <ErrorSummary form={form} title="No token made" fields={[fields.name, fields.days]} resultKey={answer} />
      <input type="hidden" name="intent" value="create" />
      <TextField meta={fields.name} label="What the token is for" autoComplete="off" />
      <SelectField
        meta={fields.days}
        label="Works for"
        defaultValue={String(dayChoices[1] ?? dayChoices[0])}
        options={dayChoices.map((d) => ({ value: d, label: `${d} days` }))}
      />
      <SubmitButton busy={navigation.formData?.get("intent") === "create"} busyLabel="Making the token...">
        Make a token
      </SubmitButton>
    </Form>
  );
}

/**
 * The new token, shown once: the panel takes focus (with JavaScript through an effect, without through
 * `autofocus`) and its status line is announced.
 */
export function NewAdminTokenPanel({ token, name, expiresAt }: { token: string; name: string; expiresAt: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [token]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="new-token-title"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript this is how focus reaches the token shown once
      autoFocus
      className="mt-6 rounded-xl border border-green-300 bg-green-50 p-6 outline-none focus:ring-2 focus:ring-green-700"
    >
      <h2 id="new-token-title" className="font-serif text-xl font-bold text-ink">
        Your new token
      </h2>
      <p role="status" className="mt-2">
        Token “{name}” made. Copy it now: it is not shown again. It works until <FormattedDate date={expiresAt} />.
      </p>
      <p className="mt-3">
        <label htmlFor="new-token" className="block font-semibold">
          Token
        </label>
        <input
          id="new-token"
          readOnly
          value={token}
          className="mt-1 w-full rounded border border-violet-300 bg-white px-3 py-2 font-mono text-sm"
        />
      </p>
      <p className="mt-2 text-sm">
        Send it as <code>Authorization: Bearer …</code> to <code>/api/admin/email-list</code>.
      </p>
    </section>
  );
}
