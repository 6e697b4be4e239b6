import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import {
  ErrorSummary,
  SelectField,
  SubmitButton,
  TextField,
  useSiteForm,
  type FormConstraint,
} from "~/components/form";

/** The form that makes an admin's API token (decision 291): a name and how long it works. */
export function NewAdminTokenForm({
  constraint,
  dayChoices,
}: {
  constraint: FormConstraint;
  dayChoices: readonly number[];
}) {
  const { form, fields, answer, busy } = useSiteForm<{ name: string; days: string }>({
    intent: "create",
    id: "admin-token",
    constraint,
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
      <SubmitButton busy={busy} busyLabel="Making the token...">
        Make a token
      </SubmitButton>
    </Form>
  );
}
