import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { changeEmailErrorTitle } from "~/accounts/form-texts";
import { ErrorSummary, SubmitButton, TextField, type FormConstraint } from "~/components/form";
import { useAdoptOnHydration } from "~/components/on-use";
import { useHydrated } from "~/components/use-hydrated";
import { submitFailure, type SubmitFailure } from "~/utils/client-action";
import { useIntentForm } from "./intent-forms";
import { ProfileCard } from "./profile-card";

/*
 * The profile's e-mail forms (spec section 5): add one or change it. They hydrate on first use (decision 109), so
 * each reads what was typed before its code arrived when it mounts (the submit button's state follows the fields).
 */

const UNEXPECTED = { description: "An unexpected error occurred." };

export function AddEmailSection({ constraint }: { constraint: FormConstraint; awake?: boolean }) {
  const { form, fields, answer, lastResult, busy } = useIntentForm<{ email: string }>("add-email", {
    id: "add-email-form",
    constraint,
    toast: {
      title: "Failed to add email",
      fallback: "Failed to add email",
      network: { title: "Failed to add email", ...UNEXPECTED },
    },
  });
  const hydrated = useHydrated();
  const [value, setValue] = useState("");
  const formRef = useAdoptOnHydration<HTMLFormElement>((element) => setValue(readEmail(element)));
  const failure = submitFailure(answer);
  useClearedAfterSuccess(busy, lastResult, failure, () => {
    formRef.current?.reset();
    setValue("");
  });
  return (
    <ProfileCard title="Add Email" id="add-email">
      <p className="text-sm">
        Add an email address to recover your account if you forget your password. We&apos;ll send a link to confirm it.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-4 space-y-4"
        preventScrollReset
        ref={formRef}
        onChange={(event) => setValue(readEmail(event.currentTarget))}
      >
        {/* a submission the server never answered says so here, in the site's words, and takes the focus */}
        <ErrorSummary
          form={form}
          title="Failed to add email"
          description={failure?.message}
          fields={[fields.email]}
          resultKey={answer}
        />
        <input type="hidden" name="intent" value="add-email" />
        <TextField meta={fields.email} label="Email address" type="email" autoComplete="email" />
        <SubmitButton busy={busy} busyLabel="Adding..." disabled={hydrated && !value.trim()}>
          Add Email
        </SubmitButton>
      </Form>
    </ProfileCard>
  );
}

export function ChangeEmailSection({ constraint }: { constraint: FormConstraint; awake?: boolean }) {
  const { form, fields, answer, lastResult, busy } = useIntentForm<{ newEmail: string; currentPassword: string }>(
    "change-email",
    {
      id: "change-email-form",
      constraint,
      toast: {
        title: changeEmailErrorTitle,
        fallback: "Failed to update email address.",
        network: { title: "Error", ...UNEXPECTED },
      },
    },
  );
  // each read of `fields.x` makes Conform build a new field object: read each once
  const { newEmail, currentPassword } = fields;
  const hydrated = useHydrated();
  const [values, setValues] = useState({ newEmail: "", currentPassword: "" });
  const formRef = useAdoptOnHydration<HTMLFormElement>((element) => setValues(readChangeEmail(element)));
  const failure = submitFailure(answer);
  useClearedAfterSuccess(busy, lastResult, failure, () => {
    formRef.current?.reset();
    setValues({ newEmail: "", currentPassword: "" });
  });
  // A password of spaces may be sent: the server then answers 'Password required' (spec section 5).
  const blank = !values.newEmail.trim() || !values.currentPassword;
  const summaryTitle = changeEmailErrorTitle({ newEmail: newEmail.errors, currentPassword: currentPassword.errors });
  return (
    <ProfileCard title="Change Email" id="change-email">
      <p className="text-sm">Your new address must be confirmed again: we&apos;ll send a verification link to it.</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-4 space-y-4"
        preventScrollReset
        ref={formRef}
        onChange={(event) => setValues(readChangeEmail(event.currentTarget))}
      >
        <ErrorSummary
          form={form}
          title={summaryTitle}
          description={failure?.message}
          fields={[newEmail, currentPassword]}
          resultKey={answer}
        />
        <input type="hidden" name="intent" value="change-email" />
        <TextField meta={newEmail} label="New email address" type="email" autoComplete="email" />
        <TextField meta={currentPassword} label="Current password" type="password" autoComplete="current-password" />
        <SubmitButton busy={busy} busyLabel="Changing..." disabled={hydrated && blank}>
          Change Email
        </SubmitButton>
      </Form>
    </ProfileCard>
  );
}

/**
 * Spec section 4, "Email change/add": on success the form is cleared (the address and the password), as the page's
 * reload clears it without JavaScript; a failure keeps what was typed: a refusal (Conform's errors) and a submission
 * the server never answered alike (a dropped connection has no errors to show, only a `failure`; issue 47).
 */
function useClearedAfterSuccess(busy: boolean, lastResult: unknown, failure: SubmitFailure | null, clear: () => void) {
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (failure) return;
    const error = (lastResult as { error?: Record<string, unknown> | null } | undefined)?.error;
    if (!error || Object.keys(error).length === 0) clear();
    // only when a submission ends
  }, [busy, lastResult, failure]); // eslint-disable-line react-hooks/exhaustive-deps
}

function readEmail(form: HTMLFormElement) {
  return new FormData(form).get("email")?.toString() ?? "";
}

function readChangeEmail(form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    newEmail: data.get("newEmail")?.toString() ?? "",
    currentPassword: data.get("currentPassword")?.toString() ?? "",
  };
}
