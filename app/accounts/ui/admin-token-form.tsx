import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { SelectField } from "~/components/fields";
import { ErrorSummary, SubmitButton, TextField, type FormConstraint } from "~/components/form";
import { useFormAnswer } from "~/components/form-answer";

/** The form that makes an admin's API token (decision 291): a name and how long it works. */
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
